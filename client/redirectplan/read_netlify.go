package redirectplan

import (
	"bytes"
	"strconv"
	"strings"
)

// readNetlify reads a _redirects file as Netlify and Cloudflare Pages do: one rule a
// line, "from [query=value …] to [status[!]] [Condition=value …]", blank lines and
// # comments skipped, 301 when no status is given. from is a path or a whole
// address (its host is the row's domain). A rule a HighLevel redirect cannot be — a
// splat or placeholder, a query or condition to match, a status that is not a
// permanent redirect, a line without a target — is kept with its reason.
func readNetlify(data []byte) ([]Row, error) {
	var rows []Row
	line := 0
	for rest := data; len(rest) > 0; {
		var text []byte
		text, rest, _ = bytes.Cut(rest, []byte("\n"))
		line++
		fields := strings.Fields(string(text))
		for i, f := range fields {
			if strings.HasPrefix(f, "#") {
				fields = fields[:i]
				break
			}
		}
		if len(fields) == 0 {
			continue
		}
		where := "line " + strconv.Itoa(line)
		if len(rows) >= MaxRows {
			return nil, parseErr(where, "more than %d rows", MaxRows)
		}
		rows = append(rows, netlifyRule(fields, where))
	}
	return rows, nil
}

// netlifyRule is one line's fields as a row.
func netlifyRule(fields []string, where string) Row {
	r := Row{Action: "url", Where: where}
	r.Domain, r.Path = splitSource(fields[0])
	rest := fields[1:]
	var query []string
	for len(rest) > 0 && isParam(rest[0]) {
		query, rest = append(query, rest[0]), rest[1:]
	}
	if len(rest) == 0 || isStatus(rest[0]) {
		r.Refusal = "no target: a rule is \"from to [status]\""
		return r
	}
	r.Target, rest = rest[0], rest[1:]
	code := "301"
	if len(rest) > 0 && isStatus(rest[0]) {
		code, rest = strings.TrimSuffix(rest[0], "!"), rest[1:]
	}
	switch {
	case patternRefusal(r.Path, false) != "":
		r.Refusal = patternRefusal(r.Path, false)
	case len(query) > 0:
		r.Refusal = "matches the query " + clip(strings.Join(query, " ")) + ": " + pathAlone
	case len(rest) > 0:
		r.Refusal = "a condition (" + clip(strings.Join(rest, " ")) + "): " + pathAlone
	case hasPlaceholder(strings.TrimPrefix(strings.TrimPrefix(r.Target, "https:"), "http:")):
		r.Refusal = "the target takes a placeholder, which a HighLevel redirect cannot fill"
	default:
		r.Refusal = codeRefusal(code)
	}
	return r
}

// isParam reports a query parameter to match (id=:id) where a target would be: a
// name=value that is not a path or an address.
func isParam(f string) bool {
	return strings.Contains(f, "=") && !strings.HasPrefix(f, "/") && !strings.Contains(f, "://")
}

// isStatus reports a status field: three digits, forced with a trailing "!".
func isStatus(f string) bool {
	f = strings.TrimSuffix(f, "!")
	if len(f) != 3 {
		return false
	}
	_, err := strconv.Atoi(f)
	return err == nil && f[0] != '-' && f[0] != '+'
}
