package client

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestV3EnvelopeRead: the v3 envelope, which HighLevel documents for its OAuth
// routes, is read: the message and the resolution shown, the code and trace kept.
func TestV3EnvelopeRead(t *testing.T) {
	e := newAPIError(call{method: http.MethodGet, path: "/oauth/installedLocations"}, http.StatusNotFound, nil,
		[]byte(`{"error":{"code":"RESOURCE_NOT_FOUND","message":"Location not found","details":{"statusCode":404},"resolution":"Check the id or the path."},"traceId":"t1"}`), time.Now())
	if e.Code != "RESOURCE_NOT_FOUND" || e.Summary() != "404 Location not found — Check the id or the path." || e.TraceID != "t1" {
		t.Errorf("envelope read as %+v: %q", e, e.Summary())
	}
}

// TestDailyLimitWords: a spent day with no reset named says so; the time to a reset
// is worded in minutes, hours and days.
func TestDailyLimitWords(t *testing.T) {
	now := time.Date(2026, 4, 1, 10, 0, 0, 0, time.Local)
	api := &APIError{StatusCode: http.StatusTooManyRequests}
	if s := dailyLimitError(api, time.Time{}, now).Summary(); s != "429 the day's requests are used up — the server did not say when they reset" {
		t.Errorf("no reset: %q", s)
	}
	if s := dailyLimitError(api, now.Add(-time.Minute), now).Summary(); s != "429 the day's requests are used up — they reset at 10:00, in under a minute" {
		t.Errorf("a reset past: %q", s)
	}
	for d, want := range map[time.Duration]string{
		30 * time.Second: "in under a minute", 45 * time.Minute: "in 45 min", 3 * time.Hour: "in 3 h",
		3*time.Hour + 12*time.Minute: "in 3 h 12 min", 50 * time.Hour: "in 2 d 2 h", 48 * time.Hour: "in 2 d",
	} {
		if got := fromNowText(now.Add(d), now); got != want {
			t.Errorf("%v: %q, want %q", d, got, want)
		}
	}
}

// TestVersionBlamed: an answer of 400, 406 or 422 whose message, or body without
// one, names the version gets the Version header the request carried; a path that
// happens to hold the word, another status, or a field of another name does not.
func TestVersionBlamed(t *testing.T) {
	for _, c := range []struct {
		status  int
		body    string
		blamed  bool
		version string
	}{
		{422, `{"statusCode":422,"message":["version must be one of the following values: 2021-07-28"],"error":"Unprocessable Entity"}`, true, "2023-02-21"},
		{400, `{"statusCode":400,"message":"Version header is missing or invalid"}`, true, "v3"},
		{422, `{"statusCode":422,"errors":[{"field":"version"}]}`, true, "2023-02-21"},
		{422, `{"statusCode":422,"message":"headers.version is not supported"}`, true, "2021-07-28"},
		{406, `{"message":"Unsupported apiVersion"}`, true, "v3"},
		{422, `{"statusCode":422,"message":"path /old-version already redirects on offers.example.com"}`, false, "v3"},
		{422, `{"statusCode":422,"message":"pageVersion must be a number"}`, false, "v3"},
		{404, `{"statusCode":404,"message":"version not found"}`, false, "v3"},
		{422, ``, false, "v3"},
	} {
		e := newAPIError(call{method: http.MethodGet, path: "/funnels/funnel/list"}, c.status, nil, []byte(c.body), time.Now())
		e.noteVersion(c.version, []byte(c.body))
		if e.VersionBlamed != c.blamed {
			t.Errorf("%d %s: blamed %v", c.status, c.body, e.VersionBlamed)
		}
		hint := "the request carried Version: " + c.version
		if has := strings.Contains(e.Summary(), hint); has != c.blamed {
			t.Errorf("%d %s: %q", c.status, c.body, e.Summary())
		}
	}
}
