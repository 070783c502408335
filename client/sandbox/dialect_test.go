package sandbox

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDialectDefaultShapes(t *testing.T) {
	c := newTC(t, startT(t, Options{}))
	body := c.get("/funnels/funnel/list?limit=1").hasStatus(t, 200).String()
	for _, want := range []string{`{"count":25,"funnels":[{"_id":"`, `"control_traffic":100`, `"split_started_at":null`, `"sequence":1,`} {
		if !strings.Contains(body, want) {
			t.Fatalf("default list lacks %s: %s", want, body)
		}
	}
	f := funnelByName(t, c, "Spring Sale 2026")
	if b := c.get("/funnels/page?funnelId=" + f.ID).String(); !strings.HasPrefix(b, `[{"_id":"`) {
		t.Fatalf("pages not a bare array: %.80s", b)
	}
}

func TestDialectBareLists(t *testing.T) {
	c := newTC(t, startT(t, Options{Dialect: Dialect{BareLists: true}}))
	for _, p := range []string{"/funnels/funnel/list", "/funnels/funnel/folder/entities", "/funnels/lookup/redirect/regex", "/funnels/order-form/public/product"} {
		var arr []map[string]any
		c.get(p).hasStatus(t, 200).into(t, &arr)
		if len(arr) == 0 || arr[0]["_id"] == nil {
			t.Fatalf("%s: %v", p, arr)
		}
	}
	var fonts []any
	c.post("/funnels/custom-fonts", nil).hasStatus(t, 200).into(t, &fonts)
	var rows []any
	c.post("/funnels/lookup/multiple", map[string]any{"lookups": []any{map[string]any{"target": "/a", "action": "publish"}}}).hasStatus(t, 201).into(t, &rows)
	if len(fonts) != 4 || len(rows) != 1 {
		t.Fatalf("fonts %d rows %d", len(fonts), len(rows))
	}
	// Errors keep their shape.
	c.get("/funnels/funnel/list?limit=0").wantError(t, 422, "limit must not be less than 1")
}

func TestDialectWrappedLists(t *testing.T) {
	c := newTC(t, startT(t, Options{Dialect: Dialect{WrappedLists: true, BareLists: true}}))
	var out struct {
		Data  []map[string]any `json:"data"`
		Count int              `json:"count"`
	}
	c.get("/funnels/funnel/list?limit=3").hasStatus(t, 200).into(t, &out)
	if len(out.Data) != 3 || out.Count != 25 {
		t.Fatalf("wrapped list %+v", out)
	}
	id := out.Data[0]["_id"].(string)
	c.get("/funnels/page?funnelId="+id).hasStatus(t, 200).into(t, &out)
	if len(out.Data) == 0 || out.Data[0]["funnelId"] != id {
		t.Fatalf("wrapped pages %+v", out)
	}
	m := c.post("/funnels/custom-fonts", nil).hasStatus(t, 200).obj(t)
	if _, ok := m["data"].([]any); !ok || m["traceId"] == nil {
		t.Fatalf("wrapped fonts %v", m)
	}
}

func TestDialectRecords(t *testing.T) {
	r := startT(t, Options{Dialect: Dialect{PlainIDs: true, CamelSteps: true, StringNumbers: true}})
	c := newTC(t, r)
	body := c.get("/funnels/funnel/list?limit=100").hasStatus(t, 200).String()
	for _, gone := range []string{`"_id"`, `"control_traffic"`, `"split_started_at"`, `"split_ended_at"`, `"route_all_requests"`, `"additional_routes"`} {
		if strings.Contains(body, gone) {
			t.Fatalf("%s still present", gone)
		}
	}
	for _, want := range []string{`"count":"25"`, `"sequence":"1"`, `"controlTraffic":"70"`, `"splitStartedAt":{"date":"`, `"routeAllRequests":false`, `"additionalRoutes":[]`, `"originId":""`} {
		if !strings.Contains(body, want) {
			t.Fatalf("%s missing", want)
		}
	}
	var list struct {
		Funnels []struct {
			ID string `json:"id"`
		} `json:"funnels"`
	}
	if err := json.Unmarshal([]byte(body), &list); err != nil || len(list.Funnels) != 25 || list.Funnels[0].ID == "" {
		t.Fatalf("decode: %v", err)
	}
	page := c.get("/funnels/page?funnelId=" + list.Funnels[0].ID).String()
	if !strings.Contains(page, `"pageVersion":"`) || !strings.Contains(page, `"id":"`) {
		t.Fatalf("page %s", page)
	}
	prod := c.get("/funnels/order-form/public/product").String()
	if !strings.Contains(prod, `"price":"49"`) || !strings.Contains(prod, `"price":"29.99"`) {
		t.Fatalf("products %s", prod)
	}
	// Errors and OAuth keep the contract's numbers.
	if e := c.get("/funnels/page/nope").String(); !strings.Contains(e, `"statusCode":404`) {
		t.Fatalf("error %s", e)
	}
	o := newOAuth(t, r)
	_, tok, _ := o.token(map[string][]string{"grant_type": {"authorization_code"}, "code": {o.code("", "s")}, "redirect_uri": {redirectURI}, "user_type": {"Location"}})
	if _, isNumber := tok["expires_in"].(float64); !isNumber {
		t.Fatalf("expires_in %v", tok["expires_in"])
	}
}

func TestDialectEachSwitchAlone(t *testing.T) {
	for name, tc := range map[string]struct {
		d           Dialect
		want, avoid string
	}{
		"PlainIDs":      {Dialect{PlainIDs: true}, `"id":"`, `"_id"`},
		"CamelSteps":    {Dialect{CamelSteps: true}, `"controlTraffic":`, `"control_traffic"`},
		"StringNumbers": {Dialect{StringNumbers: true}, `"sequence":"1"`, `"sequence":1`},
	} {
		t.Run(name, func(t *testing.T) {
			b := newTC(t, startT(t, Options{Dialect: tc.d})).get("/funnels/funnel/list?limit=2").hasStatus(t, 200).String()
			if !strings.Contains(b, tc.want) || strings.Contains(b, tc.avoid) {
				t.Fatalf("%s", b)
			}
			if !strings.Contains(b, `"funnels":[`) {
				t.Fatal("record switches must not reshape lists")
			}
		})
	}
}
