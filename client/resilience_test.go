package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

func isStatus(err error, code int) bool { return client.StatusCode(err) == code }

func errorsAs[T any](err error, target *T) bool { return errors.As(err, target) }

func TestErrorClasses(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{}, func(o *client.Options) { o.MaxRetries = -1 })
	ctx := ctxT(t)

	// 401: unknown token. The error names the status but never the token.
	bad, _ := client.New(client.Options{BaseURL: sb.URL, TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "pit-not-a-real-token-123"})})
	_, _, err := bad.GeoLocation(ctx)
	if !errors.Is(err, client.ErrUnauthorized) || strings.Contains(err.Error(), "pit-not-a-real-token-123") {
		t.Errorf("401: %v", err)
	}
	// 403: the read-only token writing.
	ro, _ := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(), TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.ReadOnlyToken()})})
	if _, _, err := ro.CreateFolder(ctx, client.CreateFolderRequest{Name: "x", Type: "funnel"}); !errors.Is(err, client.ErrForbidden) {
		t.Errorf("403: %v", err)
	}
	if _, _, err := ro.GeoLocation(ctx); err != nil {
		t.Errorf("the read-only token may read: %v", err)
	}
	// 404.
	if _, _, err := c.Page(ctx, "no-such-page"); !errors.Is(err, client.ErrNotFound) {
		t.Errorf("404: %v", err)
	}
	// 422 with messages.
	_, _, err = c.CreateFolder(ctx, client.CreateFolderRequest{Name: "", Type: "funnel"})
	var apiErr *client.APIError
	if !errors.Is(err, client.ErrValidation) || !errors.As(err, &apiErr) || len(apiErr.Messages) == 0 || apiErr.TraceID == "" {
		t.Errorf("422: %#v", err)
	}
	// 400, 429 and 5xx injected by the sandbox.
	for _, tc := range []struct {
		status int
		is     error
	}{{400, client.ErrBadRequest}, {429, client.ErrRateLimited}, {500, client.ErrServer}, {503, client.ErrServer}} {
		sb.Server.FailNext(tc.status, 1, "")
		_, _, err := c.GeoLocation(ctx)
		if !errors.Is(err, tc.is) || client.StatusCode(err) != tc.status {
			t.Errorf("%d: got %v", tc.status, err)
		}
	}
}

func TestNonJSONBodiesAreErrorsNotPanics(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/funnels/funnel/geo-location":
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(502)
			w.Write([]byte("<html><body>\x1b[2JBad Gateway</body></html>"))
		default:
			w.WriteHeader(200)
			w.Write([]byte("<html>maintenance</html>"))
		}
	}))
	defer srv.Close()
	c, _ := client.New(client.Options{BaseURL: srv.URL, MaxRetries: -1, TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "t"})})
	_, _, err := c.GeoLocation(context.Background())
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 502 || !strings.Contains(apiErr.Message(), "not JSON") || strings.ContainsRune(err.Error(), 0x1b) {
		t.Errorf("502 html: %v", err)
	}
	_, _, err = c.ListFunnels(context.Background(), client.ListFunnelsParams{})
	var dec *client.DecodeError
	if !errors.As(err, &dec) || dec.StatusCode != 200 || !strings.Contains(dec.Snippet, "maintenance") || !errors.Is(err, client.ErrBadResponse) {
		t.Errorf("200 html: %v", err)
	}
}

