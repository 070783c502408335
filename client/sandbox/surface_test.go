package sandbox

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// samplePath fills a route's path parameters with seeded ids so the request reaches
// the handler.
func samplePath(rt *route, pageID string) string {
	segs := make([]string, len(rt.segments))
	for i, s := range rt.segments {
		switch s {
		case "{id}":
			s = pageID
		case "{locationId}":
			s = seedLocationID
		case "{platform}":
			s = "facebook"
		case "{accountId}":
			s = "acc-1"
		default:
			if strings.HasPrefix(s, "{") {
				s = "x"
			}
		}
		segs[i] = s
	}
	return "/" + strings.Join(segs, "/")
}

// TestPublicSurfaceRefusesWebAppRoutes walks every route of the table: on the public
// surface the documented ones (the funnels operations, the other APIs' and the
// tokenless conversion) are never refused, every
// other one answers the IAM message with the status iamStatus fixes for it; on the
// seed nothing is refused.
func TestPublicSurfaceRefusesWebAppRoutes(t *testing.T) {
	pub := startT(t, Options{Surface: SurfacePublic})
	seed := startT(t, Options{})
	pageID := seeded().pages[0].ID
	for _, rt := range pub.Server.routes {
		path := samplePath(&rt, pageID)
		k := rt.key()
		_, documented := documentedScopes[k]
		if _, other := otherScopes[k]; other {
			documented = true
		}
		want, listed := iamStatus[k]
		if !documented && !rt.public && !listed {
			t.Errorf("%s is a web-app route missing from iamStatus (and from the table in doc.go)", k)
		}
		body := any(nil)
		if rt.method != http.MethodGet {
			body = map[string]any{}
		}
		got := newTC(t, pub).do(rt.method, path, body)
		refused := strings.Contains(got.String(), iamRefusal)
		switch {
		case documented || rt.public:
			if refused || got.status == 401 || got.status == 403 {
				t.Errorf("public %s: %d %s, want it open", k, got.status, got.body)
			}
		default:
			got.wantError(t, want, iamRefusal)
			if m := got.obj(t); m["error"] != nil {
				t.Errorf("public %s: the IAM refusal carries no error field: %s", k, got.body)
			}
		}
		if s := newTC(t, seed).do(rt.method, path, body); strings.Contains(s.String(), iamRefusal) || s.status == 401 || s.status == 403 {
			t.Errorf("seed %s: %d %s, want it open", k, s.status, s.body)
		}
	}
	statuses := map[int]bool{}
	for _, st := range iamStatus {
		statuses[st] = true
	}
	if !statuses[401] || !statuses[403] {
		t.Errorf("the public surface should refuse some routes with 401 and some with 403: %v", statuses)
	}
}

// TestScopeDenialsBySurface: the read-only token writing is refused with the
// service's scope message, 401 on the public surface and 403 on the seed; an OAuth
// token on the public surface holds the scopes it asked for, on the seed all of them.
func TestScopeDenialsBySurface(t *testing.T) {
	folder := map[string]any{"name": "x", "type": "funnel"}
	for _, tc := range []struct {
		surface Surface
		status  int
	}{{SurfacePublic, 401}, {SurfaceSeed, 403}} {
		r := startT(t, Options{Surface: tc.surface})
		ro := newTC(t, r).as(r.Server.ReadOnlyToken())
		if tc.surface == SurfaceSeed {
			ro.post("/funnels/funnel/folder/create", folder).wantError(t, tc.status, scopeRefusal)
		}
		// A documented write, on either surface: every route added with the write flag
		// goes through this check, so it is tested on a route shaped like the
		// redirect writes, whether or not they are served.
		rt := newRoute(http.MethodPost, "/funnels/lookup/redirect", write, nil)
		rec, _ := r.Server.tokens.check(r.Server.ReadOnlyToken(), r.Server.now())
		deny := r.Server.scopeDenied(&rt, rec)
		if deny == nil || deny.status != tc.status {
			t.Errorf("%s: read-only token on %s: %+v, want %d", tc.surface, rt.key(), deny, tc.status)
		}
		ro.get("/funnels/funnel/list").hasStatus(t, 200)
		ro.get("/funnels/page/count?locationId="+seedLocationID+"&funnelId="+seeded().funnels[0].ID).hasStatus(t, 200)

		// An OAuth sign-in that asked for the funnel list only.
		o := newOAuth(t, r)
		code := o.code("", "st")
		status, tok, _ := o.token(url.Values{"grant_type": {"authorization_code"}, "code": {code},
			"redirect_uri": {redirectURI}, "user_type": {"Location"}})
		if status != 200 {
			t.Fatalf("token: %d %v", status, tok)
		}
		narrow := newTC(t, r).as(tok["access_token"].(string))
		narrow.get("/funnels/funnel/list").hasStatus(t, 200)
		count := narrow.get("/funnels/page/count?locationId=" + seedLocationID + "&funnelId=" + seeded().funnels[0].ID)
		if tc.surface == SurfacePublic {
			// code() asks for funnel.readonly and page.readonly: not pagecount.
			count.wantError(t, 401, scopeRefusal)
		} else {
			count.hasStatus(t, 200)
		}
	}
}

