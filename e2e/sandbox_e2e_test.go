package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestSandboxAsANewUserTriesIt replays the README's curl session against the real
// binary: no Version → 400 JSON; no token → 401 JSON; the conversion without a token →
// 200; a bad eventName → 422; the 101st quick request → 429 with the rate-limit headers.
func TestSandboxAsANewUserTriesIt(t *testing.T) {
	sb := startSandboxBinary(t)
	base, token := sb.values["base_url"], sb.values["token"]
	for _, k := range []string{"token", "readonly_token", "location_id", "login"} {
		if sb.values[k] == "" {
			t.Errorf("sandbox did not print %s", k)
		}
	}
	if !strings.Contains(sb.values["login"], "funnels login") || !strings.Contains(sb.values["login"], base) {
		t.Errorf("login line %q", sb.values["login"])
	}

	do := func(method, path, body string, headers map[string]string) (*http.Response, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Errorf("%s %s → %d with a non-JSON body %q", method, path, res.StatusCode, raw)
		}
		return res, m
	}
	v := map[string]string{"Version": "2021-07-28"}
	auth := map[string]string{"Version": "2021-07-28", "Authorization": "Bearer " + token}
	jsonV := map[string]string{"Version": "2021-07-28", "Content-Type": "application/json"}

	if res, m := do("GET", "/funnels/funnel/list", "", map[string]string{"Authorization": "Bearer " + token}); res.StatusCode != 400 || m["statusCode"] != 400.0 || m["message"] == nil {
		t.Errorf("no Version: %d %v", res.StatusCode, m)
	}
	if res, m := do("GET", "/funnels/funnel/list", "", v); res.StatusCode != 401 || m["statusCode"] != 401.0 {
		t.Errorf("no token: %d %v", res.StatusCode, m)
	}
	if res, m := do("POST", "/funnels/event/conversion", `{"eventName":"Lead","contact":{"email":"jo@example.com"}}`, jsonV); res.StatusCode != 200 {
		t.Errorf("conversion without token: %d %v", res.StatusCode, m)
	}
	if res, m := do("POST", "/funnels/event/conversion", `{"eventName":"Bought","contact":{}}`, jsonV); res.StatusCode != 422 || !strings.Contains(strings.ToLower(jsonText(m["message"])), "eventname") {
		t.Errorf("bad eventName: %d %v", res.StatusCode, m)
	}
	var last *http.Response
	for i := 1; i <= 101; i++ {
		res, _ := do("GET", "/funnels/funnel/geo-location", "", auth)
		if i <= 100 && res.StatusCode != 200 {
			t.Fatalf("request %d: %d", i, res.StatusCode)
		}
		last = res
	}
	if last.StatusCode != 429 {
		t.Fatalf("101st request: %d", last.StatusCode)
	}
	for _, h := range []string{"X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Max", "Retry-After"} {
		if last.Header.Get(h) == "" {
			t.Errorf("429 without %s", h)
		}
	}
	if last.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Errorf("429 remaining %q", last.Header.Get("X-RateLimit-Remaining"))
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
