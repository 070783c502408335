package auth

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// CallbackPath is where the browser is sent back to on 127.0.0.1.
const CallbackPath = "/callback"

// event is one thing that happened while login waits: a code (from the browser or a
// paste), a note to show, the end of pasting, or a fatal error.
type event struct {
	code, via   string
	note        string
	err         error
	pasteClosed bool
}

// callbackServer listens on 127.0.0.1 for the one redirect that carries our state.
type callbackServer struct {
	srv     *http.Server
	addr    string
	refused atomic.Int64 // requests answered with an error page: wrong state, wrong Host
}

// listenCallback binds 127.0.0.1:port (0: any free port). It binds the IPv4 loopback
// address, not "localhost", so nothing else on the network can reach it.
func listenCallback(port int) (net.Listener, error) {
	return net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
}

// serveCallback answers the redirect on ln. A request with a wrong or missing state, or
// for another Host than the address listened on (a page of another site reaching us
// through DNS rebinding), gets an error page and changes nothing (an attacker cannot
// end our sign-in): the first is told on out in one line, the rest only counted (any
// local web page could send thousands). The first good one gets a "you can close this
// tab" page and is reported on out.
func serveCallback(ctx context.Context, ln net.Listener, state string, out chan<- event) *callbackServer {
	var once sync.Once
	s := &callbackServer{addr: ln.Addr().String()}
	refuse := func(w http.ResponseWriter, status int, title, text string) {
		page(w, status, title, text)
		if s.refused.Add(1) == 1 {
			report(ctx, out, event{note: "The browser was sent back with an address that does not belong to this sign-in; ignored it (more like it are only counted)."})
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc(CallbackPath, func(w http.ResponseWriter, r *http.Request) {
		if r.Host != s.addr {
			refuse(w, http.StatusMisdirectedRequest, "Not here", "This address only answers http://"+s.addr+".")
			return
		}
		if r.Method != http.MethodGet {
			page(w, http.StatusMethodNotAllowed, "Not here", "This address only takes the browser's redirect.")
			return
		}
		p := fromRedirect(r.URL.Query(), state)
		switch {
		case p.fatal != nil:
			page(w, http.StatusOK, "Sign-in refused", "The sign-in was refused. Go back to the terminal.")
			once.Do(func() { report(ctx, out, event{err: p.fatal}) })
		case p.code == "":
			refuse(w, http.StatusBadRequest, "Sign-in refused",
				"This address does not belong to the sign-in that is waiting in your terminal ("+p.retry+"). Start again from the terminal.")
		default:
			done := false
			once.Do(func() { done = true })
			if !done {
				page(w, http.StatusOK, "Already signed in", "This sign-in is finished. You can close this tab.")
				return
			}
			page(w, http.StatusOK, "Signed in", "funnels is signed in. You can close this tab and go back to the terminal.")
			report(ctx, out, event{code: p.code, via: "browser"})
		}
	})
	// ErrorLog discarded: the standard logger writes to stderr, over our prompt.
	s.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ErrorLog: log.New(io.Discard, "", 0)}
	go func() {
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			report(ctx, out, event{note: fmt.Sprintf("The local listener stopped (%v); paste the address instead.", err)})
		}
	}()
	return s
}

// refusedNote says how many requests were refused, for the line that ends the wait;
// "" when at most one was (that one was told when it came).
func (s *callbackServer) refusedNote() string {
	if s == nil {
		return ""
	}
	if n := s.refused.Load(); n > 1 {
		return fmt.Sprintf(" (%d requests to the sign-in address that did not belong to it were refused)", n)
	}
	return ""
}

// close stops listening; a page being written is finished first.
func (s *callbackServer) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := s.srv.Shutdown(ctx); err != nil {
		_ = s.srv.Close()
	}
}

func report(ctx context.Context, out chan<- event, e event) {
	select {
	case out <- e:
	case <-ctx.Done():
	}
}

// page writes a small page; nothing from the request is echoed into it.
func page(w http.ResponseWriter, status int, title, text string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	fmt.Fprintf(w, "<!doctype html><meta charset=utf-8><title>funnels: %s</title><body style=\"font-family:sans-serif;margin:3em\"><h1>%s</h1><p>%s</p></body>\n",
		html.EscapeString(title), html.EscapeString(title), html.EscapeString(text))
}
