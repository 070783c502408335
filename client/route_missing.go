package client

import (
	"net/http"
	"strings"
)

// A 404 says either that an item does not exist or that the server does not have the
// route at all. The real service answers a route it does not have as Express does
// ("Cannot GET /funnels/funnel/folder/entities"), and whether the spec's web-app
// routes exist on the public host is not known, so such a 404 is read as the route
// missing, like the IAM refusal, never as an item that is gone.

// routeMissingPhrases are what a body says when the route itself was not found.
var routeMissingPhrases = []string{"route not found", "path not found", "no route", "unknown route"}

// routeMissing reports whether a 404 to method and path is the server not having the
// route: the route is one the client knows, and the body says "Cannot GET …" or
// that the route or path was not found, or the route has no id in its path and the
// body names nothing (no message, "Not Found", a body that is not JSON). A 404 whose
// message names an item ("Page not found", "Folder not found") is the item's.
func routeMissing(method, path string, status int, messages []string) bool {
	if status != http.StatusNotFound {
		return false
	}
	_, params, known := routeOf(method, path)
	if !known {
		return false
	}
	generic := true
	for _, m := range messages {
		lm := strings.ToLower(strings.TrimSpace(m))
		if strings.HasPrefix(lm, "cannot "+strings.ToLower(method)+" ") {
			return true
		}
		for _, p := range routeMissingPhrases {
			if strings.Contains(lm, p) {
				return true
			}
		}
		if lm != "" && lm != "not found" {
			generic = false
		}
	}
	return params == 0 && generic
}