func TestHeadersOnEveryRequest(t *testing.T) {
	sbx := sandbox.New(sandbox.Options{})
	var mu sync.Mutex
	seen := map[string]http.Header{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.Method+" "+r.URL.Path] = r.Header.Clone()
		mu.Unlock()
		sbx.ServeHTTP(w, r)
	}))
	defer srv.Close()
	c, _ := client.New(client.Options{BaseURL: srv.URL, LocationID: sbx.LocationID(), UserAgent: "funnels/test",
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sbx.DemoToken()})})
	ctx := ctxT(t)
	if _, _, err := c.GeoLocation(ctx); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.CustomFonts(ctx); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.CreateFolder(ctx, client.CreateFolderRequest{Name: "Hdr", Type: "funnel"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.SendConversion(ctx, client.ConversionRequest{EventName: "Lead"}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	for key, h := range seen {
		if h.Get("Version") != "2021-07-28" || h.Get("User-Agent") != "funnels/test" {
			t.Errorf("%s: Version %q User-Agent %q", key, h.Get("Version"), h.Get("User-Agent"))
		}
		conv := key == "POST /funnels/event/conversion"
		if got := h.Get("Authorization"); conv != (got == "") {
			t.Errorf("%s: Authorization present=%v", key, got != "")
		}
		withBody := key == "POST /funnels/funnel/folder/create" || conv
		if (h.Get("Content-Type") == "application/json") != withBody {
			t.Errorf("%s: Content-Type %q", key, h.Get("Content-Type"))
		}
	}
}

// TestPacingBurstOfThreeTimesTheLimit: 3× the limit at once against a short window
// ends with no 429 surfaced, and the sandbox saw the limit respected.
func TestPacingBurstOfThreeTimesTheLimit(t *testing.T) {
	const limit = 10
	c, sb := newTestClient(t, sandbox.Options{Limit: limit, Window: time.Second}, func(o *client.Options) {
		o.Limit, o.Window = limit, time.Second
	})
	ctx := ctxT(t)
	var wg sync.WaitGroup
	errs := make(chan error, 3*limit)
	for i := 0; i < 3*limit; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := c.GeoLocation(ctx); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("surfaced: %v", err)
	}
	n, statuses := countRequests(sb, "GET", "/funnels/funnel/geo-location")
	tooMany := 0
	for _, s := range statuses {
		if s == 429 {
			tooMany++
		}
	}
	if n-tooMany != 3*limit {
		t.Errorf("sandbox answered %d of %d", n-tooMany, 3*limit)
	}
	t.Logf("%d requests reached the sandbox, %d of them 429 (retried)", n, tooMany)
	if tooMany > limit/2 {
		t.Errorf("pacing let %d requests trip the limit", tooMany)
	}
	if r := c.Rate(); !r.Known() || r.Limit != limit {
		t.Errorf("rate snapshot %+v", r)
	}
}

func TestRateSnapshotAndSubscriber(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{Limit: 50, Window: 10 * time.Second})
	ev := collect(c)
	ctx := ctxT(t)
	for i := 0; i < 3; i++ {
		if _, _, err := c.GeoLocation(ctx); err != nil {
			t.Fatal(err)
		}
	}
	r := c.Rate()
	if r.Limit != 50 || r.Remaining != 47 || r.ResetIn(time.Now()) <= 0 || r.DailyLimit <= 0 {
		t.Errorf("snapshot %+v", r)
	}
	rates := ev.count(func(e client.Event) bool { _, ok := e.(client.RateEvent); return ok })
	done := ev.count(func(e client.Event) bool { _, ok := e.(client.RequestFinished); return ok })
	if rates < 3 || done != 3 {
		t.Errorf("events: %d rate, %d finished", rates, done)
	}
	if c.InFlight() != 0 {
		t.Errorf("in flight %d after all returned", c.InFlight())
	}
}

func TestRetriesGETOnly(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ev := collect(c)
	ctx := ctxT(t)

	sb.Server.FailNext(503, 2, "/funnels/funnel/geo-location")
	if _, resp, err := c.GeoLocation(ctx); err != nil || resp.Attempts != 3 {
		t.Fatalf("GET after two 503s: %v (attempts %v)", err, resp)
	}
	if rs := ev.retries(); len(rs) != 2 || !strings.Contains(rs[0].String(), "503") {
		t.Errorf("retry events: %v", rs)
	}

	sb.Server.ResetLog()
	sb.Server.FailNext(500, 1, "/funnels/funnel/folder/create")
	_, _, err := c.CreateFolder(ctx, client.CreateFolderRequest{Name: "Once", Type: "funnel"})
	if !errors.Is(err, client.ErrServer) {
		t.Fatalf("POST after 500: %v", err)
	}
	if n, _ := countRequests(sb, "POST", "/funnels/funnel/folder/create"); n != 1 {
		t.Errorf("a POST was sent %d times after a 500", n)
	}

	// A 429 was not processed: a POST goes again.
	sb.Server.ResetLog()
	sb.Server.FailNext(429, 1, "/funnels/funnel/folder/create")
	if _, _, err := c.CreateFolder(ctx, client.CreateFolderRequest{Name: "Twice", Type: "funnel"}); err != nil {
		t.Fatalf("POST after 429: %v", err)
	}
	if n, st := countRequests(sb, "POST", "/funnels/funnel/folder/create"); n != 2 || st[0] != 429 || st[1] != 201 {
		t.Errorf("POST after 429: %d sends, statuses %v", n, st)
	}
	found := false
	for _, r := range ev.retries() {
		if strings.HasPrefix(r.String(), "rate limited, retrying in") {
			found = true
		}
	}
	if !found {
		t.Errorf("no 'rate limited, retrying in' event: %v", ev.retries())
	}
}

