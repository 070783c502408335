package validate

import (
	"fmt"
	"net"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// HostName checks a domain such as www.example.com or bücher.example and returns it as
// the API wants it: lower case, no trailing dot, international labels in punycode
// (xn--bcher-kva.example). A pasted address, a port, a path or an IP address is refused
// with a message that says what to type instead.
func HostName(s string) (string, error) {
	const field = "domain"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	if !utf8.ValidString(t) {
		return "", fail(field, s, "is not valid UTF-8 text")
	}
	if strings.Contains(t, "://") {
		if u, err := url.Parse(t); err == nil && u.Hostname() != "" {
			return "", fail(field, s, fmt.Sprintf("must be a host name, not an address: try %s", u.Hostname()))
		}
		return "", fail(field, s, "must be a host name such as www.example.com, not an address")
	}
	if strings.ContainsFunc(t, unicode.IsSpace) || strings.ContainsFunc(t, isHidden) {
		return "", fail(field, s, "must not contain spaces or control characters")
	}
	if host, _, found := strings.Cut(t, "/"); found {
		return "", fail(field, s, fmt.Sprintf("must be a host name without a path: try %s", host))
	}
	if ip := strings.Trim(t, "[]"); net.ParseIP(ip) != nil {
		return "", fail(field, s, "must be a host name such as www.example.com, not an IP address")
	}
	if host, _, err := net.SplitHostPort(t); err == nil {
		return "", fail(field, s, fmt.Sprintf("must be a host name without a port: try %s", host))
	}
	if strings.Contains(t, "_") {
		return "", fail(field, s, "must not contain _ (host names use letters, digits, - and dots)")
	}
	t = strings.TrimSuffix(t, ".")
	for _, l := range strings.Split(t, ".") {
		if strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-") {
			return "", fail(field, s, "must not start or end a part with -")
		}
	}
	ascii, err := idna.Lookup.ToASCII(t)
	if err != nil || ascii == "" {
		return "", fail(field, s, "must be a host name such as www.example.com (letters, digits, - and dots)")
	}
	ascii = strings.ToLower(ascii)
	if len(ascii) > 253 {
		return "", fail(field, s, "must be at most 253 characters long")
	}
	labels := strings.Split(ascii, ".")
	if len(labels) < 2 {
		return "", fail(field, s, "needs a dot, such as example.com")
	}
	for _, l := range labels {
		switch {
		case l == "":
			return "", fail(field, s, "must not contain empty parts (..)")
		case len(l) > 63:
			return "", fail(field, s, "has a part longer than 63 characters")
		case l[0] == '-' || l[len(l)-1] == '-':
			return "", fail(field, s, "must not start or end a part with -")
		}
		for i := 0; i < len(l); i++ {
			if c := l[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return "", fail(field, s, "must be a host name such as www.example.com (letters, digits, - and dots)")
			}
		}
	}
	if tld := labels[len(labels)-1]; strings.Trim(tld, "0123456789") == "" {
		return "", fail(field, s, "must end in a name such as .com, not a number")
	}
	if once := typedTwice(strings.ToLower(t)); once != "" {
		return "", fail(field, s, "is one host name typed twice: try "+once)
	}
	return ascii, nil
}

// typedTwice is the host name that host repeats (shop.example.comshop.example.com, or
// with a dot between), or "": what typing into a field that already held the name
// gives. Both spellings are valid names of the DNS, but nobody owns one.
func typedTwice(host string) string {
	for _, sep := range []string{"", "."} {
		n := len(host) - len(sep)
		if n <= 0 || n%2 != 0 {
			continue
		}
		first, rest := host[:n/2], host[n/2:]
		if strings.Contains(first, ".") && rest == sep+first {
			return first
		}
	}
	return ""
}

// DisplayHost turns a host name from the API (punycode) back into what a person
// reads: xn--bcher-kva.example → bücher.example. Anything it cannot convert comes
// back unchanged.
func DisplayHost(ascii string) string {
	u, err := idna.Display.ToUnicode(ascii)
	if err != nil {
		return ascii
	}
	return u
}

// URL checks a full http(s) address such as https://www.example.com/offer, as the
// conversion's url. It returns it without surrounding spaces.
func URL(s string) (string, error) {
	const field = "url"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	bad := func() (string, error) {
		return "", fail(field, s, "must be a full address such as https://www.example.com/offer")
	}
	if !utf8.ValidString(t) || strings.ContainsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || isHidden(r) }) {
		return "", fail(field, s, "must not contain spaces or control characters")
	}
	if len(t) > maxURLBytes {
		return "", fail(field, s, fmt.Sprintf("must be at most %d characters long", maxURLBytes))
	}
	u, err := url.Parse(t)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return bad()
	}
	if sc := strings.ToLower(u.Scheme); sc != "http" && sc != "https" {
		return bad()
	}
	if u.User != nil {
		return "", fail(field, s, "must not contain a user name or password")
	}
	return t, nil
}
