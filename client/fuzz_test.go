package client

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzDecoders feeds any bytes to every response decoder: none may panic, and a
// decoded list must survive a round trip through our own JSON.
func FuzzDecoders(f *testing.F) {
	for _, seed := range []string{
		`{"funnels":[{"_id":"a","steps":[{"id":"s","pages":["p"],"control_traffic":"50"}]}],"count":1}`,
		`[{"id":"x","name":1,"deleted":"true","dateAdded":1700000000000}]`,
		`{"entities":[{"_id":"d","category":"folder"},{"_id":"f"}]}`,
		`{"data":{"pages":[{"_id":"p","pageVersion":"3"}]}}`,
		`{"message":["a","b"],"statusCode":422}`, `null`, `[]`, `{}`, `<html>`, "\x00\xff",
		`{"split_started_at":{"date":{"date":"2026"}}}`,
		`{"funnels":{"_id":"f","name":"One","steps":[{"id":"s","pages":["p"]}]},"count":1}`,
		`[{"_id":"p","deleted":"false"},{"_id":"q","deleted":"true"}]`,
		`{"error":{"code":"RESOURCE_NOT_FOUND","message":"Funnel not found","details":{"id":"x"},"resolution":"Check the id"}}`,
		`{"error":{"code":7,"message":["a",{}],"resolution":null}}`, `{"error":null,"message":"The token does not have access to this location."}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if env, err := unwrapList(body, "funnels"); err == nil {
			for _, fn := range decodeEach[Funnel](env.items) {
				if _, err := json.Marshal(fn); err != nil {
					t.Fatalf("funnel does not re-encode: %v", err)
				}
			}
			_ = decodeEach[Page](env.items)
			_ = decodeEach[Folder](env.items)
			_ = decodeEach[Product](env.items)
			_ = decodeEach[Font](env.items)
			_ = decodeEach[RegexRedirect](env.items)
			_ = decodeEach[LookupRow](env.items)
		}
		if env, err := unwrapList(body, "entities"); err == nil {
			_ = decodeEntities(env)
		}
		if v, err := readStream(newBoundedReader(bytes.NewReader(body)), 1000, foldersOnly); err == nil {
			_ = decodeEntities(v.envelope("entities"))
		}
		_, _, _ = unwrapRecord(body, "page")
		_ = decodeResult(body)
		var g GeoLocation
		_ = g.UnmarshalJSON(body)
		e := newAPIError(call{method: "GET", path: "/x"}, 500, http.Header{}, body, time.Now())
		_ = e.Error()
		for _, status := range []int{401, 403} {
			r := newAPIError(call{method: "GET", path: "/funnels/page/p1"}, status, http.Header{}, body, time.Now())
			_, _ = r.Error(), r.Explain()
		}
		// The shape of a 404 is a function of the answer: the same answer, the same
		// shape, and one that names no path does not echo.
		json := http.Header{"Content-Type": {"application/json"}}
		if a, b := shapeOf("GET", "http://h/funnels/page/p1", json, body), shapeOf("GET", "http://h/funnels/page/p1", json, body); a != b {
			t.Fatalf("one answer, two shapes: %+v %+v", a, b)
		}
		if !bytes.Contains(body, []byte("/funnels")) && shapeOf("GET", "http://h/funnels/page/p1", json, body).echoes {
			t.Fatalf("%q echoes a path it does not hold", body)
		}
	})
}

// FuzzAccessFile: whatever a record file holds, reading it never panics and never
// yields a family the client does not know, nor an answer it does not.
func FuzzAccessFile(f *testing.F) {
	for _, seed := range []string{
		`{"version":1,"key":"k","families":{"folder entities":{"answer":"route refused","status":403,"message":"m","at":"2026-01-01T00:00:00Z"}}}`,
		`{"version":1,"key":"k","families":{"nope":{"answer":"open"},"page list":{"answer":"maybe"}}}`, `{"version":2}`, `null`, `[]`, "\x00",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		path := filepath.Join(t.TempDir(), "access.json")
		if err := os.WriteFile(path, body, 0o600); err != nil {
			t.Fatal(err)
		}
		b := newAccessBook(AccessFile{Path: path, Key: "k"})
		for fam, fa := range b.snapshot() {
			if _, ok := FamilyInfo(fam); !ok || (fa.Answer != AnswerOpen && !fa.Answer.Refused()) {
				t.Fatalf("kept %q: %+v", fam, fa)
			}
			_ = b.snapshot().Reason(fam)
		}
	})
}

// FuzzRateLimitHeaders: no header value may panic the parser or give a reset in the past
// of a delta.
func FuzzRateLimitHeaders(f *testing.F) {
	for _, s := range []string{"7", "1795262407", "1795262407000", "Sat, 21 Nov 2026 12:00:07 GMT", "-1", "NaN", "1e400", ""} {
		f.Add(s, "97", "100")
	}
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, reset, remaining, max string) {
		h := http.Header{}
		h.Set("X-RateLimit-Reset", reset)
		h.Set("X-RateLimit-Remaining", remaining)
		h.Set("X-RateLimit-Max", max)
		h.Set("Retry-After", reset)
		r, ok := ParseRateLimit(h, now)
		if ok && r.Remaining < -1 {
			t.Fatalf("negative remaining %d", r.Remaining)
		}
		_ = r.ResetIn(now)
		_, _ = parseRetryAfter(reset, now)
	})
}

// FuzzRateWait: whatever a 429 says in X-RateLimit-Reset and Retry-After, with any
// margin and any jitter, the wait is never negative, never beyond a year and a tenth,
// never past its own until by more than the spread, and nothing panics.
func FuzzRateWait(f *testing.F) {
	for _, s := range []struct {
		reset, retryAfter string
		margin            int64
		jitter            int64
	}{
		{"999999999999", "", int64(resetMargin), 7},
		{"", "Fri, 31 Dec 9999 23:59:59 GMT", int64(resetMargin), 3},
		{"999999999999", "Fri, 31 Dec 9999 23:59:59 GMT", math.MaxInt64, math.MaxInt64},
		{"9999999999999999", "99999999999", math.MinInt64, -1},
		{"7", "", 0, 0},
		{"1795262407000", "3", int64(time.Hour), 1 << 62},
		{"Sat, 21 Nov 2026 12:00:07 GMT", "0", -1, math.MinInt64},
		{"-1", "-5", 0, 0}, {"NaN", "NaN", 0, 0}, {"1e400", "Inf", 0, 0}, {"", "", 0, 0},
	} {
		f.Add(s.reset, s.retryAfter, s.margin, s.jitter)
	}
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, reset, retryAfter string, margin, jitter int64) {
		h := http.Header{}
		h.Set("X-RateLimit-Reset", reset)
		h.Set("X-RateLimit-Remaining", "0")
		rl, _ := ParseRateLimit(h, now)
		ra, _ := parseRetryAfter(retryAfter, now)
		if ra < 0 || ra > maxHeaderWait {
			t.Fatalf("Retry-After %q read as %v", retryAfter, ra)
		}
		wait, until, asked := rateWait(now, ra, rl.Reset, time.Duration(margin), func(int64) int64 { return jitter })
		switch {
		case wait < 0 || wait > maxHeaderWait+maxHeaderWait/10+1:
			t.Fatalf("wait %v (reset %q, Retry-After %q, margin %d, jitter %d)", wait, reset, retryAfter, margin, jitter)
		case until.Before(now):
			t.Fatalf("until %v is before now", until)
		case !asked && wait != 0:
			t.Fatalf("nothing asked, yet a wait of %v", wait)
		case asked && (wait < until.Sub(now) || wait > until.Sub(now)+until.Sub(now)/10+1):
			t.Fatalf("wait %v does not match until %v", wait, until)
		}
		_ = untilText(until, now)
	})
}