func TestDroppedConnections(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{}, func(o *client.Options) { o.MaxRetries = 2 })
	ctx := ctxT(t)
	sb.Server.SetFaults(sandbox.Faults{DropRate: 1})
	_, _, err := c.GeoLocation(ctx)
	if !errors.Is(err, client.ErrNetwork) {
		t.Fatalf("all dropped: %v", err)
	}
	if n, _ := countRequests(sb, "GET", "/funnels/funnel/geo-location"); n != 3 {
		t.Errorf("GET sent %d times, want 1 + 2 retries", n)
	}
	sb.Server.ResetLog()
	_, _, err = c.CreateFolder(ctx, client.CreateFolderRequest{Name: "Dropped", Type: "funnel"})
	if !errors.Is(err, client.ErrNetwork) {
		t.Fatalf("POST dropped: %v", err)
	}
	if n, _ := countRequests(sb, "POST", "/funnels/funnel/folder/create"); n != 1 {
		t.Errorf("a dropped POST was sent %d times", n)
	}
	sb.Server.SetFaults(sandbox.Faults{TruncateRate: 1})
	if _, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{}); !errors.Is(err, client.ErrNetwork) {
		t.Errorf("truncated: %v", err)
	}
	sb.Server.SetFaults(sandbox.Faults{})
	if _, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{}); err != nil {
		t.Errorf("recovered: %v", err)
	}
}

func TestCancellation(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{Faults: sandbox.Faults{Latency: 5 * time.Second}})
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	start := time.Now()
	// Latency is random up to 5 s; a few tries make sure one is cut short.
	var err error
	for i := 0; i < 5 && err == nil; i++ {
		_, _, err = c.GeoLocation(ctx)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want deadline exceeded, got %v", err)
	}
	if time.Since(start) > 2*time.Second {
		t.Errorf("cancellation took %v", time.Since(start))
	}
	// The request's record says it ended with its caller's context.
	var mu sync.Mutex
	var recs []client.RequestRecord
	unsub := c.Subscribe(func(ev client.Event) {
		if f, ok := ev.(client.RequestFinished); ok && f.Record.Path == "/funnels/funnel/geo-location" {
			mu.Lock()
			recs = append(recs, f.Record) // not the funnel list that tells the 403 of the route from the token's
			mu.Unlock()
		}
	})
	cut, cancelCut := context.WithCancel(context.Background())
	cancelCut()
	_, _, _ = c.GeoLocation(cut)
	sb.Server.SetFaults(sandbox.Faults{})
	sb.Server.FailNext(403, 1, "/funnels/funnel/geo-location")
	_, _, _ = c.GeoLocation(ctxT(t))
	unsub()
	mu.Lock()
	if len(recs) != 2 || !recs[0].Canceled || recs[0].Err == "" || recs[1].Canceled || recs[1].Status != 403 {
		t.Errorf("records: cancelled %+v; refused %+v", recs[0], recs[len(recs)-1])
	}
	mu.Unlock()

	// A wait for a 429's Retry-After also ends with ctx.
	c2, sb2 := newTestClient(t, sandbox.Options{Limit: 1, Window: 30 * time.Second})
	ctx2 := ctxT(t)
	if _, _, err := c2.GeoLocation(ctx2); err != nil {
		t.Fatal(err)
	}
	_ = sb2
	ctx3, cancel3 := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel3()
	start = time.Now()
	_, _, err = c2.GeoLocation(ctx3)
	if err == nil || time.Since(start) > 2*time.Second {
		t.Errorf("waiting out the limit ignored ctx: %v after %v", err, time.Since(start))
	}
}

