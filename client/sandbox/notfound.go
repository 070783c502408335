package sandbox

import (
	"fmt"
	"net/http"
	"strings"
)

// NotFound chooses how the sandbox words a 404 for a route it does not have: the
// documented surface's other routes and an API path no table has, on any surface.
// Nobody knows how the real service, a proxy in front of it or its next version
// words one, so a client must tell the route from an item by what the server does,
// not by these words; each wording is a server it may meet. A 404 for an item of a
// route that is there ("Page not found") keeps the contract's shape whatever is
// chosen.
type NotFound string

const (
	// NotFoundExpress (the zero value too) is what the real service's Express
	// answers: {"statusCode":404,"message":"Cannot GET /path","error":"Not Found"}.
	NotFoundExpress NotFound = "express"
	// NotFoundProblem is an RFC 9457 problem document (application/problem+json) as
	// a mock server generated from the published specification answers:
	// {"type":"…#NO_PATH_MATCHED_ERROR","title":"Route not resolved, no path
	// matched","status":404,"detail":"The route /path hasn't been found in the
	// specification file"}.
	NotFoundProblem NotFound = "problem"
	// NotFoundHTML is a load balancer's HTML error page (text/html), naming nothing.
	NotFoundHTML NotFound = "html"
	// NotFoundEmpty is a 404 with no body at all.
	NotFoundEmpty NotFound = "empty"
	// NotFoundV3 is the v3 API's envelope with a message that names no path:
	// {"error":{"code":"RESOURCE_NOT_FOUND","message":"Resource not found",
	// "details":{"statusCode":404},"resolution":"Check the id or the path."}}.
	NotFoundV3 NotFound = "v3"
)

// NotFoundWordings are the names ParseNotFound takes, the default first.
func NotFoundWordings() []string {
	return []string{string(NotFoundExpress), string(NotFoundProblem), string(NotFoundHTML), string(NotFoundEmpty), string(NotFoundV3)}
}

// ParseNotFound reads a wording's name ("" is the default, Express), in any case.
func ParseNotFound(name string) (NotFound, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "" {
		return NotFoundExpress, nil
	}
	for _, w := range NotFoundWordings() {
		if n == w {
			return NotFound(w), nil
		}
	}
	return "", fmt.Errorf("unknown 404 wording %q; use %s", name, strings.Join(NotFoundWordings(), ", "))
}

// problemNoPath is the type of a mock server's "no path matched" problem.
const problemNoPath = "https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR"

// lbNotFoundPage is the page a load balancer in front of the service answers.
const lbNotFoundPage = "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"

// routeNotFound is the answer to a request for a route this sandbox does not have,
// in the wording Options.NotFound chose.
func (s *Server) routeNotFound(r *http.Request) reply {
	const status = http.StatusNotFound
	switch s.opts.NotFound {
	case NotFoundProblem:
		return rawReply(status, "application/problem+json", fmt.Appendf(nil,
			`{"type":%q,"title":"Route not resolved, no path matched","status":404,"detail":%q}`,
			problemNoPath, "The route "+r.URL.Path+" hasn't been found in the specification file"))
	case NotFoundHTML:
		return rawReply(status, "text/html", []byte(lbNotFoundPage))
	case NotFoundEmpty:
		return rawReply(status, "", nil)
	case NotFoundV3:
		return reply{status: status, body: v3Body{Error: v3Error{Code: v3Codes[status].code, Message: "Resource not found",
			Details: map[string]any{"statusCode": status}, Resolution: v3Codes[status].resolution}}}
	}
	return errReply(status, "Cannot "+r.Method+" "+r.URL.Path)
}
