package sandbox

import (
	"net/http"
	"runtime/debug"
)

// panicsSaid serves with h and says a panic of h through logf (Options.Logf), with the
// request and the stack, before the connection is dropped as net/http drops it: the
// API served over HTTPS has no error log (the handshakes clients refuse would fill
// it), and a fault of the sandbox must not go unsaid there.
type panicsSaid struct {
	h    http.Handler
	logf func(format string, args ...any)
}

func (p panicsSaid) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		if v != http.ErrAbortHandler && p.logf != nil {
			p.logf("sandbox: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
		}
		panic(http.ErrAbortHandler) // dropped without net/http's own line
	}()
	p.h.ServeHTTP(w, r)
}
