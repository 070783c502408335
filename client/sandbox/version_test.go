package sandbox

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestVersionValues: the four values the official docs and SDKs send are served;
// a missing, unknown or differently spelt value is 400, naming the four.
func TestVersionValues(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	const list = "/funnels/funnel/list"
	for _, v := range []string{"2021-07-28", "2021-04-15", "2023-02-21", "v3"} {
		c.do(http.MethodGet, list, nil, "Version", v).hasStatus(t, 200)
	}
	for _, v := range []string{"", "2024-01-01", "V3", "v2", "3"} {
		c.do(http.MethodGet, list, nil, "Version", v).wantError(t, 400, "use one of 2021-07-28, 2021-04-15, 2023-02-21, v3")
	}
}

// v3Envelope decodes a v3 error body and checks its fixed parts.
func v3Envelope(t *testing.T, res *resp, status int, code string) v3Error {
	t.Helper()
	res.hasStatus(t, status)
	var b struct {
		Error   *v3Error `json:"error"`
		TraceID string   `json:"traceId"`
	}
	if err := json.Unmarshal(res.body, &b); err != nil || b.Error == nil {
		t.Fatalf("not the v3 envelope (%v): %s", err, res.body)
	}
	if b.Error.Code != code || b.Error.Message == "" || b.Error.Resolution == "" || b.Error.Details["statusCode"] != float64(status) {
		t.Fatalf("envelope %+v, want code %s and status %d: %s", *b.Error, code, status, res.body)
	}
	if len(b.TraceID) != 32 {
		t.Fatalf("traceId missing: %s", res.body)
	}
	return *b.Error
}

// TestV3ErrorEnvelope: with Version v3 the OAuth routes (the token endpoint, the
// agency routes) answer errors in the v3 envelope, as HighLevel documents them; the
// funnels routes keep the old shape — a 422's message an array — which their v3
// contract documents. With the contract's version everything is in the old shape.
func TestV3ErrorEnvelope(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	v3 := func(method, path string, body any) *resp {
		return c.do(method, path, body, "Version", "v3")
	}
	v3(http.MethodGet, "/funnels/page/NoSuchPage0000000001", nil).wantError(t, 404, "Page not found")
	v3(http.MethodGet, "/funnels/funnel/list?locationId=SomeoneElse", nil).wantError(t, 403, "The token does not have access to this location.")
	invalid := v3(http.MethodPost, "/funnels/lookup/redirect", map[string]any{})
	invalid.wantError(t, 422, "should not be empty")
	if msgs, _ := invalid.obj(t)["message"].([]any); len(msgs) < 2 {
		t.Errorf("422 under v3: %s", invalid.body)
	}
	c.as("").do(http.MethodGet, "/funnels/funnel/list", nil, "Version", "v3").wantError(t, 401, "Invalid JWT")

	e := v3Envelope(t, v3(http.MethodGet, "/oauth/installedLocations?companyId=x&appId=y", nil), 401, "UNAUTHORIZED")
	if !strings.Contains(e.Message, "agency") {
		t.Errorf("agency route under v3: %+v", e)
	}

	form := url.Values{"grant_type": {"password"}, "client_id": {defaultClientID}, "client_secret": {defaultClientSecret}}
	req, err := http.NewRequest(http.MethodPost, r.URL+"/oauth/token", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Version", "v3")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	e = v3Envelope(t, &resp{status: res.StatusCode, header: res.Header, body: body}, 400, "BAD_REQUEST")
	if e.Details["error"] != "unsupported_grant_type" {
		t.Errorf("token endpoint envelope %+v", e)
	}
}

// TestForeignLocation: on every surface a locationId other than the token's own, in
// the query or the body, is 403 with the service's message; the scope is checked
// first; each gym's token works for its own location only.
func TestForeignLocation(t *testing.T) {
	const msg = "The token does not have access to this location."
	for _, surface := range []Surface{SurfaceSeed, SurfacePublic} {
		r := startT(t, Options{Surface: surface})
		c := newTC(t, r)
		redirect := map[string]any{"locationId": "SomeoneElse", "domain": "offers.lakesidefit.com", "path": "/x",
			"target": "https://example.com/", "action": "url"}
		c.post("/funnels/lookup/redirect", redirect).wantError(t, 403, msg)
		c.get("/funnels/lookup/redirect/list?locationId=SomeoneElse&limit=1&offset=0").wantError(t, 403, msg)

		scopeStatus := map[Surface]int{SurfaceSeed: 403, SurfacePublic: 401}[surface]
		readOnly := c.as(r.Server.IssueScopedToken(0, scopeFunnelRead))
		readOnly.post("/funnels/lookup/redirect", redirect).wantError(t, scopeStatus, scopeRefusal)

		if surface == SurfaceSeed {
			// A route whose handler reads no locationId: the body's is checked all the same.
			c.post("/funnels/lookup/multiple", map[string]any{"locationId": "SomeoneElse", "lookups": []any{}}).
				wantError(t, 403, msg)
			c.post("/funnels/lookup/multiple", map[string]any{"locationId": r.Server.LocationID(), "lookups": []any{}}).
				hasStatus(t, 201)
		}
		for _, sub := range r.Server.SubAccounts()[1:] {
			if !sub.Installed {
				continue
			}
			gym := c.as(sub.DemoToken)
			gym.get("/funnels/funnel/list?locationId="+sub.ID).hasStatus(t, 200)
			gym.get("/funnels/funnel/list?locationId="+r.Server.LocationID()).wantError(t, 403, msg)
		}
	}
}
