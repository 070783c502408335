package sandbox

import (
	"cmp"
	"net/http"
	"strings"
)

// Surface chooses which service the sandbox plays: the routes and rules of the wire
// contract (SurfaceSeed, the zero value), the real service as a marketplace app or a
// private integration token meets it (SurfacePublic): the documented operations
// open, the web app's own routes refused with the IAM message, scope denials as 401;
// or a server that has only the documented operations (SurfaceDocumented): every
// other route answers 404 (worded as Options.NotFound says, Express's by default),
// records come in the shapes of the official examples.
type Surface string

const (
	SurfaceSeed       Surface = "seed"
	SurfacePublic     Surface = "public"
	SurfaceDocumented Surface = "documented"
)

// Refusal messages of the real service, word for word.
const (
	iamRefusal   = "This route is not yet supported by the IAM Service. Please update your IAM config."
	scopeRefusal = "The token is not authorized for this scope."
)

// Published scopes of the documented operations.
const (
	scopeFunnelRead    = "funnels/funnel.readonly"
	scopePageRead      = "funnels/page.readonly"
	scopePageCountRead = "funnels/pagecount.readonly"
	scopeRedirectRead  = "funnels/redirect.readonly"
	scopeRedirectWrite = "funnels/redirect.write"
	// scopeLocationRead is the locations API's: no funnels operation, but the one
	// documented read of a sub-account's name.
	scopeLocationRead = "locations.readonly"
)

// allScopes is what the demo token holds; readOnlyScopes what the read-only token holds.
var (
	allScopes      = []string{scopeFunnelRead, scopePageRead, scopePageCountRead, scopeRedirectRead, scopeRedirectWrite, scopeLocationRead}
	readOnlyScopes = []string{scopeFunnelRead, scopePageRead, scopePageCountRead, scopeRedirectRead, scopeLocationRead}
)

// documentedScopes are the seven operations published for apps and private
// integration tokens, by "METHOD /path" with every path parameter written {}, and the
// scope each needs. Every other route is the web app's own.
var documentedScopes = map[string]string{
	"GET /funnels/funnel/list":           scopeFunnelRead,
	"GET /funnels/page":                  scopePageRead,
	"GET /funnels/page/count":            scopePageCountRead,
	"GET /funnels/lookup/redirect/list":  scopeRedirectRead,
	"POST /funnels/lookup/redirect":      scopeRedirectWrite,
	"PATCH /funnels/lookup/redirect/{}":  scopeRedirectWrite,
	"DELETE /funnels/lookup/redirect/{}": scopeRedirectWrite,
}

// otherScopes are the operations of HighLevel's other APIs the sandbox serves, each
// documented with its scope: the public surface opens them to a token holding it,
// the documented surface (the funnels operations alone) has none of them.
var otherScopes = map[string]string{
	"GET /locations/{}": scopeLocationRead,
}

// iamStatus is how the public surface refuses each web-app route: the real service
// answers the IAM message with 403 on some routes and 401 on others. A web-app route
// missing here answers 403.
var iamStatus = map[string]int{
	"GET /funnels/funnel/folder/entities":                http.StatusForbidden,
	"GET /funnels/page/{}":                               http.StatusUnauthorized,
	"GET /funnels/funnel/funnel-step-page-url":           http.StatusForbidden,
	"GET /funnels/lookup/funnel-with-domain":             http.StatusUnauthorized,
	"GET /funnels/lookup/redirect/regex":                 http.StatusForbidden,
	"GET /funnels/order-form/public/product":             http.StatusForbidden,
	"GET /funnels/funnel/geo-location":                   http.StatusUnauthorized,
	"POST /funnels/custom-fonts":                         http.StatusForbidden,
	"POST /funnels/funnel/update-funnel-and-page":        http.StatusUnauthorized,
	"POST /funnels/funnel/create-step":                   http.StatusForbidden,
	"POST /funnels/funnel/folder/create":                 http.StatusForbidden,
	"POST /funnels/domain/attach-domain":                 http.StatusUnauthorized,
	"POST /funnels/lookup/multiple":                      http.StatusForbidden,
	"POST /funnels/page/view/workflow/trigger":           http.StatusUnauthorized,
	"POST /social-media-posting/oauth/{}/{}/accounts/{}": http.StatusForbidden,
}

// routeKey names a route as the tables above do: "GET /funnels/page/{}".
func (rt *route) key() string {
	segs := make([]string, len(rt.segments))
	for i, s := range rt.segments {
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			s = "{}"
		}
		segs[i] = s
	}
	return rt.method + " /" + strings.Join(segs, "/")
}

// public reports whether the sandbox plays the real service (the public or the
// documented surface): documented routes check their scopes, denials are 401, the
// page list answers the documented records.
func (s *Server) public() bool {
	return s.opts.Surface == SurfacePublic || s.opts.Surface == SurfaceDocumented
}

// documented reports whether the sandbox has only the documented routes.
func (s *Server) documented() bool { return s.opts.Surface == SurfaceDocumented }

// notServed is the documented surface's answer to a route it does not have (rt nil:
// no route of the table either): a 404 in the wording Options.NotFound chose, by
// default as the real service's Express answers it ({"statusCode":404,"message":
// "Cannot GET /path","error":"Not Found"}, the method and the path without the
// query). nil on other surfaces and for documented routes.
func (s *Server) notServed(r *http.Request, rt *route) *reply {
	if !s.documented() {
		return nil
	}
	if rt != nil {
		if _, ok := documentedScopes[rt.key()]; ok {
			return nil
		}
	}
	rep := s.routeNotFound(r)
	return &rep
}

// iamRefused is the public surface's answer to a web-app route, or nil when the route
// is open: a documented one, the tokenless conversion, or any route on the seed.
func (s *Server) iamRefused(rt *route) *reply {
	if s.opts.Surface != SurfacePublic || rt.public {
		return nil
	}
	k := rt.key()
	if _, ok := documentedScopes[k]; ok {
		return nil
	}
	if _, ok := otherScopes[k]; ok {
		return nil
	}
	status, ok := iamStatus[k]
	if !ok {
		status = http.StatusForbidden
	}
	r := reply{status: status, body: iamBody{StatusCode: status, Message: cmp.Or(s.opts.RefusalWords, iamRefusal)}}
	return &r
}

// iamBody is the IAM refusal as the service sends it: no "error" field.
type iamBody struct {
	StatusCode int    `json:"statusCode"`
	Message    string `json:"message"`
}

// scopeDenied is the one check every write route (and, on the public surface, every
// documented route) goes through: a token without write access, or without the
// route's published scope, is refused with the service's scope message — 401 on the
// public surface, as the real service answers, 403 on the seed, as the contract says.
func (s *Server) scopeDenied(rt *route, rec tokenRecord) *reply {
	denied := rt.write && !rec.write
	if s.public() {
		need := documentedScopes[rt.key()]
		if need == "" {
			need = otherScopes[rt.key()]
		}
		if need != "" && !rec.hasScope(need) {
			denied = true
		}
	}
	if !denied {
		return nil
	}
	status := http.StatusForbidden
	if s.public() {
		status = http.StatusUnauthorized
	}
	r := errReply(status, scopeRefusal)
	return &r
}

// hasScope reports whether the token holds a published scope; a token with no scope
// list (one issued by IssueToken) holds them all.
func (rec tokenRecord) hasScope(scope string) bool {
	if rec.scopes == nil {
		return true
	}
	for _, s := range rec.scopes {
		if s == scope {
			return true
		}
	}
	return false
}
