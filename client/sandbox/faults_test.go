package sandbox

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// raw sends a GET with the demo token and returns the response and the body-read error.
func raw(t *testing.T, r *Running, path string) (*http.Response, []byte, error) {
	t.Helper()
	req, _ := http.NewRequest("GET", r.URL+path, nil)
	req.Header.Set("Version", "2021-07-28")
	req.Header.Set("Authorization", "Bearer "+r.Server.DemoToken())
	// A fresh transport per call so a dropped connection is not retried on another.
	hc := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	res, err := hc.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res, b, err
}

func TestFaultErrors(t *testing.T) {
	r := startT(t, Options{Faults: Faults{ErrorRate: 1}})
	seen := map[string]bool{}
	for i := 0; i < 60; i++ {
		res, body, err := raw(t, r, "/funnels/funnel/list")
		if err != nil {
			t.Fatal(err)
		}
		ct := res.Header.Get("Content-Type")
		switch {
		case res.StatusCode == 502 && ct == "text/html":
			if !strings.Contains(string(body), "<title>502 Bad Gateway</title>") {
				t.Fatalf("html body %q", body)
			}
			seen["502 html"] = true
		case ct == "application/json":
			var m map[string]any
			if err := json.Unmarshal(body, &m); err != nil || m["statusCode"] != float64(res.StatusCode) {
				t.Fatalf("%d body %s", res.StatusCode, body)
			}
			seen[strconv.Itoa(res.StatusCode)] = true
		default:
			t.Fatalf("status %d content type %q", res.StatusCode, ct)
		}
	}
	for _, want := range []string{"500", "502", "503", "502 html"} {
		if !seen[want] {
			t.Errorf("never saw %s in 60 answers (%v)", want, seen)
		}
	}
	// Faults hit API routes only: not the control API and not OAuth.
	c := newTC(t, r)
	c.get("/_sandbox/requests").hasStatus(t, 200)
	if status, _ := newOAuth(t, r).authorize(nil); status != 400 {
		t.Fatalf("oauth got a fault: %d", status)
	}
	// Turned off at runtime.
	r.Server.SetFaults(Faults{})
	c.get("/funnels/funnel/list").hasStatus(t, 200)
}

func TestFaultDropAndTruncate(t *testing.T) {
	r := startT(t, Options{Faults: Faults{DropRate: 1}})
	if _, _, err := raw(t, r, "/funnels/funnel/list"); err == nil {
		t.Fatal("dropped request got an answer")
	}
	if l := r.Server.Requests(); len(l) != 1 || l[0].Status != 0 {
		t.Fatalf("log of a dropped request: %+v", l)
	}

	r.Server.SetFaults(Faults{TruncateRate: 1})
	res, body, err := raw(t, r, "/funnels/funnel/list")
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("truncated body read error = %v", err)
	}
	declared, _ := strconv.Atoi(res.Header.Get("Content-Length"))
	if res.StatusCode != 200 || declared == 0 || len(body) != declared/2 {
		t.Fatalf("status %d, declared %d, got %d bytes", res.StatusCode, declared, len(body))
	}
}

func TestFaultLatency(t *testing.T) {
	const latency = 120 * time.Millisecond
	r := startT(t, Options{Faults: Faults{Latency: latency}})
	c := newTC(t, r)
	var total, longest time.Duration
	for i := 0; i < 8; i++ {
		start := time.Now()
		c.get("/funnels/funnel/list").hasStatus(t, 200)
		d := time.Since(start)
		total += d
		longest = max(longest, d)
	}
	// Uniform 0..120ms eight times: a sum under 120ms has a chance of about 1e-5.
	if total < latency {
		t.Fatalf("8 requests took %v in all: no latency added", total)
	}
	if longest > latency+time.Second {
		t.Fatalf("a request took %v, far above the latency", longest)
	}
}

