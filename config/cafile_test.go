package config

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCAFile: the file of authorities comes from FUNNELS_CA_FILE, else [api] ca_file
// (a relative path taken from the config file's folder), the same for every profile
// and without one being resolved; `config get` says where it came from, and `config
// set` keeps the path whole.
func TestCAFile(t *testing.T) {
	getenv, _ := env(t, map[string]string{"FUNNELS_LOCATION_ID": "not a location!"})
	if file, from, err := CAFile(getenv); err != nil || file != "" || from != "" {
		t.Errorf("none named: %q %q %v", file, from, err)
	}
	path := writeFile(t, getenv, "[api]\nca_file = \"certs/proxy.pem\"\n", 0o600)
	want := filepath.Join(filepath.Dir(path), "certs", "proxy.pem")
	file, from, err := CAFile(getenv) // no profile resolved: the bad location is not met
	if err != nil || file != want || from != "[api] ca_file in "+path {
		t.Errorf("from the file: %q %q %v", file, from, err)
	}

	getenv2, _ := env(t, map[string]string{"FUNNELS_CA_FILE": "/etc/proxy.pem"})
	writeFile(t, getenv2, "[api]\nca_file = \"/elsewhere.pem\"\n", 0o600)
	cfg, err := Load(getenv2, Flags{})
	if err != nil {
		t.Fatal(err)
	}
	if value, origin, err := cfg.Setting(KeyCAFile); err != nil || value != "/etc/proxy.pem" || origin != "FUNNELS_CA_FILE" {
		t.Errorf("the environment over the file: %q %q %v", value, origin, err)
	}

	dir := t.TempDir()
	t.Chdir(dir)
	cfgPath := filepath.Join(t.TempDir(), "config.toml")
	if err := SetInFile(cfgPath, "default", KeyCAFile, "ca.pem"); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("a file not there: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "key.pem"), []byte("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := SetInFile(cfgPath, "default", KeyCAFile, "key.pem"); err == nil || !strings.Contains(err.Error(), "no certificate") {
		t.Errorf("a file with no certificate: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ca.pem"), selfSignedPEM(t), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := SetInFile(cfgPath, "default", KeyCAFile, "ca.pem"); err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(cfgPath)
	if !strings.Contains(string(text), "[api]") || !strings.Contains(string(text), `ca_file = "`+filepath.Join(dir, "ca.pem")+`"`) {
		t.Errorf("config set api.ca_file ca.pem wrote:\n%s", text)
	}
	if err := SetInFile(cfgPath, "default", KeyCAFile, " "); err == nil {
		t.Error("an empty path was kept")
	}
}

// selfSignedPEM is a certificate authority of its own, in PEM.
func selfSignedPEM(t *testing.T) []byte {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "proxy CA"},
		NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}
