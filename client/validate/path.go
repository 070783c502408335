package validate

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxStepPath bounds a step's path; the spec gives none.
const maxStepPath = 255

// StepPath checks the path of a funnel step (the step's url) and returns it the way
// the service stores paths: a leading /, lower case, no trailing /. The service
// allows lowercase letters, digits, -, _ and / only.
func StepPath(s string) (string, error) {
	const field = "path"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	if strings.Contains(t, "://") || strings.HasPrefix(t, "//") {
		return "", fail(field, s, "must be a path such as /offer, not an address")
	}
	if !utf8.ValidString(t) {
		return "", fail(field, s, "is not valid UTF-8 text")
	}
	if strings.ContainsFunc(t, unicode.IsSpace) {
		return "", fail(field, s, fmt.Sprintf("must not contain spaces: try %s", suggestPath(t)))
	}
	p := strings.ToLower(t)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	for _, r := range p {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '/') {
			return "", fail(field, s, fmt.Sprintf("must use only lowercase letters, digits, -, _ and / (not %q): try %s", r, suggestPath(t)))
		}
	}
	p = strings.TrimRight(p, "/")
	switch {
	case p == "":
		return "", fail(field, s, "must name a page after the /, such as /offer")
	case strings.Contains(p, "//"):
		return "", fail(field, s, "must not contain //")
	case len(p) > maxStepPath:
		return "", fail(field, s, fmt.Sprintf("must be at most %d characters long", maxStepPath))
	}
	return p, nil
}

// suggestPath turns what someone typed into a path the service takes: "My Offer!" →
// /my-offer. It returns /offer when nothing usable is left.
func suggestPath(s string) string {
	var b strings.Builder
	b.WriteByte('/')
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_':
			if dash && b.Len() > 1 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case r == '/':
			if b.Len() > 1 && !strings.HasSuffix(b.String(), "/") {
				b.WriteByte('/')
			}
			dash = false
		default:
			dash = true
		}
	}
	out := strings.TrimRight(b.String(), "/")
	if out == "" {
		return "/offer"
	}
	if len(out) > maxStepPath {
		out = strings.TrimRight(out[:maxStepPath], "/-")
	}
	return out
}

// PagePath checks the pageUrl of a page-view trigger: a path within the funnel such as
// /offer, optionally with a query (?utm_source=x). A missing leading / is added;
// nothing else changes.
func PagePath(s string) (string, error) {
	const field = "pageUrl"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	if strings.Contains(t, "://") || strings.HasPrefix(t, "//") {
		msg := "must be a path within the funnel such as /offer, not an address"
		if u, err := url.Parse(t); err == nil && u.Host != "" && u.Path != "" {
			msg += ": try " + u.EscapedPath()
		}
		return "", fail(field, s, msg)
	}
	if !utf8.ValidString(t) || strings.ContainsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || isHidden(r) }) {
		return "", fail(field, s, "must not contain spaces or control characters")
	}
	if !strings.HasPrefix(t, "/") {
		t = "/" + t
	}
	if len(t) > maxURLBytes {
		return "", fail(field, s, fmt.Sprintf("must be at most %d characters long", maxURLBytes))
	}
	if u, err := url.Parse(t); err != nil || u.Host != "" || u.Scheme != "" {
		return "", fail(field, s, "must be a path within the funnel such as /offer")
	}
	return t, nil
}
