package client

import (
	"net/http"
	"strings"
)

// Family names a group of routes that a token may use or not as one: a family is
// what the access record (access.go) remembers and what the probe asks about.
type Family string

// The route families of the API. The first five are the operations HighLevel
// documents for marketplace apps and private integration tokens, each with its
// published scope; the rest are the web app's own routes, which the service may refuse
// to a given token with its IAM message.
const (
	FamilyFunnelList    Family = "funnel list"
	FamilyPageList      Family = "page list"
	FamilyPageCount     Family = "page count"
	FamilyRedirectList  Family = "redirect list"
	FamilyRedirectWrite Family = "redirect writes"

	FamilyFolders         Family = "folder entities"
	FamilyPageByID        Family = "page by id"
	FamilyPathCheck       Family = "step path check"
	FamilyFunnelByDomain  Family = "funnel by domain"
	FamilyRegexRedirects  Family = "regex redirects"
	FamilyProducts        Family = "order-form products"
	FamilyGeoLocation     Family = "geo-location"
	FamilyFonts           Family = "custom fonts"
	FamilyPageUpdate      Family = "archive, restore, end split"
	FamilyCreateStep      Family = "create step"
	FamilyCreateFolder    Family = "create folder"
	FamilyAttachDomain    Family = "attach domain"
	FamilyLookupMultiple  Family = "lookup multiple"
	FamilyWorkflowTrigger Family = "page-visit trigger"
	FamilySocialAccounts  Family = "social accounts"

	// FamilyConversion is the tokenless conversion event. It is no family of the
	// access record (no token, nothing to learn), so RouteFamilies and the probe leave
	// it out, but FamilyInfo knows it: it writes, as Writes says.
	FamilyConversion Family = "conversion event"
)

// RouteFamily describes one family: its routes ("METHOD /path", a path parameter
// written {name}), the published scope it needs ("" for a web-app route: none is
// published), and whether it writes.
type RouteFamily struct {
	Family Family
	Routes []string
	Scope  string
	Write  bool
}

// Documented reports whether HighLevel publishes the family for apps and private
// integration tokens (it has a scope).
func (f RouteFamily) Documented() bool { return f.Scope != "" }

// Route is the family's first route, as a person reads it: "GET /funnels/page/{id}".
func (f RouteFamily) Route() string { return f.Routes[0] }

// Need says what to ask for when the family is refused: its scope, or web-app access
// for a route no published scope covers.
func (f RouteFamily) Need() string {
	if f.Scope != "" {
		return "scope " + f.Scope
	}
	if f.Write {
		return "web-app access with write rights (no published scope)"
	}
	return "web-app access (no published scope)"
}

// routeFamilies is the table of every route the client calls, by family. The
// tokenless conversion is in no family: no token, nothing to learn.
var routeFamilies = []RouteFamily{
	{FamilyFunnelList, []string{"GET /funnels/funnel/list"}, "funnels/funnel.readonly", false},
	{FamilyFolders, []string{"GET /funnels/funnel/folder/entities"}, "", false},
	{FamilyPageList, []string{"GET /funnels/page"}, "funnels/page.readonly", false},
	{FamilyPageCount, []string{"GET /funnels/page/count"}, "funnels/pagecount.readonly", false},
	{FamilyPageByID, []string{"GET /funnels/page/{id}"}, "", false},
	{FamilyRedirectList, []string{"GET /funnels/lookup/redirect/list"}, "funnels/redirect.readonly", false},
	{FamilyPathCheck, []string{"GET /funnels/funnel/funnel-step-page-url"}, "", false},
	{FamilyFunnelByDomain, []string{"GET /funnels/lookup/funnel-with-domain"}, "", false},
	{FamilyRegexRedirects, []string{"GET /funnels/lookup/redirect/regex"}, "", false},
	{FamilyProducts, []string{"GET /funnels/order-form/public/product"}, "", false},
	{FamilyGeoLocation, []string{"GET /funnels/funnel/geo-location"}, "", false},
	{FamilyFonts, []string{"POST /funnels/custom-fonts"}, "", false},
	{FamilyRedirectWrite, []string{"POST /funnels/lookup/redirect", "PATCH /funnels/lookup/redirect/{id}", "DELETE /funnels/lookup/redirect/{id}"}, "funnels/redirect.write", true},
	{FamilyPageUpdate, []string{"POST /funnels/funnel/update-funnel-and-page"}, "", true},
	{FamilyCreateStep, []string{"POST /funnels/funnel/create-step"}, "", true},
	{FamilyCreateFolder, []string{"POST /funnels/funnel/folder/create"}, "", true},
	{FamilyAttachDomain, []string{"POST /funnels/domain/attach-domain"}, "", true},
	{FamilyLookupMultiple, []string{"POST /funnels/lookup/multiple"}, "", true},
	{FamilyWorkflowTrigger, []string{"POST /funnels/page/view/workflow/trigger"}, "", true},
	{FamilySocialAccounts, []string{"POST /social-media-posting/oauth/{locationId}/{platform}/accounts/{accountId}"}, "", true},
}

// conversionFamily is FamilyConversion's one route.
var conversionFamily = RouteFamily{FamilyConversion, []string{http.MethodPost + " " + conversionPath}, "", true}

// RouteFamilies lists every family, reads first, in the order the probe shows them.
func RouteFamilies() []RouteFamily {
	out := make([]RouteFamily, len(routeFamilies))
	copy(out, routeFamilies)
	return out
}

// FamilyInfo describes one family, FamilyConversion too; ok is false for a name not
// in the table.
func FamilyInfo(f Family) (RouteFamily, bool) {
	if f == FamilyConversion {
		return conversionFamily, true
	}
	for _, rf := range routeFamilies {
		if rf.Family == f {
			return rf, true
		}
	}
	return RouteFamily{}, false
}

// familyOf finds the family of a request: method and escaped path (no query). Literal
// routes win over a parameter in the same place (/funnels/page/count is the page
// count, not a page by id).
func familyOf(method, path string) (RouteFamily, bool) {
	rf, _, ok := routeOf(method, path)
	return rf, ok
}

// routeOf is familyOf that also returns the values of the matched route's path
// parameters (its ids), in order.
func routeOf(method, path string) (RouteFamily, []string, bool) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	best, found, bestIDs := RouteFamily{}, false, []string(nil)
	for _, rf := range routeFamilies {
		for _, r := range rf.Routes {
			m, pattern, _ := strings.Cut(r, " ")
			if m != method {
				continue
			}
			if ids, ok := matchRoute(strings.Split(strings.Trim(pattern, "/"), "/"), segs); ok && (!found || len(ids) < len(bestIDs)) {
				best, found, bestIDs = rf, true, ids
			}
		}
	}
	return best, bestIDs, found
}

// matchRoute matches path segments against a pattern whose {name} takes one
// non-empty segment; it returns the segments the parameters took.
func matchRoute(pattern, segs []string) ([]string, bool) {
	if len(pattern) != len(segs) {
		return nil, false
	}
	var ids []string
	for i, p := range pattern {
		switch {
		case strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}"):
			if segs[i] == "" {
				return nil, false
			}
			ids = append(ids, segs[i])
		case p != segs[i]:
			return nil, false
		}
	}
	return ids, true
}
