package check

import (
	"fmt"
	"math"
	"net/url"
	"strings"
	"time"
)

// analysis turns one location's answers into findings. Each subject's findings rest
// on the answers of its own address and the chain it leads along; a domain that
// cannot be reached at all is one finding, its steps and redirects listed under it
// rather than each failing the same way.
type analysis struct {
	r          *runner
	loc        *Location
	p          *plan
	findings   []Finding
	incomplete bool            // an answer did not come (the run was cancelled)
	dead       map[string]bool // domains out of reach: their subjects are not judged one by one
}

func (a *analysis) add(subj Subject, sev Severity, kind Kind, u string, ev Evidence, msg string, fix *Fix) {
	a.findings = append(a.findings, Finding{Severity: sev, Kind: kind, URL: u, Subject: subj, Message: msg,
		Evidence: ev, Fix: fix})
}

// chain is an address and the redirects it leads along.
type chain struct {
	hops       []*Answer // the address first; each hop the Location of the one before
	loop       bool      // the last hop redirects to an address already in the chain
	cut        bool      // more redirects than Options.MaxHops
	offWeb     string    // the last hop redirects to something that is not an http(s) address
	incomplete bool      // an answer did not come
}

func (c *chain) end() *Answer { return c.hops[len(c.hops)-1] }

// redirects is how many redirects the chain followed.
func (c *chain) redirects() int { return len(c.hops) - 1 }

// walk follows u's redirects through the run's answers.
func (a *analysis) walk(u string) chain {
	var c chain
	seen := map[string]bool{}
	for {
		ans := a.r.await(u)
		if ans == nil {
			c.incomplete, a.incomplete = true, true
			return c
		}
		c.hops = append(c.hops, ans)
		seen[u] = true
		if ans.Failure != nil || ans.Location == "" {
			return c
		}
		next, ok := normURL(ans.Location)
		switch {
		case !ok:
			c.offWeb = ans.Location
			return c
		case seen[next]:
			c.loop = true
			return c
		case c.redirects() >= a.r.o.MaxHops:
			c.cut = true
			return c
		}
		u = next
	}
}

// evidence is what a chain shows: where it ended, the time to its first byte over
// every hop, and the hops when there was more than one.
func (c *chain) evidence() Evidence {
	end := c.end()
	ev := Evidence{Status: end.Status, RetryAfterMillis: end.RetryAfterMillis, Address: end.Address, Proxy: end.Proxy}
	for _, h := range c.hops {
		ev.TTFBMillis += h.TTFBMillis
	}
	if len(c.hops) > 1 || c.loop {
		for _, h := range c.hops {
			ev.Chain = append(ev.Chain, Hop{URL: h.URL, Status: h.Status, TTFBMillis: h.TTFBMillis})
		}
		if c.loop {
			ev.Chain = append(ev.Chain, Hop{URL: end.Location})
		}
	}
	if f := end.Failure; f != nil {
		ev.Error = f.Text
		if f.Address != "" {
			ev.Address = f.Address
		}
	}
	return ev
}

// path shows an address as a person reads it beside from: its path when it is on
// the same host, else whole.
func shown(u, fromHost string) string {
	p, err := url.Parse(u)
	if err != nil || !strings.EqualFold(p.Hostname(), fromHost) || p.Scheme != "https" {
		return u
	}
	return p.RequestURI()
}

// trail is a chain's addresses joined by arrows, each shown beside host.
func (c *chain) trail(host string) string {
	var b strings.Builder
	for i, h := range c.hops {
		if i > 0 {
			b.WriteString(" → ")
		}
		b.WriteString(shown(h.URL, host))
	}
	if c.loop {
		b.WriteString(" → " + shown(c.end().Location, host))
	}
	return b.String()
}

