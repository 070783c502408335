package sandbox

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// route is one API operation.
type route struct {
	method   string
	segments []string // "{name}" matches one non-empty path segment
	write    bool     // refused to the read-only token
	public   bool     // no token needed
	jsonBody bool     // a body, when sent, must be application/json
	handle   func(*call) reply
}

// call is what a handler gets.
type call struct {
	s      *Server
	r      *http.Request
	q      url.Values
	params map[string]string
	body   []byte
	loc    string // the sub-account the token acts for
	st     *store // its data
}

type routeFlag int

const (
	read routeFlag = iota
	write
	public
)

func newRoute(method, pattern string, flag routeFlag, h func(*call) reply) route {
	return route{
		method:   method,
		segments: strings.Split(strings.Trim(pattern, "/"), "/"),
		write:    flag == write,
		public:   flag == public,
		jsonBody: (method == http.MethodPost || method == http.MethodPatch) && pattern != "/funnels/custom-fonts",
		handle:   h,
	}
}

// apiRoutes is the table of every API operation. Literal paths come before the
// wildcard path they overlap with (/funnels/page/count before /funnels/page/{id}).
func (s *Server) apiRoutes() []route {
	return []route{
		newRoute(http.MethodGet, "/funnels/funnel/list", read, s.handleListFunnels),
		newRoute(http.MethodGet, "/funnels/funnel/folder/entities", read, s.handleEntities),
		newRoute(http.MethodGet, "/funnels/page", read, s.handleListPages),
		newRoute(http.MethodGet, "/funnels/page/count", read, s.handleCountPages),
		newRoute(http.MethodGet, "/funnels/page/{id}", read, s.handleGetPage),
		newRoute(http.MethodGet, "/funnels/funnel/funnel-step-page-url", read, s.handleStepPageURL),
		newRoute(http.MethodGet, "/funnels/lookup/funnel-with-domain", read, s.handleFunnelWithDomain),
		newRoute(http.MethodGet, "/funnels/lookup/redirect/regex", read, s.handleRegexRedirects),
		newRoute(http.MethodGet, "/funnels/lookup/redirect/list", read, s.handleListURLRedirects),
		newRoute(http.MethodGet, "/funnels/order-form/public/product", read, s.handleProducts),
		newRoute(http.MethodGet, "/funnels/funnel/geo-location", read, s.handleGeoLocation),
		newRoute(http.MethodPost, "/funnels/custom-fonts", read, s.handleFonts),
		newRoute(http.MethodPost, "/funnels/event/conversion", public, s.handleConversion),
		newRoute(http.MethodPost, "/funnels/funnel/update-funnel-and-page", write, s.handleUpdateFunnelAndPage),
		newRoute(http.MethodPost, "/funnels/funnel/create-step", write, s.handleCreateStep),
		newRoute(http.MethodPost, "/funnels/funnel/folder/create", write, s.handleCreateFolder),
		newRoute(http.MethodPost, "/funnels/domain/attach-domain", write, s.handleAttachDomain),
		newRoute(http.MethodPost, "/funnels/lookup/multiple", write, s.handleLookupMultiple),
		newRoute(http.MethodPost, "/funnels/lookup/redirect", write, s.handleCreateURLRedirect),
		newRoute(http.MethodPatch, "/funnels/lookup/redirect/{id}", write, s.handleUpdateURLRedirect),
		newRoute(http.MethodDelete, "/funnels/lookup/redirect/{id}", write, s.handleDeleteURLRedirect),
		newRoute(http.MethodPost, "/funnels/page/view/workflow/trigger", write, s.handleWorkflowTrigger),
		newRoute(http.MethodPost, "/social-media-posting/oauth/{locationId}/{platform}/accounts/{accountId}", write, s.handleSocialAccounts),
		newRoute(http.MethodGet, "/locations/{locationId}", read, s.handleGetLocation),
	}
}

// match finds the route for a request. With no route for the method it returns the
// methods the path does allow (empty when the path is unknown).
func (s *Server) match(method, path string) (*route, map[string]string, []string) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if path == "" || path[0] != '/' || strings.HasSuffix(path, "/") && path != "/" {
		return nil, nil, nil
	}
	var allowed []string
	for i := range s.routes {
		rt := &s.routes[i]
		params, hit := matchSegments(rt.segments, segs)
		if !hit {
			continue
		}
		if rt.method == method {
			return rt, params, nil
		}
		if !slices.Contains(allowed, rt.method) {
			allowed = append(allowed, rt.method)
		}
	}
	return nil, nil, allowed
}

func matchSegments(pattern, segs []string) (map[string]string, bool) {
	if len(pattern) != len(segs) {
		return nil, false
	}
	var params map[string]string
	for i, p := range pattern {
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			if segs[i] == "" {
				return nil, false
			}
			if params == nil {
				params = map[string]string{}
			}
			params[p[1:len(p)-1]] = segs[i]
			continue
		}
		if p != segs[i] {
			return nil, false
		}
	}
	return params, true
}
