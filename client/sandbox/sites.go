package sandbox

import (
	"crypto/tls"
	"errors"
	"fmt"
	"html"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// SitesOptions makes the sandbox serve the public pages of its sub-accounts' domains
// (`funnels sandbox --sites`): every live step of a funnel with a domain at its path,
// every URL redirect at its address, over HTTPS (certificates of a CA made at start,
// Sites.CAPEM) and HTTP (a redirect to HTTPS), on two loopback ports that
// Sites.Resolve maps every domain to. Lakeside Fit's pages carry the seeded faults of
// sites_faults.go.
type SitesOptions struct {
	Enabled bool
	// Slow is how long the seeded slow page takes to answer; 0 → 2.5 s.
	Slow time.Duration
	// PagesOnly leaves the seed's redirects as they are: the pages' faults are
	// served, the redirects' (a loop, a chain, a shadowed path) not added. The demo's
	// data stays what its walkthroughs show.
	PagesOnly bool
}

// defaultSiteSlow is past a checker's default of 2 s for a slow page.
const defaultSiteSlow = 2500 * time.Millisecond

// sites serves the public pages.
type sites struct {
	s    *Server
	slow time.Duration

	mu          sync.Mutex
	ca          *siteCA
	owner       map[string]int // host → the sub-account serving it; -1 for a host only a redirect names
	builtAt     time.Time
	https, http string // the loopback addresses, once serving
}

func newSites(s *Server, o SitesOptions) *sites {
	if o.Slow <= 0 {
		o.Slow = defaultSiteSlow
	}
	return &sites{s: s, slow: o.Slow}
}

// Sites is how to reach the sandbox's public pages.
type Sites struct {
	HTTPS string `json:"https"` // the loopback address pages are served on over TLS
	HTTP  string `json:"http"`  // … and in plain HTTP
	CAPEM []byte `json:"-"`     // the authority every site's certificate is signed by
	// Resolve maps every domain served to those addresses, as curl's --resolve:
	// HOST:443:ADDR:PORT and HOST:80:ADDR:PORT, sorted.
	Resolve []string `json:"resolve"`
	// Unresolved are the seeded domains that do not resolve: in no rule.
	Unresolved []string `json:"unresolved"`
}

// Sites is how to reach the public pages; false when they are not served (not
// enabled, or the sandbox not started).
func (s *Server) Sites() (Sites, bool) {
	ss := s.sites
	if ss == nil {
		return Sites{}, false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.ca == nil || ss.https == "" {
		return Sites{}, false
	}
	ss.rebuild()
	out := Sites{HTTPS: ss.https, HTTP: ss.http, CAPEM: slices.Clone(ss.ca.pem), Unresolved: []string{}}
	hostS, portS, _ := net.SplitHostPort(ss.https)
	hostP, portP, _ := net.SplitHostPort(ss.http)
	for h := range ss.owner {
		if h == siteUnresolved && ss.owner[h] == 0 {
			out.Unresolved = append(out.Unresolved, h)
			continue
		}
		out.Resolve = append(out.Resolve, h+":443:"+hostS+":"+portS, h+":80:"+hostP+":"+portP)
	}
	slices.Sort(out.Resolve)
	return out, true
}

// WriteFiles writes the CA (sites-ca.pem) and the resolve rules, one a line
// (sites-resolve.txt), into dir, for a checker in another process.
func (si Sites) WriteFiles(dir string) (caFile, resolveFile string, err error) {
	caFile, resolveFile = filepath.Join(dir, "sites-ca.pem"), filepath.Join(dir, "sites-resolve.txt")
	rules := "# funnels sandbox --sites: every domain it serves, to its loopback addresses\n" +
		strings.Join(si.Resolve, "\n") + "\n"
	if err := os.WriteFile(caFile, si.CAPEM, 0o600); err != nil {
		return "", "", fmt.Errorf("sandbox sites: %w", err)
	}
	if err := os.WriteFile(resolveFile, []byte(rules), 0o600); err != nil {
		return "", "", fmt.Errorf("sandbox sites: %w", err)
	}
	return caFile, resolveFile, nil
}

// rebuild finds which sub-account serves each host: its attached domains, its
// funnels' and redirects' domains, and the hosts its redirects lead to elsewhere.
// Called with ss.mu held.
func (ss *sites) rebuild() {
	owner := map[string]int{}
	var elsewhere []string
	for i, sub := range ss.s.subs {
		sub.store.with(func(d *data) {
			for _, dom := range d.domains {
				owner[siteHost(dom.URL)] = i
			}
			for _, f := range d.funnels {
				if h := siteHost(f.DomainName); h != "" {
					owner[h] = i
				}
			}
			for _, r := range d.urlRedirects {
				owner[siteHost(r.Domain)] = i
				if u, err := url.Parse(r.Target); err == nil && u.Hostname() != "" {
					elsewhere = append(elsewhere, strings.ToLower(u.Hostname()))
				}
			}
		})
	}
	delete(owner, "")
	for _, h := range elsewhere {
		if _, ok := owner[h]; !ok {
			owner[h] = -1
		}
	}
	ss.owner, ss.builtAt = owner, time.Now()
}

// ownerOf is the sub-account serving host (nil for a host only a redirect leads
// to), false for a host the sandbox does not serve. A host not known is looked for
// again at most once a second (a domain attached since).
func (ss *sites) ownerOf(host string) (*subAccount, bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	i, ok := ss.owner[host]
	if !ok && time.Since(ss.builtAt) > time.Second {
		ss.rebuild()
		i, ok = ss.owner[host]
	}
	switch {
	case !ok || host == siteUnresolved && i == 0:
		return nil, false
	case i < 0:
		return nil, true
	}
	return ss.s.subs[i], true
}

// certificate is the certificate of the server name a client asks for.
func (ss *sites) certificate(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
	host := strings.ToLower(hello.ServerName)
	sub, ok := ss.ownerOf(host)
	if !ok {
		return nil, fmt.Errorf("sandbox sites: no site %q", host)
	}
	life := siteCertLife
	if host == siteShortCert && sub == ss.s.primary() {
		life = siteShortCertLife
	}
	ss.mu.Lock()
	ca := ss.ca
	ss.mu.Unlock()
	return ca.certFor(host, ss.s.now(), life)
}

// servePlain answers HTTP: every page of a known host moves to HTTPS.
func (ss *sites) servePlain(w http.ResponseWriter, r *http.Request) {
	host := siteHost(r.Host)
	if _, ok := ss.ownerOf(host); !ok {
		http.Error(w, "no site "+host+" here", http.StatusMisdirectedRequest)
		return
	}
	http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), http.StatusMovedPermanently)
}