// domains judges each domain by its root over https and http: resolving, answering,
// its certificate, the redirect to https.
func (a *analysis) domains() {
	a.dead = map[string]bool{}
	now := a.r.o.Now()
	for _, host := range a.p.hosts {
		subj := Subject{Type: SubjectDomain, ID: host, Host: host}
		root := "https://" + host + "/"
		probe := a.r.await(root)
		if probe == nil {
			a.incomplete = true
			continue
		}
		ev := Evidence{Status: probe.Status, TTFBMillis: probe.TTFBMillis, Address: probe.Address, Proxy: probe.Proxy}
		if c := probe.Cert; c != nil {
			days := certDays(c.NotAfter, now)
			ev.CertDays, ev.CertExpires = &days, c.NotAfter.UTC()
		}
		if f := probe.Failure; f != nil {
			ev.Error = f.Text
			if f.Address != "" {
				ev.Address = f.Address
			}
			kind, msg := domainFailure(f, ev.CertDays)
			a.dead[host] = true
			a.add(subj, Error, kind, root, ev, msg, nil)
			a.findings[len(a.findings)-1].Affects = a.p.onHost[host]
			continue
		}
		n := len(a.findings)
		if ev.CertDays != nil && *ev.CertDays < a.r.o.WarnCertDays {
			sev := Warning
			if *ev.CertDays < a.r.o.FailCertDays {
				sev = Error
			}
			a.add(subj, sev, KindCertExpiry, root, ev,
				fmt.Sprintf("the certificate expires in %s (%s)", dayWords(*ev.CertDays), ev.CertExpires.Format("2006-01-02")),
				&Fix{Text: "renew the certificate"})
		}
		plain := "http://" + host + "/"
		switch h := a.r.await(plain); {
		case h == nil:
			a.incomplete = true
		case h.Failure != nil:
			a.add(subj, Warning, KindNoHTTPS, plain, Evidence{Error: h.Failure.Text},
				"http:// does not answer, so a typed address without https:// fails", nil)
		case !strings.HasPrefix(h.Location, "https://"):
			a.add(subj, Warning, KindNoHTTPS, plain, Evidence{Status: h.Status, TTFBMillis: h.TTFBMillis},
				fmt.Sprintf("http:// answers %d without redirecting to https://", h.Status), nil)
		}
		if len(a.findings) == n {
			a.add(subj, OK, KindOK, root, ev, "resolves, answers, certificate valid", nil)
		}
	}
}

// domainFailure is the kind and words of a domain whose root gave no answer.
func domainFailure(f *Failure, days *int) (Kind, string) {
	switch f.Kind {
	case FailDNS:
		return KindDNS, "the domain does not resolve"
	case FailDNSLookup:
		return KindDNS, "the domain's DNS lookup failed: " + f.Text
	case FailBlocked:
		return KindBlocked, fmt.Sprintf("the domain resolves to %s, a %s address: not fetched", f.Address, f.Reason)
	case FailTLSExpired:
		if days != nil && *days < 0 {
			return KindTLS, fmt.Sprintf("the certificate expired %s ago", dayWords(-*days))
		}
		return KindTLS, "the certificate is not valid at this date"
	case FailTLSName, FailTLSUntrusted, FailTLS:
		return KindTLS, f.Text
	}
	return KindNotAnswering, "the domain does not answer: " + f.Text
}

// certDays is the whole days from now to notAfter (negative once passed).
func certDays(notAfter, now time.Time) int {
	return int(math.Floor(notAfter.Sub(now).Hours() / 24))
}

func dayWords(n int) string {
	if n == 1 {
		return "1 day"
	}
	return fmt.Sprintf("%d days", n)
}

// steps judges every live step's address: its answer, its chain and its page.
func (a *analysis) steps() {
	for i := range a.loc.Steps {
		s := &a.loc.Steps[i]
		if !s.served() || a.dead[s.Host] || a.p.redirectAt(s.Host, s.Path) != nil {
			continue // not served, under its domain's finding, or under the redirect's
		}
		u, ok := normURL(s.url())
		if !ok {
			continue // a path no address can be made of: nothing was asked
		}
		c := a.walk(u)
		if c.incomplete {
			continue
		}
		subj, n := stepSubject(s), len(a.findings)
		ev, end := c.evidence(), c.end()
		if !a.chainBroken(subj, u, &c, ev, "") {
			a.stepWell(s, subj, u, &c, ev, end)
		}
		if len(a.findings) == n {
			a.add(subj, OK, KindOK, u, ev, fmt.Sprintf("answers %d", end.Status), nil)
		}
	}
}

