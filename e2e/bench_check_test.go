package e2e

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// The check_10k_urls figure: `funnels check`, the binary, over an index of funnels
// on as many hosts, every step live, against a loopback TLS server of its own
// authority that answers every host after a delay, and a plain one that redirects
// to it. Its baseline is the politeness bound: with at most perHost requests to a
// host at once, the step addresses take (steps ÷ (hosts × perHost)) × delay at best.

// checkConfig sizes the figure.
type checkConfig struct {
	hosts, stepsPerHost int
	delay               time.Duration
	perHost, rounds     int
}

// measureCheck measures check_10k_urls and rss_check_10k_urls.
func measureCheck(cc checkConfig) ([]benchFigure, error) {
	dir, err := os.MkdirTemp("", "funnels-bench-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := checkIndex(dir, cc); err != nil {
		return nil, err
	}
	caFile := filepath.Join(dir, "ca.pem")
	secure, plain, err := benchSites(cc.delay, caFile)
	if err != nil {
		return nil, err
	}
	defer secure.Close()
	defer plain.Close()
	env := []string{"HOME=" + dir, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "PATH=" + os.Getenv("PATH"), "FUNNELS_INSECURE_STORAGE=1"}
	run := func() *exec.Cmd {
		cmd := exec.Command(binPath, "check", "--resolve", "*:443:"+secure.Addr().String(), "--resolve", "*:80:"+plain.Addr().String(),
			"--ca-file", caFile, "--no-dns", "--per-host", strconv.Itoa(cc.perHost), "--json",
			"--profile", benchProfile, "--base-url", benchBaseURL, "--token", "bench-token", "--location", benchLocation)
		cmd.Env = env
		return cmd
	}
	// The floor of the same binary over the same index: its state read, no page asked.
	status := func() *exec.Cmd {
		cmd := exec.Command(binPath, "cache", "status", "--profile", benchProfile, "--base-url", benchBaseURL, "--token", "bench-token", "--location", benchLocation)
		cmd.Env = env
		return cmd
	}
	var took, cpu []time.Duration
	var rss, floor []float64
	for range cc.rounds {
		cmd := run()
		r, err := runProcess(cmd) // an error found would exit 1: none is seeded
		if err != nil {
			return nil, err
		}
		took, rss = append(took, r.took), append(rss, r.rss)
		cpu = append(cpu, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
		f, err := runProcess(status())
		if err != nil {
			return nil, err
		}
		floor = append(floor, f.rss)
	}
	steps := cc.hosts * cc.stepsPerHost
	bound := time.Duration(ceilDiv(steps, cc.hosts*cc.perHost)) * cc.delay
	return []benchFigure{{
		Name: "check_10k_urls", N: steps, Value: ms(median(took)), Unit: "ms", Baseline: ms(bound),
		BaselineIs: fmt.Sprintf("the politeness bound: %d step addresses ÷ (%d hosts × %d at once) × %v", steps, cc.hosts, cc.perHost, cc.delay),
		Note: fmt.Sprintf("the binary, `funnels check --per-host %d --json` of %d funnels of %d live steps, each funnel on a host of its own, "+
			"every page answering after %v over TLS (and each domain's root over https and http besides), start to exit, median of %d; "+
			"the process's CPU time (user and system) %v, the servers' in this process besides, on %d cores",
			cc.perHost, cc.hosts, cc.stepsPerHost, cc.delay, cc.rounds, median(cpu).Round(time.Millisecond), runtime.NumCPU()),
	}, {
		Name: "rss_check_10k_urls", N: steps, Value: medianF(rss), Unit: "MB", Baseline: medianF(floor),
		BaselineIs: "the peak RSS of `funnels cache status` over the same index: the binary and the index, no page asked",
		Note:       "peak RSS of the check process (its VmHWM, read while it runs), median of the runs",
	}}, nil
}

// checkIndex writes the index the bench profile reads: hosts funnels, each on
// hN.bench.test with stepsPerHost live steps, marked crawled.
func checkIndex(dir string, cc checkConfig) error {
	store := index.Open(index.PathFor(filepath.Join(dir, "cache", "funnels"), benchProfile, benchBaseURL, benchLocation),
		index.KeyOf(benchBaseURL, benchLocation))
	defer store.Close()
	now := time.Now()
	return store.Update(context.Background(), func(w *index.Writer) error {
		for h := range cc.hosts {
			f := client.Funnel{ID: benchID('f', h), Name: benchName(h), Type: "funnel", URL: "/f" + strconv.Itoa(h),
				DomainName: "h" + strconv.Itoa(h) + ".bench.test", StepsKnown: true, DateUpdated: now}
			for s := range cc.stepsPerHost {
				id := h*cc.stepsPerHost + s
				// A page the index never read is taken as live, as the step's list says.
				f.Steps = append(f.Steps, client.Step{ID: benchID('s', id), Name: "Step " + strconv.Itoa(s), URL: "/s" + strconv.Itoa(s),
					Type: "optin_funnel_page", Sequence: s + 1, Pages: []string{benchID('p', id)}})
			}
			if err := w.PutFunnel(index.FunnelOf(f, now)); err != nil {
				return err
			}
		}
		if err := w.MarkCrawled(); err != nil {
			return err
		}
		return w.RecordCrawl()
	})
}

// benchSites serves every host of .bench.test over TLS, each page after delay, with
// a certificate of an authority made here (written to caFile), and in plain HTTP a
// redirect to HTTPS. It returns the two listeners' servers.
func benchSites(delay time.Duration, caFile string) (secure, plain *checkSite, err error) {
	cert, caPEM, err := benchCertificate()
	if err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(caFile, caPEM, 0o600); err != nil {
		return nil, nil, err
	}
	page := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprintf(w, `<!doctype html><html><head><title>%s</title><meta name="description" content="A page of the bench.">`+
			`<link rel="canonical" href="https://%s%s"></head><body>bench</body></html>`, r.URL.Path, r.Host, r.URL.Path)
	})
	secure, err = startCheckSite(page, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
	if err != nil {
		return nil, nil, err
	}
	plain, err = startCheckSite(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://"+r.Host+r.URL.RequestURI(), http.StatusMovedPermanently)
	}), nil)
	if err != nil {
		secure.Close()
		return nil, nil, err
	}
	return secure, plain, nil
}

// checkSite is a server of the pages on a loopback port.
type checkSite struct {
	srv *http.Server
	ln  net.Listener
}

func startCheckSite(h http.Handler, tlsConf *tls.Config) (*checkSite, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &checkSite{srv: &http.Server{Handler: h, TLSConfig: tlsConf, ReadHeaderTimeout: 10 * time.Second, ErrorLog: log.New(io.Discard, "", 0)}, ln: ln}
	go func() {
		if tlsConf != nil {
			_ = s.srv.ServeTLS(ln, "", "")
		} else {
			_ = s.srv.Serve(ln)
		}
	}()
	return s, nil
}

func (s *checkSite) Addr() net.Addr { return s.ln.Addr() }
func (s *checkSite) Close()         { _ = s.srv.Close() }

// benchCertificate is a certificate for *.bench.test, valid a year, and the PEM of
// the authority that signed it.
func benchCertificate() (tls.Certificate, []byte, error) {
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	now := time.Now()
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "funnels bench CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(365 * 24 * time.Hour),
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true, IsCA: true}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "*.bench.test"}, DNSNames: []string{"*.bench.test"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(365 * 24 * time.Hour),
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), nil
}
