package sandbox

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"sync"
	"time"
)

// Running is a sandbox serving on a loopback address.
type Running struct {
	URL    string // base URL, e.g. http://127.0.0.1:40123 (https:// with Options.TLS)
	Server *Server

	srv       *http.Server
	sites     *siteServers // the public pages (Options.Sites); nil when not served
	caPEM     []byte       // the authority of the API's certificate (Options.TLS)
	done      chan struct{}
	closeOnce sync.Once
	closeErr  error
}

// Start serves a new sandbox on addr ("" → "127.0.0.1:0", a random port) in a
// goroutine. Only loopback addresses are accepted.
func Start(addr string, opts Options) (*Running, error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	if err := CheckLoopback(addr); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("sandbox: listen on %s: %w", addr, err)
	}
	s, err := open(opts)
	if err != nil {
		ln.Close()
		return nil, err
	}
	r := &Running{
		URL:    "http://" + ln.Addr().String(),
		Server: s,
		srv:    &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second},
		done:   make(chan struct{}),
	}
	if opts.TLS {
		if err := r.secure(ln.Addr().String()); err != nil {
			ln.Close()
			return nil, err
		}
	}
	if err := r.startSites(); err != nil {
		ln.Close()
		return nil, err
	}
	go func() {
		defer close(r.done)
		if r.srv.TLSConfig != nil {
			_ = r.srv.ServeTLS(ln, "", "") // HTTP/2 offered, as the real service does
			return
		}
		_ = r.srv.Serve(ln) // returns http.ErrServerClosed after Close
	}()
	return r, nil
}

// secure makes the API's certificate, for the address it listens on and localhost,
// signed by an authority made now, and serves HTTPS at r.URL.
func (r *Running) secure(addr string) error {
	ca, err := newSiteCA(r.Server.now())
	if err != nil {
		return err
	}
	host, _, _ := net.SplitHostPort(addr)
	cert, err := ca.serverCert(host, r.Server.now())
	if err != nil {
		return err
	}
	r.URL, r.caPEM = "https://"+addr, ca.pem
	r.srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{*cert}, MinVersion: tls.VersionTLS12}
	// A client that refuses the certificate is not the server's trouble, and the
	// error log says nothing else a handler's own recovery does not (panicsSaid).
	r.srv.ErrorLog = log.New(io.Discard, "", 0)
	r.srv.Handler = panicsSaid{h: r.srv.Handler, logf: r.Server.opts.Logf}
	return nil
}

// CAPEM is the certificate of the authority that signed the API's certificate, in
// PEM (Options.TLS); nil when the API is served over plain HTTP.
func (r *Running) CAPEM() []byte { return r.caPEM }

// open is New, with the tokens kept in opts.StateDir taken back and kept from now on.
func open(opts Options) (*Server, error) {
	if opts.StateDir == "" {
		return New(opts), nil
	}
	k, err := loadKept(opts.StateDir)
	if err != nil {
		return nil, err
	}
	s := New(opts.restore(k))
	s.restoreTokens(k)
	s.keeper = &keeper{path: KeepPath(opts.StateDir), logf: opts.Logf, lasting: opts.lasting(k)}
	// Written at once: a state directory that cannot be written is said at the start.
	if err := s.keeper.write(s.snapshot()); err != nil {
		return nil, fmt.Errorf("%w: keeping the tokens in %s: %w", ErrStateDir, opts.StateDir, err)
	}
	return s, nil
}

// Close stops the server and closes every connection; it waits for the serving
// goroutine. Calling it again returns the first result.
func (r *Running) Close() error {
	r.closeOnce.Do(func() {
		r.closeErr = r.srv.Close()
		<-r.done
		r.closeSites()
	})
	return r.closeErr
}

// CheckLoopback reports an error unless addr is HOST:PORT with a loopback host
// (127.0.0.0/8, ::1 or localhost). The sandbox hands out tokens to anyone who asks
// its authorize endpoint: it must never listen on a network others can reach.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("sandbox: address %q is not HOST:PORT: %w", addr, err)
	}
	if host == "" {
		return errors.New("sandbox: address " + addr + " listens on every interface; use a loopback host such as 127.0.0.1")
	}
	if !isLoopbackHost(host) {
		return errors.New("sandbox: host " + host + " is not a loopback address; the sandbox only listens on 127.0.0.1, ::1 or localhost")
	}
	return nil
}