// chainBroken adds the finding of a chain that ends without a page (the address's
// own, or, with what set, its target's) and reports whether it did.
func (a *analysis) chainBroken(subj Subject, u string, c *chain, ev Evidence, what string) bool {
	end := c.end()
	host := subj.Host
	lead := "the address"
	if what != "" {
		lead = what
	}
	if c.redirects() > 0 {
		lead += " (through " + c.trail(host) + ")"
	}
	switch {
	case end.Failure != nil && end.Failure.Kind == FailBlocked:
		a.add(subj, Error, KindBlocked, u, ev, fmt.Sprintf("%s leads to %s, a %s address: not fetched",
			lead, end.Failure.Address, end.Failure.Reason), nil)
	case end.Failure != nil:
		kind := KindUnreachable
		if what != "" {
			kind = KindTargetStatus
		}
		a.add(subj, Error, kind, u, ev, lead+" does not answer: "+end.Failure.Text, nil)
	case c.loop:
		a.add(subj, Error, KindLoop, u, ev, "the redirects loop: "+c.trail(host), nil)
	case c.cut:
		a.add(subj, Error, KindLongChain, u, ev, fmt.Sprintf("more than %d redirects: %s", a.r.o.MaxHops, c.trail(host)), nil)
	case c.offWeb != "":
		a.add(subj, Error, KindStatus, u, ev, lead+" redirects to "+c.offWeb+", which is not a web address", nil)
	case end.Status >= 400 || end.Status < 200 || isRedirect(end.Status):
		if what != "" {
			return false // the caller names what the target was
		}
		a.add(subj, Error, KindStatus, u, ev, fmt.Sprintf("%s answers %d", lead, end.Status), nil)
	default:
		return false
	}
	return true
}

// stepWell adds what a step that ends on a page may still be worth a look for: a
// long chain, a hop to http, a slow answer, and its page's head.
func (a *analysis) stepWell(s *Step, subj Subject, u string, c *chain, ev Evidence, end *Answer) {
	if n := c.redirects(); n > 3 {
		a.add(subj, Warning, KindLongChain, u, ev, fmt.Sprintf("reached through %d redirects: %s", n, c.trail(s.Host)), nil)
	}
	for i := 1; i < len(c.hops); i++ {
		if strings.HasPrefix(c.hops[i-1].URL, "https://") && strings.HasPrefix(c.hops[i].URL, "http://") {
			a.add(subj, Warning, KindDowngrade, u, ev, "a redirect leaves https for "+c.hops[i].URL, nil)
			break
		}
	}
	if slow := time.Duration(ev.TTFBMillis) * time.Millisecond; slow >= a.r.o.SlowAfter {
		a.add(subj, Warning, KindSlow, u, ev, fmt.Sprintf("the first byte came after %.1f s", slow.Seconds()), nil)
	}
	h := end.Head
	if h == nil || !strings.EqualFold(hostOf(end.URL), s.Host) {
		return
	}
	page := ev
	page.Title, page.Canonical, page.Robots = h.Title, h.Canonical, strings.Trim(h.Robots+", "+end.Robots, ", ")
	if h.Title == "" {
		a.add(subj, Warning, KindNoTitle, u, page, "the page has no <title>", nil)
	}
	if h.Description == "" {
		a.add(subj, Warning, KindNoDescription, u, page, "the page has no meta description", nil)
	}
	if canon := canonicalOf(end.URL, h.Canonical); canon != "" && !sameAddress(canon, end.URL) && !sameAddress(canon, u) {
		a.add(subj, Warning, KindCanonical, u, page, "the page names another address as canonical: "+canon, nil)
	}
	if noindex(h.Robots) || noindex(end.Robots) {
		a.add(subj, Warning, KindNoindex, u, page, "the page asks search engines not to index it (robots: "+page.Robots+")", nil)
	}
}

// canonicalOf is a canonical link made absolute against the page's address.
func canonicalOf(page, href string) string {
	if strings.TrimSpace(href) == "" {
		return ""
	}
	base, err := url.Parse(page)
	if err != nil {
		return ""
	}
	return absolute(base, href)
}

// sameAddress compares two addresses as one page: normalised, a trailing slash aside.
func sameAddress(x, y string) bool {
	nx, okx := normURL(x)
	ny, oky := normURL(y)
	if !okx || !oky {
		return x == y
	}
	return strings.TrimSuffix(nx, "/") == strings.TrimSuffix(ny, "/")
}
