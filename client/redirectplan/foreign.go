package redirectplan

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// What other platforms' redirects can be that HighLevel's cannot, in the words a
// refused row's reason ends with.
const (
	exactPathOnly = "a HighLevel redirect matches one path exactly"
	pathAlone     = "a HighLevel redirect matches the path alone"
)

// splitSource is where a row of another platform redirects from: a path, or an
// address whose host is the row's domain and whose path (and query, which the plan
// then refuses) the row's path.
func splitSource(s string) (domain, path string) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
		return "", s
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return "", s
	}
	path = u.EscapedPath()
	if path == "" {
		path = "/"
	}
	if u.RawQuery != "" || u.ForceQuery {
		path += "?" + u.RawQuery
	}
	return u.Host, path
}

// codeRefusal says why a redirect of another platform with HTTP status code cannot
// be a HighLevel redirect; "" for a permanent one (301, 308, or no code). HighLevel
// redirects are permanent: a temporary one moved as permanent would be remembered
// by browsers for good, so it is refused and the file is where to decide.
func codeRefusal(code string) string {
	code = strings.TrimSpace(code)
	if code == "" {
		return ""
	}
	n, err := strconv.Atoi(code)
	switch {
	case err != nil:
		return "the status " + strconv.Quote(clip(code)) + " is not a number"
	case n == http.StatusMovedPermanently, n == http.StatusPermanentRedirect:
		return ""
	case n == http.StatusFound, n == http.StatusSeeOther, n == http.StatusTemporaryRedirect:
		return "a temporary redirect (" + code + "): HighLevel redirects are permanent (301), which browsers remember; make it 301 in the file if that is right"
	case n == http.StatusOK:
		return "a rewrite (200) shows another page at this address without redirecting: HighLevel only redirects"
	case n >= 400 && n < 600:
		return "answers " + code + " (" + strings.ToLower(http.StatusText(n)) + "), not a redirect"
	}
	return "the status " + code + " is not a permanent redirect's (301)"
}

// patternRefusal says why a path of another platform matches more than one path (a
// splat *, a :placeholder, and where regexp is set — Vercel's sources — a regular
// expression's brackets and modifiers); "" for a plain path.
func patternRefusal(path string, regexp bool) string {
	switch {
	case strings.Contains(path, "*"):
		return "a splat (*) matches many paths: " + exactPathOnly
	case hasPlaceholder(path):
		return "a placeholder (:name) matches many paths: " + exactPathOnly
	case regexp && strings.ContainsAny(path, "()[]{}^$|+?"):
		return "a pattern matches many paths: " + exactPathOnly
	}
	return ""
}

// hasPlaceholder reports a path segment starting with ":" (/blog/:slug).
func hasPlaceholder(path string) bool {
	for seg := range strings.SplitSeq(path, "/") {
		if strings.HasPrefix(seg, ":") {
			return true
		}
	}
	return false
}
