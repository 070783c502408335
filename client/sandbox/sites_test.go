package sandbox

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// sitesClient reaches the sandbox's sites as its resolve rules say, trusting its CA
// alone, following no redirect.
func sitesClient(t *testing.T, info Sites) *http.Client {
	t.Helper()
	rules := map[string]string{}
	for _, r := range info.Resolve {
		parts := strings.SplitN(r, ":", 3) // HOST:PORT:ADDR:PORT
		rules[parts[0]+":"+parts[1]] = parts[2]
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(info.CAPEM) {
		t.Fatal("no CA")
	}
	var d net.Dialer
	return &http.Client{
		Timeout:       10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{RootCAs: pool},
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				to, ok := rules[addr]
				if !ok {
					return nil, &net.DNSError{Err: "not in the rules", Name: addr, IsNotFound: true}
				}
				return d.DialContext(ctx, network, to)
			},
		},
	}
}

func startSites(t *testing.T, opts Options) (*Running, Sites) {
	t.Helper()
	opts.Sites.Enabled = true
	r := startT(t, opts)
	info, ok := r.Server.Sites()
	if !ok {
		t.Fatal("no sites")
	}
	return r, info
}

func get(t *testing.T, c *http.Client, u string) (*http.Response, string) {
	t.Helper()
	resp, err := c.Get(u)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

func TestSitesServeTheData(t *testing.T) {
	r, info := startSites(t, Options{Sites: SitesOptions{Slow: 300 * time.Millisecond}})
	c := sitesClient(t, info)

	resp, body := get(t, c, "https://offers.lakesidefit.com/spring-sale-opt-in")
	if resp.StatusCode != 200 || !strings.Contains(body, "<title>Opt-in · Spring Sale 2026</title>") ||
		!strings.Contains(body, `<link rel="canonical" href="https://offers.lakesidefit.com/spring-sale-opt-in">`) ||
		!strings.Contains(body, `<meta name="description"`) || strings.Contains(body, "noindex") {
		t.Errorf("a step's page: %d %s", resp.StatusCode, body)
	}
	for u, want := range map[string]string{
		"http://offers.lakesidefit.com/spring-sale-opt-in?a=1": "https://offers.lakesidefit.com/spring-sale-opt-in?a=1",
		"https://offers.lakesidefit.com/Bootcamp":              "https://offers.lakesidefit.com/bootcamp-series-opt-in",
		"https://www.lakesidefit.com/members":                  "https://www.lakesidefit.com/login",
		"https://offers.lakesidefit.com/early-bird-opt-in":     "https://offers.lakesidefit.com/bootcamp-series-early-access",
	} {
		if resp, _ := get(t, c, u); resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != want {
			t.Errorf("%s: %d → %s", u, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
	for u, want := range map[string]int{
		"https://join.lakesidefit.com/free-workout-guide-thank-you": 404, // the seeded fault
		"https://offers.lakesidefit.com/new-year-kickstart-opt-in":  404, // its funnel has no domain
		"https://offers.lakesidefit.com/no-such-page":               404,
		"https://www.instagram.com/lakesidefit":                     200, // a redirect's target elsewhere
		"https://www.lakesidefit.com/schedule/":                     200,
	} {
		if resp, _ := get(t, c, u); resp.StatusCode != want {
			t.Errorf("%s: %d, want %d", u, resp.StatusCode, want)
		}
	}
	if _, body := get(t, c, "https://join.lakesidefit.com/body-quiz-results"); !strings.Contains(body, `content="noindex`) {
		t.Errorf("noindex page: %s", body)
	}
	if _, body := get(t, c, "https://www.lakesidefit.com/pricing"); !strings.Contains(body, `href="https://www.lakesidefit.com/classes"`) {
		t.Errorf("canonical page: %s", body)
	}
	start := time.Now()
	if resp, _ := get(t, c, "https://webinars.lakesidefit.com/strength-after-40-replay"); resp.StatusCode != 200 || time.Since(start) < 300*time.Millisecond {
		t.Errorf("slow page: %d after %v", resp.StatusCode, time.Since(start))
	}

	// Certificates: the short one, a usual one, both from the CA; none for hosts not served.
	now := time.Now()
	for host, life := range map[string]time.Duration{"webinars.lakesidefit.com": siteShortCertLife, "www.lakesidefit.com": siteCertLife} {
		resp, _ := get(t, c, "https://"+host+"/")
		leaf := resp.TLS.PeerCertificates[0]
		if d := leaf.NotAfter.Sub(now.Add(life)); d > time.Minute || d < -time.Minute || leaf.DNSNames[0] != host {
			t.Errorf("%s: ends %v, names %v", host, leaf.NotAfter, leaf.DNSNames)
		}
	}
	if !slices.Equal(info.Unresolved, []string{"promo.lakesidefit.com"}) || strings.Contains(strings.Join(info.Resolve, " "), "promo.") {
		t.Errorf("unresolved %v", info.Unresolved)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(info.CAPEM)
	for _, host := range []string{"promo.lakesidefit.com", "nowhere.example"} {
		conn, err := tls.Dial("tcp", info.HTTPS, &tls.Config{ServerName: host, RootCAs: pool})
		if err == nil {
			conn.Close()
			t.Errorf("%s: a certificate was given", host)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, "http://"+info.HTTP+"/", nil)
	req.Host = "nowhere.example"
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("unknown host: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	if len(r.Server.Requests()) != 0 {
		t.Error("page requests went into the API's request log")
	}
}

// The sites' redirects come after the seed's own records, so every id of the seed is
// the same with the sites served or not.
func TestSitesSeedKeepsItsIDs(t *testing.T) {
	plain, sites := New(Options{}).primary().store.d, New(Options{Sites: SitesOptions{Enabled: true}}).primary().store.d
	if len(sites.urlRedirects) != len(plain.urlRedirects)+len(siteFaultRedirects) {
		t.Fatalf("%d redirects with the sites, %d without", len(sites.urlRedirects), len(plain.urlRedirects))
	}
	for i, r := range plain.urlRedirects {
		if *sites.urlRedirects[i] != *r {
			t.Errorf("redirect %d: %+v, was %+v", i, sites.urlRedirects[i], r)
		}
	}
	for i, f := range plain.funnels {
		if sites.funnels[i].ID != f.ID || sites.funnels[i].Steps[0].ID != f.Steps[0].ID {
			t.Errorf("funnel %d changed id", i)
		}
	}
	for _, r := range sites.urlRedirects[len(plain.urlRedirects):] {
		if !strings.HasPrefix(r.Target, "https://"+r.Domain+"/") || r.LocationID != seedLocationID || r.PathLowercase != strings.ToLower(r.Path) {
			t.Errorf("fault redirect %+v", r)
		}
	}
	if _, ok := New(Options{}).Sites(); ok {
		t.Error("sites without the option")
	}
}

// TestSitesPagesOnlyKeepsTheSeed: with PagesOnly the pages are served and the seed's
// redirects are exactly those of the sandbox without sites.
func TestSitesPagesOnlyKeepsTheSeed(t *testing.T) {
	plain := New(Options{}).primary().store.d
	srv := New(Options{Sites: SitesOptions{Enabled: true, PagesOnly: true}})
	pages := srv.primary().store.d
	if len(pages.urlRedirects) != len(plain.urlRedirects) {
		t.Fatalf("%d redirects with the pages only, %d without sites", len(pages.urlRedirects), len(plain.urlRedirects))
	}
	for i, r := range plain.urlRedirects {
		if *pages.urlRedirects[i] != *r {
			t.Errorf("redirect %d: %+v, was %+v", i, pages.urlRedirects[i], r)
		}
	}
	if srv.sites == nil {
		t.Error("no sites served with the pages only")
	}
}

func TestSitesControlAndMove(t *testing.T) {
	r, info := startSites(t, Options{})
	c := sitesClient(t, info)
	var got struct {
		HTTPS, HTTP, CA     string
		Resolve, Unresolved []string
	}
	resp, err := http.Get(r.URL + "/_sandbox/sites")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || got.HTTPS != info.HTTPS || !slices.Equal(got.Resolve, info.Resolve) ||
		got.CA != string(info.CAPEM) {
		t.Errorf("GET /_sandbox/sites: %v %+v", err, got)
	}
	resp.Body.Close()

	post := func() int {
		resp, err := http.Post(r.URL+"/_sandbox/sites/move", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if s := post(); s != 200 {
		t.Fatalf("move: %d", s)
	}
	if s := post(); s != http.StatusConflict {
		t.Errorf("second move: %d", s)
	}
	if resp, _ := get(t, c, "https://offers.lakesidefit.com/bootcamp-series-opt-in"); resp.StatusCode != 404 {
		t.Errorf("the old path: %d", resp.StatusCode)
	}
	if resp, _ := get(t, c, "https://offers.lakesidefit.com/bootcamp-series-join"); resp.StatusCode != 200 {
		t.Errorf("the new path: %d", resp.StatusCode)
	}

	off := startT(t, Options{})
	if resp, err := http.Get(off.URL + "/_sandbox/sites"); err != nil || resp.StatusCode != 404 {
		t.Errorf("without sites: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
}

func TestSitesOfEverySubAccount(t *testing.T) {
	_, info := startSites(t, Options{SubAccounts: 6})
	all := strings.Join(info.Resolve, "\n")
	for _, host := range []string{"join.summitstrength.com", "box.riversideboxing.com", "www.northside-crossfit.com", "offers.bayview-dental-care.com"} {
		if !strings.Contains(all, host+":443:") || !strings.Contains(all, host+":80:") {
			t.Errorf("%s is not in the rules", host)
		}
	}
	c := sitesClient(t, info)
	if resp, body := get(t, c, "https://join.summitstrength.com/open-house-landing"); resp.StatusCode != 200 || !strings.Contains(body, "Summit Strength") {
		t.Errorf("a sub-account's page: %d %s", resp.StatusCode, body)
	}
	dir := t.TempDir()
	caFile, rulesFile, err := info.WriteFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := os.ReadFile(caFile)
	rules, _ := os.ReadFile(rulesFile)
	if b, _ := pem.Decode(ca); b == nil || b.Type != "CERTIFICATE" || !strings.Contains(string(rules), "join.summitstrength.com:443:127.0.0.1:") {
		t.Errorf("files: %s", rules)
	}
}
