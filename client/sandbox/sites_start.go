package sandbox

import (
	"crypto/tls"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"time"
)

// siteServers are the two listeners of the public pages, HTTPS and HTTP.
type siteServers struct {
	servers []*http.Server
	done    chan struct{}
}

// startSites serves the public pages on two new loopback ports, when they are
// enabled.
func (r *Running) startSites() error {
	ss := r.Server.sites
	if ss == nil {
		return nil
	}
	ca, err := newSiteCA(r.Server.now())
	if err != nil {
		return err
	}
	tlsLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("sandbox sites: listen: %w", err)
	}
	plainLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tlsLn.Close()
		return fmt.Errorf("sandbox sites: listen: %w", err)
	}
	ss.mu.Lock()
	ss.ca, ss.https, ss.http = ca, tlsLn.Addr().String(), plainLn.Addr().String()
	ss.rebuild()
	ss.mu.Unlock()
	// A handshake for a host not served fails by design: it is not worth a line on
	// the sandbox's terminal.
	secure := &http.Server{Handler: http.HandlerFunc(ss.serveTLS), ReadHeaderTimeout: 10 * time.Second,
		TLSConfig: &tls.Config{GetCertificate: ss.certificate, MinVersion: tls.VersionTLS12},
		ErrorLog:  log.New(io.Discard, "", 0)}
	plain := &http.Server{Handler: http.HandlerFunc(ss.servePlain), ReadHeaderTimeout: 10 * time.Second}
	r.sites = &siteServers{servers: []*http.Server{secure, plain}, done: make(chan struct{}, 2)}
	go func() {
		_ = secure.ServeTLS(tlsLn, "", "")
		r.sites.done <- struct{}{}
	}()
	go func() {
		_ = plain.Serve(plainLn)
		r.sites.done <- struct{}{}
	}()
	return nil
}

// closeSites stops both listeners and waits for them.
func (r *Running) closeSites() {
	if r.sites == nil {
		return
	}
	for _, srv := range r.sites.servers {
		_ = srv.Close()
	}
	for range r.sites.servers {
		<-r.sites.done
	}
}