// serveTLS answers a page: a redirect at its address first (it hides a step there),
// then a live step, then 404.
func (ss *sites) serveTLS(w http.ResponseWriter, r *http.Request) {
	host := siteHost(r.Host)
	sub, ok := ss.ownerOf(host)
	if !ok {
		http.Error(w, "no site "+host+" here", http.StatusMisdirectedRequest)
		return
	}
	path := sitePath(r.URL.Path)
	if sub == nil {
		writeSitePage(w, host, path, sitePage{title: host, about: "A page elsewhere on the web."})
		return
	}
	var target string
	var page *sitePage
	sub.store.with(func(d *data) {
		for _, rd := range d.urlRedirects {
			if siteHost(rd.Domain) == host && (rd.Action == "all" || sitePath(rd.Path) == path) {
				target = rd.Target
				return
			}
		}
		for _, f := range d.funnels {
			if siteHost(f.DomainName) != host {
				continue
			}
			for _, st := range f.Steps {
				if sitePath(st.URL) == path && len(st.Pages) > 0 {
					page = &sitePage{title: st.Name + " · " + f.Name, about: st.Name + " of " + f.Name + ", " + sub.name + "."}
					return
				}
			}
		}
	})
	first := sub == ss.s.primary()
	switch at := host + path; {
	case target != "":
		http.Redirect(w, r, target, http.StatusMovedPermanently)
	case page == nil || first && at == siteMissingPage:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		_, _ = fmt.Fprint(w, "<!doctype html><html><head><title>Page not found</title></head><body><h1>404</h1></body></html>")
	default:
		if first {
			page.noindex = at == siteNoindexPage
			if at == siteCanonPage {
				page.canonical = siteCanonTarget
			}
			if at == siteSlowPage {
				select {
				case <-time.After(ss.slow):
				case <-r.Context().Done():
					return
				}
			}
		}
		writeSitePage(w, host, path, *page)
	}
}

// sitePage is what a served page says of itself.
type sitePage struct {
	title, about string
	canonical    string // "" → its own address
	noindex      bool
}

func writeSitePage(w http.ResponseWriter, host, path string, p sitePage) {
	canon := p.canonical
	if canon == "" {
		canon = "https://" + host + path
	}
	robots := ""
	if p.noindex {
		robots = `<meta name="robots" content="noindex, nofollow">`
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>%s</title>`+
		`<meta name="description" content="%s"><link rel="canonical" href="%s">%s</head>`+
		`<body><h1>%s</h1><p>%s</p></body></html>`,
		html.EscapeString(p.title), html.EscapeString(p.about), html.EscapeString(canon), robots,
		html.EscapeString(p.title), html.EscapeString(p.about))
}

// siteHost is a domain or a Host header as a bare lower-case host name.
func siteHost(h string) string {
	h = strings.TrimSpace(h)
	h = strings.TrimPrefix(strings.TrimPrefix(h, "https://"), "http://")
	h = strings.TrimRight(h, "/")
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	return strings.ToLower(h)
}

// sitePath is a path as pages are matched: lower case, one leading slash, no
// trailing one.
func sitePath(p string) string {
	p = strings.ToLower(strings.TrimSpace(p))
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if t := strings.TrimRight(p, "/"); t != "" {
		return t
	}
	return "/"
}

// MoveSeededStep moves the step the seeded redirect /bootcamp points at
// (/bootcamp-series-opt-in) to /bootcamp-series-join, as a person does in the web
// app: the redirect then leads to a 404, and a local index that saw the step before
// the move knows where it went. Moving it twice is an error.
func (s *Server) MoveSeededStep() error {
	var funnelID, stepID string
	s.primary().store.with(func(d *data) {
		for _, f := range d.funnels {
			for _, st := range f.Steps {
				if st.URL == siteMovedFrom {
					funnelID, stepID = f.ID, st.ID
				}
			}
		}
	})
	if stepID == "" {
		return errors.New("sandbox: no step at " + siteMovedFrom + " to move (moved already?)")
	}
	return s.EditStep(s.primary().id, funnelID, stepID, StepEdit{URL: siteMovedTo})
}
