package doctor_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
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
	h := clitest.NewHome(t)
	h.Vars["FUNNELS_BASE_URL"] = silentServer(t)
	h.Vars["FUNNELS_TOKEN"] = "pit-silent"
	h.Vars["FUNNELS_LOCATION_ID"] = "Loc1"
	start := time.Now()
	h.Run("doctor", "--timeout", "2s").Want(t, cmdutil.ExitAPI, "err:no route gave an answer", "err:2s (--timeout)")
	if took := time.Since(start); took > time.Minute {
		t.Errorf("doctor took %s with --timeout 2s", took)
	}
	r := h.Run("doctor", "--timeout", "0s").Want(t, cmdutil.ExitUsage, "err:--timeout")
	if !strings.Contains(r.Stderr, "more than 0") {
		t.Errorf("stderr: %s", r.Stderr)
	}
}