// TestPublicPageList: the documented page list wants all four parameters and answers
// a bare array of records without url.
func TestPublicPageList(t *testing.T) {
	r := startT(t, Options{Surface: SurfacePublic})
	c := newTC(t, r)
	f := funnelByName(t, c, "Summer Sale 2025")
	base := "/funnels/page?locationId=" + seedLocationID + "&funnelId=" + f.ID
	c.get(base).wantError(t, 400, "limit, offset should not be empty")
	c.get("/funnels/page?limit=20&offset=0&funnelId="+f.ID).wantError(t, 400, "locationId should not be empty")
	got := c.get(base+"&limit=20&offset=0").hasStatus(t, 200)
	var pages []map[string]any
	got.into(t, &pages)
	if len(pages) != 8 {
		t.Fatalf("%d pages", len(pages))
	}
	for _, p := range pages {
		if _, has := p["url"]; has {
			t.Fatalf("a documented page record has no url: %v", p)
		}
		for _, k := range []string{"_id", "locationId", "funnelId", "name", "stepId", "deleted", "updatedAt"} {
			if _, has := p[k]; !has {
				t.Fatalf("page record lacks %s: %v", k, p)
			}
		}
	}
	// stepId is not a documented parameter: the public list ignores it.
	c.get(base+"&limit=20&offset=0&stepId="+f.Steps[1].ID).hasStatus(t, 200).into(t, &pages)
	if len(pages) != 8 {
		t.Fatalf("stepId narrowed the public list to %d", len(pages))
	}
	// The seed keeps its own rules.
	seed := newTC(t, startT(t, Options{}))
	seed.get("/funnels/page?funnelId="+f.ID).hasStatus(t, 200)
}

// TestSummariesDialect: folder entities list funnels without steps; the funnel list
// keeps them.
func TestSummariesDialect(t *testing.T) {
	r := startT(t, Options{Dialect: Dialect{Summaries: true}})
	c := newTC(t, r)
	var ents struct {
		Entities []map[string]json.RawMessage `json:"entities"`
	}
	c.get("/funnels/funnel/folder/entities").hasStatus(t, 200).into(t, &ents)
	funnels, folders := 0, 0
	for _, e := range ents.Entities {
		if _, has := e["steps"]; has {
			t.Fatalf("a summary has steps: %v", e)
		}
		if string(e["category"]) == `"folder"` {
			folders++
		} else {
			funnels++
		}
	}
	if funnels != 5 || folders == 0 {
		t.Fatalf("root: %d funnels, %d folders", funnels, folders)
	}
	if f := funnelByName(t, c, "Summer Sale 2025"); len(f.Steps) == 0 {
		t.Fatal("the funnel list lost its steps in the summaries dialect")
	}
}
