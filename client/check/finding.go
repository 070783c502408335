package check

import "time"

// Severity is how much a finding matters: an error is broken for visitors now, a
// warning is worth a look, ok is a subject checked and found well.
type Severity string

// The severities, worst first.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	OK      Severity = "ok"
)

// rank orders severities worst first.
func (s Severity) rank() int {
	switch s {
	case Error:
		return 0
	case Warning:
		return 1
	}
	return 2
}

// Kind is what a finding found.
type Kind string

// The kinds of finding: of a step's address, of a redirect, of a domain, of a page.
const (
	KindOK Kind = "ok"

	KindStatus      Kind = "status"      // the address (or the end of its chain) answers 4xx or 5xx
	KindUnreachable Kind = "unreachable" // no answer: refused, timed out, reset
	KindBlocked     Kind = "blocked"     // resolves to a loopback, private or metadata address: not fetched
	KindLoop        Kind = "loop"        // the redirects come back to an address already followed
	KindLongChain   Kind = "long-chain"  // a step's address is reached through more than 3 redirects
	KindDowngrade   Kind = "downgrade"   // a hop goes from https to http
	KindSlow        Kind = "slow"        // the first byte came after Options.SlowAfter
	KindOldPath     Kind = "old-path"    // a step's old address answers 4xx and nothing redirects it

	KindNotServed     Kind = "not-served"     // a redirect's own address does not redirect to its target
	KindTargetStatus  Kind = "target-status"  // a redirect's target answers 4xx or 5xx, or does not answer
	KindTargetMissing Kind = "target-missing" // … and no step of the location is at that path
	KindTargetMoved   Kind = "target-moved"   // … and a step was there before: it moved
	KindChain         Kind = "chain"          // a redirect's target is itself a redirect
	KindShadow        Kind = "shadow"         // a redirect answers at a live step's address, hiding it

	KindDNS          Kind = "dns"           // the domain does not resolve
	KindNotAnswering Kind = "not-answering" // the domain resolves but does not answer
	KindTLS          Kind = "tls"           // its certificate is expired, for another name or not trusted
	KindCertExpiry   Kind = "cert-expiry"   // its certificate ends within WarnCertDays
	KindNoHTTPS      Kind = "no-https"      // http:// is served without a redirect to https://

	KindNoTitle       Kind = "no-title"
	KindNoDescription Kind = "no-description"
	KindCanonical     Kind = "canonical" // the page names another address as its canonical one
	KindNoindex       Kind = "noindex"   // the page asks search engines to leave it out
)

// SubjectType is what a finding is about.
type SubjectType string

// The subjects.
const (
	SubjectStep     SubjectType = "step"
	SubjectRedirect SubjectType = "redirect"
	SubjectDomain   SubjectType = "domain"
)

// Subject is the step, redirect or domain a finding belongs to, with what the
// browser needs to go to it.
type Subject struct {
	Type     SubjectType `json:"type"`
	ID       string      `json:"id"` // the step's or redirect's id; the host of a domain
	FunnelID string      `json:"funnelId,omitempty"`
	Funnel   string      `json:"funnel,omitempty"`
	Name     string      `json:"name,omitempty"` // a step's name
	Host     string      `json:"host"`
	Path     string      `json:"path,omitempty"`
}

// Hop is one address of a redirect chain and what it answered.
type Hop struct {
	URL        string `json:"url"`
	Status     int    `json:"status,omitempty"` // 0: no answer
	TTFBMillis int64  `json:"ttfbMs"`
}

// Evidence is what a finding rests on.
type Evidence struct {
	Status     int    `json:"status,omitempty"` // where the address ended up
	TTFBMillis int64  `json:"ttfbMs,omitempty"` // time to first byte, over the chain's hops
	Chain      []Hop  `json:"chain,omitempty"`  // the address, each redirect followed, and where it ended
	Error      string `json:"error,omitempty"`  // why there was no answer
	Address    string `json:"address,omitempty"`
	Proxy      string `json:"proxy,omitempty"` // the proxy the address was asked through (Options.Proxy)
	// CertDays is the whole days the certificate has left (negative: expired);
	// CertExpires when it ends. Both only where a certificate was seen.
	CertDays    *int      `json:"certDays,omitempty"`
	CertExpires time.Time `json:"certExpires,omitzero"`
	Title       string    `json:"title,omitempty"`
	Canonical   string    `json:"canonical,omitempty"`
	Robots      string    `json:"robots,omitempty"`
	// RetryAfterMillis is a wait the server asked for and the run did not sit through.
	RetryAfterMillis int64 `json:"retryAfterMs,omitempty"`
}

// Fix is what to do about a finding, where it is known.
type Fix struct {
	Text string `json:"text"` // "redirect /old-offer → /new-offer", "moved to /new-path"
	// Redirect is the redirect to make (ID "") or to change (its ID) that applies
	// the fix: what the browser's redirect form is filled with.
	Redirect *RedirectFix `json:"redirect,omitempty"`
}

// RedirectFix is a redirect as a fix would have it.
type RedirectFix struct {
	ID     string `json:"id,omitempty"`
	Domain string `json:"domain"`
	Path   string `json:"path"`
	Target string `json:"target"`
	Action string `json:"action"`
}

// Finding is one thing a run found of one subject.
type Finding struct {
	Location string   `json:"location"` // the sub-account's id
	Severity Severity `json:"severity"`
	Kind     Kind     `json:"kind"`
	URL      string   `json:"url"`
	Subject  Subject  `json:"subject"`
	Message  string   `json:"message"`
	Evidence Evidence `json:"evidence"`
	Fix      *Fix     `json:"fix,omitempty"`
	// Affects are the steps and redirects a domain's failure takes down with it:
	// they are not reported one by one.
	Affects []Subject `json:"affects,omitempty"`
}

// Key names a finding across runs: the same subject, kind and address.
func (f *Finding) Key() string {
	return f.Location + "\x00" + string(f.Subject.Type) + "\x00" + f.Subject.ID + "\x00" + string(f.Kind) + "\x00" + f.URL
}
