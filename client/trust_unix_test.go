//go:build unix

package client_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestReadCertificatesFile: a file of certificates is read; a path not there matches
// fs.ErrNotExist; a folder, a pipe (not waited on) and a file with no certificate are
// no file of certificates.
func TestReadCertificatesFile(t *testing.T) {
	srv, _ := sandboxtest.TLS(t, `{}`)
	dir := t.TempDir()
	good, key, pipe := filepath.Join(dir, "ca.pem"), filepath.Join(dir, "key.pem"), filepath.Join(dir, "pipe")
	if err := os.WriteFile(good, sandboxtest.CertPEM(srv), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, []byte("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Fatal(err)
	}
	if cas, err := client.ReadCertificatesFile(good); err != nil || len(cas) != 1 {
		t.Errorf("a file of one certificate: %v %v", cas, err)
	}
	if _, err := client.ReadCertificatesFile(filepath.Join(dir, "missing.pem")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("not there: %v", err)
	}
	for _, p := range []string{dir, pipe, key} {
		if _, err := client.ReadCertificatesFile(p); !errors.Is(err, client.ErrNotCertificatesFile) {
			t.Errorf("%s: %v", p, err)
		}
	}
}