func TestResetGateHoldsAtZeroRemaining(t *testing.T) {
	// The server allows 3 per 2 s but does not say its limit; the client thinks it may
	// send 100 per 10 s. Only the Remaining/Reset headers can keep it from a 429.
	var mu sync.Mutex
	var times []time.Time
	windowStart := time.Now()
	count := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		now := time.Now()
		if now.Sub(windowStart) >= 2*time.Second {
			windowStart, count = now, 0
		}
		count++
		times = append(times, now)
		reset := windowStart.Add(2 * time.Second)
		remaining := 3 - count
		if remaining < 0 {
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Reset", itoa(reset.UnixMilli()))
			w.WriteHeader(429)
			w.Write([]byte(`{"statusCode":429,"message":"Too many requests"}`))
			return
		}
		w.Header().Set("X-RateLimit-Remaining", itoa(int64(remaining)))
		w.Header().Set("X-RateLimit-Reset", itoa(reset.UnixMilli()))
		w.Write([]byte(`{"country":"US"}`))
	}))
	defer srv.Close()
	c, _ := client.New(client.Options{BaseURL: srv.URL, MaxRetries: -1, TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "t"})})
	for i := 0; i < 5; i++ {
		if _, _, err := c.GeoLocation(ctxT(t)); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
}

func TestUnauthorizedRefreshesOnceAndRetries(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	first := sb.Server.IssueToken(time.Hour)
	src := &swapSource{current: first, next: func() string { return sb.Server.IssueToken(time.Hour) }}
	c, _ := client.New(client.Options{BaseURL: sb.URL, TokenSource: src})
	ctx := ctxT(t)
	if _, _, err := c.GeoLocation(ctx); err != nil {
		t.Fatal(err)
	}
	sb.Server.ExpireAccessTokens()
	if _, _, err := c.GeoLocation(ctx); err != nil {
		t.Fatalf("after expiry: %v", err)
	}
	if len(src.invalidated) != 1 || src.invalidated[0] != first {
		t.Errorf("invalidated %d tokens", len(src.invalidated))
	}
	// A source that cannot do better: one 401, no loop.
	stuck := &swapSource{current: "pit-revoked"}
	c2, _ := client.New(client.Options{BaseURL: sb.URL, TokenSource: stuck})
	sb.Server.ResetLog()
	if _, _, err := c2.GeoLocation(ctx); !errors.Is(err, client.ErrUnauthorized) {
		t.Errorf("stuck source: %v", err)
	}
	if n, _ := countRequests(sb, "GET", "/funnels/funnel/geo-location"); n != 1 {
		t.Errorf("stuck source sent %d requests", n)
	}
}

func TestTokenSourceFailureIsAuthError(t *testing.T) {
	c, _ := client.New(client.Options{BaseURL: "http://127.0.0.1:1", TokenSource: failingSource{}})
	_, _, err := c.GeoLocation(context.Background())
	var ae *client.AuthError
	if !errors.As(err, &ae) || !errors.Is(err, client.ErrUnauthorized) || !errors.Is(err, errLoginRequired) {
		t.Errorf("got %v", err)
	}
}

var errLoginRequired = errors.New("run funnels login")

type failingSource struct{}

func (failingSource) Token() (*oauth2.Token, error) { return nil, errLoginRequired }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestA429StormIsRiddenOut: twenty 429s in a row, with concurrent GETs and POSTs in
// flight, end with every request answered, each POST processed once, and the waits
// reported as "rate limited".
func TestA429StormIsRiddenOut(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ev := collect(c)
	ctx := ctxT(t)
	sb.Server.FailNext(429, 20, "")
	var wg sync.WaitGroup
	errs := make(chan error, 12)
	for i := 0; i < 12; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			var err error
			if i%4 == 0 {
				_, _, err = c.CreateFolder(ctx, client.CreateFolderRequest{Name: "Storm " + strconv.Itoa(i), Type: "funnel"})
			} else {
				_, _, err = c.GeoLocation(ctx)
			}
			if err != nil {
				errs <- err
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("surfaced: %v", err)
	}
	created := 0
	tooMany := 0
	for _, r := range sb.Server.Requests() {
		if r.Status == 429 {
			tooMany++
		}
		if r.Path == "/funnels/funnel/folder/create" && r.Status == 201 {
			created++
		}
	}
	if tooMany != 20 || created != 3 {
		t.Errorf("sandbox answered %d × 429 (want 20) and created %d folders (want 3)", tooMany, created)
	}
	for _, r := range ev.retries() {
		if !strings.HasPrefix(r.String(), "rate limited, retrying in") {
			t.Errorf("retry event %q", r.String())
		}
	}
	if len(ev.retries()) < 12 {
		t.Errorf("only %d retries reported", len(ev.retries()))
	}
}
