package validate

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Methods are the HTTP methods `funnels api` sends.
func Methods() []string { return []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"} }

// Method checks an HTTP method and returns it in upper case.
func Method(s string) (string, error) {
	const field = "method"
	t := strings.ToUpper(strings.TrimSpace(s))
	for _, m := range Methods() {
		if t == m {
			return m, nil
		}
	}
	if t == "" {
		return "", fail(field, s, "is required: "+oneOf(Methods()))
	}
	return "", fail(field, s, "must be "+oneOf(Methods()))
}

// APIPath checks a path below the API's base URL, such as /funnels/funnel/list or
// /funnels/page/ID?locationId=…: one leading /, no host, no spaces.
func APIPath(s string) (string, error) {
	const field = "path"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required, such as /funnels/funnel/list")
	}
	if strings.Contains(t, "://") {
		msg := "must be a path below the base URL such as /funnels/funnel/list, not an address"
		if u, err := url.Parse(t); err == nil && u.Path != "" {
			msg += ": try " + u.RequestURI()
		}
		return "", fail(field, s, msg)
	}
	if !utf8.ValidString(t) || strings.ContainsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || isHidden(r) }) {
		return "", fail(field, s, "must not contain spaces or control characters")
	}
	if !strings.HasPrefix(t, "/") || strings.HasPrefix(t, "//") {
		return "", fail(field, s, "must start with a single /, such as /funnels/funnel/list")
	}
	if len(t) > maxURLBytes {
		return "", fail(field, s, "is too long")
	}
	if u, err := url.Parse(t); err != nil || u.Host != "" || u.Scheme != "" {
		return "", fail(field, s, "must be a path such as /funnels/funnel/list")
	}
	return t, nil
}

// QueryParam checks one key=value pair of a query and returns its parts; the value
// may be empty, the key may not.
func QueryParam(s string) (key, value string, err error) {
	const field = "query"
	k, v, found := strings.Cut(s, "=")
	k = strings.TrimSpace(k)
	switch {
	case !found:
		return "", "", fail(field, s, "must be key=value, such as locationId=abc")
	case k == "":
		return "", "", fail(field, s, "needs a name before the =")
	case strings.ContainsFunc(k+v, isHidden):
		return "", "", fail(field, s, "must not contain control characters")
	}
	return k, v, nil
}
