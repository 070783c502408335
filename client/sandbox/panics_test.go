package sandbox

import (
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestAPanicOfAHandlerIsSaid: served with no error log (as the API over HTTPS is), a
// handler's panic is said through Logf with the request, and the connection dropped;
// a handler that aborts on purpose (http.ErrAbortHandler) is not said.
func TestAPanicOfAHandlerIsSaid(t *testing.T) {
	var mu sync.Mutex
	var said []string
	logf := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		said = append(said, fmt.Sprintf(format, args...))
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/abort" {
			panic(http.ErrAbortHandler)
		}
		panic("a fault of the sandbox")
	})
	srv := httptest.NewUnstartedServer(panicsSaid{h: h, logf: logf})
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.Start()
	defer srv.Close()
	for _, path := range []string{"/funnels/funnel/list", "/abort"} {
		if resp, err := http.Get(srv.URL + path); err == nil {
			resp.Body.Close()
			t.Errorf("%s answered %s after a panic", path, resp.Status)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(said) != 1 || !strings.HasPrefix(said[0], "sandbox: panic serving GET /funnels/funnel/list: a fault of the sandbox\n") ||
		!strings.Contains(said[0], "panics_test.go") {
		t.Errorf("said %q", said)
	}
}
