package sandbox

import (
	"net/http"
	"strings"
	"testing"
)

// listRedirectsPath is the list of every URL redirect of the seeded location.
const listRedirectsPath = "/funnels/lookup/redirect/list?locationId=" + seedLocationID + "&limit=100&offset=0"

type redirectPage struct {
	Data struct {
		Count int              `json:"count"`
		Data  []urlRedirectRec `json:"data"`
	} `json:"data"`
}

func listRedirects(t *testing.T, c *tc, query string) redirectPage {
	t.Helper()
	var p redirectPage
	c.get("/funnels/lookup/redirect/list?locationId="+seedLocationID+query).hasStatus(t, 200).into(t, &p)
	return p
}

func TestListURLRedirects(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	all := listRedirects(t, c, "&limit=100&offset=0")
	if all.Data.Count != 8 || len(all.Data.Data) != 8 {
		t.Fatalf("count %d, %d redirects", all.Data.Count, len(all.Data.Data))
	}
	first := all.Data.Data[0]
	if first.Domain != "join.lakesidefit.com" || first.Path != "/7-day-pass" || first.Type != "Permanent" ||
		first.LocationID != seedLocationID || first.ID == "" || first.Action != "funnel" {
		t.Fatalf("sorted by domain then path, first %+v", first)
	}
	page := listRedirects(t, c, "&limit=3&offset=6")
	if page.Data.Count != 8 || len(page.Data.Data) != 2 || page.Data.Data[1].Domain != "www.lakesidefit.com" {
		t.Fatalf("last page %+v", page.Data)
	}
	hit := listRedirects(t, c, "&limit=10&offset=0&search=SPRING")
	if hit.Data.Count != 2 { // /Spring-2025 on offers. and the target of promo.'s /
		t.Fatalf("search: %+v", hit.Data)
	}
	// The read-only token may list.
	listRedirects(t, c.as(r.Server.ReadOnlyToken()), "&limit=1&offset=0")

	for name, tc := range map[string]struct{ query, want string }{
		"no location":  {"limit=10&offset=0", "locationId should not be empty"},
		"no limit":     {"locationId=" + seedLocationID + "&offset=0", "limit should not be empty"},
		"no offset":    {"locationId=" + seedLocationID + "&limit=10", "offset should not be empty"},
		"limit 500":    {"locationId=" + seedLocationID + "&limit=500&offset=0", "limit must not be greater than 100"},
		"offset minus": {"locationId=" + seedLocationID + "&limit=5&offset=-1", "offset must not be less than 0"},
	} {
		t.Run(name, func(t *testing.T) { c.get("/funnels/lookup/redirect/list?"+tc.query).wantError(t, 422, tc.want) })
	}
	c.get("/funnels/lookup/redirect/list?locationId=other&limit=1&offset=0").wantError(t, 403, "does not have access to this location")
	res := c.get("/funnels/lookup/redirect/" + first.ID)
	res.wantError(t, 405, "Cannot GET")
	if res.header1("Allow") != "PATCH, DELETE" {
		t.Fatalf("Allow %q", res.header1("Allow"))
	}
}

func TestURLRedirectListDialects(t *testing.T) {
	for name, tc := range map[string]struct {
		d    Dialect
		want string
	}{
		"bare":    {Dialect{BareLists: true}, `[{"id":"`},
		"wrapped": {Dialect{WrappedLists: true}, `{"count":8,"data":[{`},
		"strings": {Dialect{StringNumbers: true}, `"count":"8"`},
	} {
		t.Run(name, func(t *testing.T) {
			body := newTC(t, startT(t, Options{Dialect: tc.d})).get(listRedirectsPath).hasStatus(t, 200).String()
			if !strings.Contains(body, tc.want) {
				t.Fatalf("want %s in %s", tc.want, body)
			}
		})
	}
}