func TestFailNext(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	r.Server.FailNext(503, 2, "/funnels/page")
	c.get("/funnels/funnel/list").hasStatus(t, 200) // other prefix: untouched
	res := c.as("").do("GET", "/funnels/page?funnelId=x", nil, "Version", "")
	res.wantError(t, 503, "Service Unavailable") // before Version and auth
	if res.header1("Retry-After") != "1" {
		t.Fatal("503 without Retry-After")
	}
	c.get("/funnels/page/count?funnelId=x").wantError(t, 503, "")
	c.get("/funnels/page/count?funnelId=x").wantError(t, 404, "Funnel not found") // queue used up

	// Through the control API; no path = any API route, not OAuth.
	c.post("/_sandbox/fail?status=500&count=1", nil).hasStatus(t, 200)
	if status, _ := newOAuth(t, r).authorize(nil); status != 400 {
		t.Fatalf("a pathless failure hit OAuth: %d", status)
	}
	c.get("/funnels/funnel/geo-location").wantError(t, 500, "")
	c.get("/funnels/funnel/geo-location").hasStatus(t, 200)

	// An OAuth path can be named explicitly.
	c.post("/_sandbox/fail?status=502&path=/oauth/token", nil).hasStatus(t, 200)
	if status, m, _ := newOAuth(t, r).token(map[string][]string{"grant_type": {"refresh_token"}}); status != 502 || m["statusCode"] != float64(502) {
		t.Fatalf("oauth failure: %d %v", status, m)
	}
	c.post("/_sandbox/fail?status=200", nil).hasStatus(t, 400)
	c.post("/_sandbox/fail?status=500&count=0", nil).hasStatus(t, 400)
}

func TestFaultsControlAPI(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	m := c.post("/_sandbox/faults?latency=5ms&error_rate=0.25&drop_rate=0.5&truncate_rate=1", nil).hasStatus(t, 200).obj(t)
	if m["latency"] != "5ms" || m["error_rate"] != 0.25 {
		t.Fatalf("answer %v", m)
	}
	if f := r.Server.Faults(); f != (Faults{Latency: 5 * time.Millisecond, ErrorRate: 0.25, DropRate: 0.5, TruncateRate: 1}) {
		t.Fatalf("faults %+v", f)
	}
	c.post("/_sandbox/faults?error_rate=2", nil).hasStatus(t, 400)
	c.post("/_sandbox/faults?latency=soon", nil).hasStatus(t, 400)
	c.post("/_sandbox/faults", nil).hasStatus(t, 200) // no parameters: all off
	if f := r.Server.Faults(); f != (Faults{}) {
		t.Fatalf("faults not cleared: %+v", f)
	}
	c.get("/funnels/funnel/list").hasStatus(t, 200)
	if c.get("/_sandbox/faults").hasStatus(t, 200).obj(t)["truncate_rate"] != float64(0) {
		t.Fatal("GET faults")
	}
}

// TestHoldWritesHoldsWritesUntilReleased: while writes are held a write waits (it is
// counted as held), a read still answers; released, the write lands.
func TestHoldWritesHoldsWritesUntilReleased(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	release := r.Server.HoldWrites()
	defer release()
	done := make(chan *resp, 1)
	go func() {
		done <- c.post("/funnels/lookup/redirect", map[string]any{"locationId": seedLocationID, "domain": "offers.lakesidefit.com",
			"path": "/held", "target": "https://offers.lakesidefit.com/spring-sale-opt-in", "action": "funnel"})
	}()
	for deadline := time.Now().Add(10 * time.Second); r.Server.WritesHeld() != 1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the write was never held (%d held)", r.Server.WritesHeld())
		}
	}
	c.get("/funnels/lookup/redirect/list?locationId="+seedLocationID+"&limit=10&offset=0").hasStatus(t, 200)
	select {
	case res := <-done:
		t.Fatalf("a held write answered %d before it was released", res.status)
	default:
	}
	release()
	(<-done).hasStatus(t, 201)
	release() // again: nothing
	if n := r.Server.WritesHeld(); n != 0 {
		t.Fatalf("%d writes still held after the release", n)
	}
	c.post("/funnels/lookup/redirect", map[string]any{"locationId": seedLocationID, "domain": "offers.lakesidefit.com",
		"path": "/not-held", "target": "https://offers.lakesidefit.com/spring-sale-opt-in", "action": "funnel"}).hasStatus(t, 201)
}
