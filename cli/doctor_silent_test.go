package cli

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// silentServer takes every connection and never answers, until the test ends.
func silentServer(t *testing.T) string {
	t.Helper()
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	t.Cleanup(func() { close(done); srv.Close() })
	return srv.URL
}

// doctor against a server that takes connections and never answers gives up when
// --timeout is up (each route waiting at most 10 s of it), says so and exits 1.
func TestDoctorGivesUpOnASilentServer(t *testing.T) {
	h := newHome(t)
	h.vars["FUNNELS_BASE_URL"] = silentServer(t)
	h.vars["FUNNELS_TOKEN"] = "pit-silent"
	h.vars["FUNNELS_LOCATION_ID"] = "Loc1"
	start := time.Now()
	h.run("doctor", "--timeout", "2s").want(t, ExitAPI, "err:no route gave an answer", "err:2s (--timeout)")
	if took := time.Since(start); took > time.Minute {
		t.Errorf("doctor took %s with --timeout 2s", took)
	}
	r := h.run("doctor", "--timeout", "0s").want(t, ExitUsage, "err:--timeout")
	if !strings.Contains(r.stderr, "more than 0") {
		t.Errorf("stderr: %s", r.stderr)
	}
}