func TestCreateURLRedirect(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	body := map[string]any{"locationId": seedLocationID, "domain": "offers.lakesidefit.com", "path": "/old-offer",
		"target": "https://offers.lakesidefit.com/spring-sale-opt-in", "action": "funnel"}
	const path = "/funnels/lookup/redirect"
	for name, tc := range map[string]struct {
		body any
		want string
	}{
		"no location":     {with(body, "locationId", ""), "locationId should not be empty"},
		"no domain":       {with(body, "domain", ""), "domain should not be empty"},
		"domain with URL": {with(body, "domain", "https://offers.lakesidefit.com"), "domain must be a valid host name"},
		"no path":         {with(body, "path", ""), "path should not be empty"},
		"path no slash":   {with(body, "path", "old-offer"), "path must start with /"},
		"path query":      {with(body, "path", "/old?x=1"), "path must be a path without spaces"},
		"no target":       {with(body, "target", " "), "target should not be empty"},
		"url target":      {with(with(body, "action", "url"), "target", "/spring"), "target must be a URL address"},
		"target spaces":   {with(body, "target", "https://x.com/a b"), "target must not contain spaces"},
		"bad action":      {with(body, "action", "redirect"), "action must be one of: funnel, website, url, all"},
		"action number":   {with(body, "action", 3), "action must be a string"},
		"not attached":    {with(body, "domain", "elsewhere.example.com"), "domain elsewhere.example.com is not attached to this location"},
		"taken":           {with(body, "path", "/spring-2025"), "path /spring-2025 already redirects on offers.lakesidefit.com"},
	} {
		t.Run(name, func(t *testing.T) { c.post(path, tc.body).wantError(t, 422, tc.want) })
	}
	c.post(path, with(body, "locationId", "elsewhere")).wantError(t, 403, "does not have access to this location")
	c.do(http.MethodPost, path, `{"path":`).wantError(t, 400, "Unexpected token")
	c.do(http.MethodPost, path, `{}`, "Content-Type", "text/plain").wantError(t, 400, "Content-Type must be application/json")
	ro := c.as(r.Server.ReadOnlyToken())
	ro.post(path, body).wantError(t, 403, "not authorized for this scope")

	var made struct{ Data urlRedirectRec }
	c.post(path, body).hasStatus(t, 201).into(t, &made)
	if m := made.Data; m.ID == "" || m.Path != "/old-offer" || m.PathLowercase != "/old-offer" || m.Type != "Permanent" ||
		m.Domain != "offers.lakesidefit.com" || m.Action != "funnel" || m.LocationID != seedLocationID {
		t.Fatalf("made %+v", m)
	}
	after := listRedirects(t, c, "&limit=100&offset=0")
	if after.Data.Count != 9 {
		t.Fatalf("count after create %d (the read-only token's create must not have counted)", after.Data.Count)
	}
	// The same path in other case is the same redirect.
	c.post(path, with(body, "path", "/OLD-Offer")).wantError(t, 422, "path /OLD-Offer already redirects on offers.lakesidefit.com (redirect "+made.Data.ID+")")
	// On another domain it is another.
	c.post(path, with(body, "domain", "join.lakesidefit.com")).hasStatus(t, 201)
}

func TestUpdateAndDeleteURLRedirect(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	ro := c.as(r.Server.ReadOnlyToken())
	target := listRedirects(t, c, "&limit=1&offset=0").Data.Data[0]
	path := "/funnels/lookup/redirect/" + target.ID
	body := map[string]any{"locationId": seedLocationID, "target": "https://www.lakesidefit.com/pricing", "action": "website"}
	for name, tc := range map[string]struct {
		body any
		want string
	}{
		"no target":   {with(body, "target", ""), "target should not be empty"},
		"url target":  {with(with(body, "action", "url"), "target", "pricing"), "target must be a URL address"},
		"bad action":  {with(body, "action", ""), "action must be one of"},
		"no location": {with(body, "locationId", ""), "locationId should not be empty"},
	} {
		t.Run(name, func(t *testing.T) { c.do(http.MethodPatch, path, tc.body).wantError(t, 422, tc.want) })
	}
	c.do(http.MethodPatch, "/funnels/lookup/redirect/nope", body).wantError(t, 404, "Redirect not found")
	c.do(http.MethodPatch, path, `{}`, "Content-Type", "text/plain").wantError(t, 400, "Content-Type must be application/json")
	ro.do(http.MethodPatch, path, body).wantError(t, 403, "not authorized for this scope")

	var got struct{ Data urlRedirectRec }
	c.do(http.MethodPatch, path, body).hasStatus(t, 200).into(t, &got)
	if g := got.Data; g.ID != target.ID || g.Target != "https://www.lakesidefit.com/pricing" || g.Action != "website" ||
		g.Path != target.Path || g.Domain != target.Domain {
		t.Fatalf("updated %+v", g)
	}
	if now := listRedirects(t, c, "&limit=1&offset=0").Data.Data[0]; now.Target != got.Data.Target {
		t.Fatalf("the list still shows %+v", now)
	}

	del := path + "?locationId=" + seedLocationID
	c.do(http.MethodDelete, path, nil).wantError(t, 422, "locationId should not be empty")
	c.do(http.MethodDelete, path+"?locationId=other", nil).wantError(t, 403, "does not have access to this location")
	ro.do(http.MethodDelete, del, nil).wantError(t, 403, "not authorized for this scope")
	res := c.do(http.MethodDelete, del, nil).hasStatus(t, 200).obj(t)
	if d, _ := res["data"].(map[string]any); d["status"] != "ok" {
		t.Fatalf("delete answered %v", res)
	}
	c.do(http.MethodDelete, del, nil).wantError(t, 404, "Redirect not found")
	if n := listRedirects(t, c, "&limit=100&offset=0").Data.Count; n != 7 {
		t.Fatalf("count after delete %d", n)
	}
}
