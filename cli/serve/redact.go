package serve

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"sync"
)

// hidden stands in the audit log and the server's log for a secret's value.
const hidden = "[hidden]"

// maxAuditBody bounds a body the audit log keeps; a larger one is kept as its size
// and its SHA-256.
const maxAuditBody = 64 << 10

// Names whose values are secrets, compared without case and without what is not a
// letter or a digit (access_token, accessToken and Access-Token alike): exactly one
// of secretNames, or holding one of secretParts.
var (
	secretNames = []string{"pwd", "pass", "passwd", "pin", "auth", "otp", "sid", "jwt", "bearer"}
	secretParts = []string{"password", "passphrase", "secret", "token", "apikey", "privatekey", "accesskey", "signingkey",
		"authorization", "credential", "sessionid", "session", "cookie", "signature"}
)

// isSecretName reports whether a field, parameter or flag of this name holds a
// secret.
func isSecretName(name string) bool {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	n := b.String()
	for _, s := range secretNames {
		if n == s {
			return true
		}
	}
	for _, s := range secretParts {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// auditBody is a body as the audit log keeps it: JSON with every secret hidden at any
// depth (in field names, and in query strings and forms held in its strings); a form
// body (a=1&b=2) as a string, its secrets hidden; nothing for any other body, or
// none. One over maxAuditBody once redacted is kept as its size and digest.
func auditBody(body []byte) json.RawMessage {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return nil
	}
	var v any
	switch {
	case json.Unmarshal(body, &v) == nil:
		v = hideSecrets(v)
	case isForm(string(body)):
		v = redactQuery(string(body))
	default:
		return nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // a query's & stays readable
	if enc.Encode(v) != nil {
		return nil
	}
	out := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if len(out) > maxAuditBody {
		sum := sha256.Sum256(out)
		out, _ = json.Marshal(map[string]any{"omitted": fmt.Sprintf("%d bytes, over the %d the audit log keeps", len(out), maxAuditBody),
			"sha256": hex.EncodeToString(sum[:])})
	}
	return out
}

// withoutSecrets is a record (a write's before and after) as the audit log keeps it:
// auditBody for JSON; nothing for what is not JSON.
func withoutSecrets(body []byte) json.RawMessage {
	if !json.Valid(body) {
		return nil
	}
	return auditBody(body)
}

func hideSecrets(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, val := range t {
			if isSecretName(k) {
				t[k] = hidden
				continue
			}
			t[k] = hideSecrets(val)
		}
	case []any:
		for i := range t {
			t[i] = hideSecrets(t[i])
		}
	case string:
		return redactText(t)
	}
	return v
}

// formPart is one name=value of a form or query string.
var formPart = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_.\-\[\]%]+=[^&=]*$`) })

// isForm reports whether s reads as a form body: name=value pairs joined by &.
func isForm(s string) bool {
	if !strings.Contains(s, "=") || strings.ContainsAny(s, " \n\t") {
		return false
	}
	for _, p := range strings.Split(s, "&") {
		if !formPart().MatchString(p) {
			return false
		}
	}
	return true
}

// redactQuery is a query string or form with the value of every secret parameter
// hidden, the rest as it was, in its order.
func redactQuery(q string) string {
	parts := strings.Split(q, "&")
	for i, p := range parts {
		name, _, ok := strings.Cut(p, "=")
		if n, err := url.QueryUnescape(name); err == nil {
			name = n
		}
		if ok && isSecretName(name) {
			parts[i] = p[:strings.Index(p, "=")+1] + url.QueryEscape(hidden)
		}
	}
	return strings.Join(parts, "&")
}

// redactPath is a request's path with the secrets of its query hidden.
func redactPath(p string) string {
	path, q, ok := strings.Cut(p, "?")
	if !ok {
		return p
	}
	return path + "?" + redactQuery(q)
}

// secretPair finds name=value (a query's, a form's, a header's name: value) where
// the name may be a secret's; urlPassword, the password of a URL's user; secretValue,
// a value that is one whatever its name: a bearer token, a JWT, a private
// integration token.
var (
	secretPair  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`([A-Za-z0-9_.\-]+)(=|:\s*)([^&\s"',;]+)`) })
	urlPassword = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(://[^/:@\s]+:)[^@/\s]+@`) })
	secretValue = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\bbearer\s+[^\s"',;]+|\beyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*|\bpit-[0-9a-f\-]{8,}`)
	})
)

// redactText is free text (an error, an argument, a string of a body) with the
// values of secret-named pairs, and values that are secrets by their look, hidden.
func redactText(s string) string {
	if !strings.ContainsAny(s, "=:") && !strings.Contains(strings.ToLower(s), "bearer") && !strings.Contains(s, "eyJ") && !strings.Contains(s, "pit-") {
		return s
	}
	s = urlPassword().ReplaceAllString(s, "${1}"+hidden+"@")
	s = secretValue().ReplaceAllString(s, hidden) // first: "Authorization: Bearer x" is one secret
	return secretPair().ReplaceAllStringFunc(s, func(m string) string {
		sub := secretPair().FindStringSubmatch(m)
		if !isSecretName(sub[1]) {
			return m
		}
		return sub[1] + sub[2] + hidden
	})
}

// loggedCommand is a session's command line as the server's log shows it: quoted
// word by word, the value of --data (and of any flag named like a secret) hidden,
// and every secret-looking value in the others.
func loggedCommand(args []string) string {
	out := make([]string, len(args))
	hideNext := false
	for i, a := range args {
		switch {
		case hideNext:
			out[i], hideNext = hidden, false
			continue
		case strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "---"):
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if name == "data" || name == "d" || isSecretName(name) {
				if hasValue {
					out[i] = strings.SplitN(a, "=", 2)[0] + "=" + hidden
				} else {
					out[i], hideNext = a, true
				}
				continue
			}
		}
		out[i] = redactText(a)
	}
	return fmt.Sprintf("%q", out)
}
