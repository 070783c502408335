package check

import (
	"slices"
	"strings"

	"github.com/funnelsdev/funnels/client"
)

// plan is what one location asks and the lookups its findings need: which domains
// are the location's, which steps and redirects answer at an address, where moved
// steps were.
type plan struct {
	seeds   []string // every address to ask, normalised, each once
	hosts   []string // the location's domains, sorted
	hostSet map[string]bool
	stepsAt map[string][]*Step     // served steps by address key (addrKey)
	steps   map[string]*Step       // every step by id
	onHost  map[string][]Subject   // the steps and redirects served on each domain
	redirs  map[string][]*Redirect // redirects by domain
	moves   map[string]*Move       // old addresses by address key
}

// addrKey is host and path as the service matches them: the path without case and
// without trailing slashes.
func addrKey(host, path string) string { return host + "\x00" + strings.ToLower(normPath(path)) }

func newPlan(loc *Location) *plan {
	p := &plan{hostSet: map[string]bool{}, stepsAt: map[string][]*Step{}, steps: map[string]*Step{},
		onHost: map[string][]Subject{}, redirs: map[string][]*Redirect{}, moves: map[string]*Move{}}
	seen := map[string]bool{}
	seed := func(u string) {
		if n, ok := normURL(u); ok && !seen[n] {
			seen[n] = true
			p.seeds = append(p.seeds, n)
		}
	}
	addHost := func(h string) {
		if h != "" && !p.hostSet[h] {
			p.hostSet[h] = true
			p.hosts = append(p.hosts, h)
		}
	}
	for i := range loc.Steps {
		s := &loc.Steps[i]
		s.Host = client.Host(s.Host)
		p.steps[s.ID] = s
		if !s.served() {
			continue
		}
		addHost(s.Host)
		p.stepsAt[addrKey(s.Host, s.Path)] = append(p.stepsAt[addrKey(s.Host, s.Path)], s)
		p.onHost[s.Host] = append(p.onHost[s.Host], stepSubject(s))
		seed(s.url())
	}
	for i := range loc.Redirects {
		r := &loc.Redirects[i]
		r.Host = client.Host(r.Host)
		if r.Host == "" {
			continue
		}
		addHost(r.Host)
		p.redirs[r.Host] = append(p.redirs[r.Host], r)
		p.onHost[r.Host] = append(p.onHost[r.Host], redirectSubject(r))
		seed(r.url())
		seed(r.target())
	}
	slices.Sort(p.hosts)
	for _, h := range p.hosts {
		seed("https://" + h + "/")
		seed("http://" + h + "/")
	}
	for i := range loc.Moves {
		m := &loc.Moves[i]
		m.OldHost = client.Host(m.OldHost)
		s := p.steps[m.StepID]
		key := addrKey(m.OldHost, m.OldPath)
		if s == nil || !s.served() || m.OldPath == "" || key == addrKey(s.Host, s.Path) {
			continue
		}
		if _, dup := p.moves[key]; dup {
			continue
		}
		p.moves[key] = m
		if p.oldPathOpen(m) {
			seed(client.PublicURL(m.OldHost, m.OldPath))
		}
	}
	return p
}

// oldPathOpen reports whether a moved step's old address is one to check: on a
// domain of the location, no step there now, no redirect answering there.
func (p *plan) oldPathOpen(m *Move) bool {
	return p.hostSet[m.OldHost] && len(p.stepsAt[addrKey(m.OldHost, m.OldPath)]) == 0 &&
		p.redirectAt(m.OldHost, m.OldPath) == nil
}

// redirectAt is the redirect answering at host and path, if any.
func (p *plan) redirectAt(host, path string) *Redirect {
	for _, r := range p.redirs[host] {
		if r.covers(host, path) {
			return r
		}
	}
	return nil
}

// shadowedBy are the live steps whose address r answers at.
func (p *plan) shadowedBy(r *Redirect) []*Step {
	if r.Action != "all" {
		return p.stepsAt[addrKey(r.Host, r.Path)]
	}
	var out []*Step
	for _, subj := range p.onHost[r.Host] {
		if subj.Type == SubjectStep {
			out = append(out, p.steps[subj.ID])
		}
	}
	return out
}

// stepsWithPath are steps of the location at path on any domain, or on none.
func (p *plan) stepsWithPath(path string) []*Step {
	var out []*Step
	want := strings.ToLower(normPath(path))
	for _, s := range p.steps {
		if s.Live && s.Path != "" && strings.ToLower(normPath(s.Path)) == want {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b *Step) int { return strings.Compare(a.Host+a.ID, b.Host+b.ID) })
	return out
}

func stepSubject(s *Step) Subject {
	return Subject{Type: SubjectStep, ID: s.ID, FunnelID: s.FunnelID, Funnel: s.Funnel, Name: s.Name, Host: s.Host, Path: s.Path}
}

func redirectSubject(r *Redirect) Subject {
	return Subject{Type: SubjectRedirect, ID: r.ID, Host: r.Host, Path: r.Path}
}
