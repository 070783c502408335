package sandboxtest

import (
	"encoding/pem"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// TLS starts an HTTPS server answering every request with body (JSON) on a random
// loopback port, with a certificate of its own that no machine trusts (made out to
// 127.0.0.1 and example.com), closed when the test ends; conns counts the
// connections made to it. Its Client trusts it.
func TLS(t testing.TB, body string) (srv *httptest.Server, conns *atomic.Int32) {
	t.Helper()
	conns = new(atomic.Int32)
	srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshakes a client refused
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv, conns
}

// CertPEM is srv's certificate (made by TLS) in PEM: the authority a client is handed
// to trust it.
func CertPEM(srv *httptest.Server) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
}
