package check

import (
	"strings"

	"github.com/funnelsdev/funnels/client"
)

// Location is what funnels knows of one sub-account's public side: the addresses it
// should answer at, and those it answered at before. FromIndex builds it from the
// local index; anything else may build it by hand.
type Location struct {
	ID, Name  string
	Steps     []Step
	Redirects []Redirect
	// Moves are the addresses steps had before (from the index's snapshots): the old
	// address of a step is checked, and a redirect to it is told where it went.
	Moves []Move
}

// Step is one step of a funnel and where it is served.
type Step struct {
	ID, Name         string
	FunnelID, Funnel string // the funnel's id and name
	Host             string // the funnel's domain as client.Host gives it; "" when it has none
	Path             string // the step's path, with its leading slash
	// Live: the step has a page that is not archived. A step is fetched when it is
	// live and its funnel has a domain.
	Live bool
}

// Redirect is one URL redirect of the location.
type Redirect struct {
	ID     string
	Host   string // its domain, as client.Host gives it
	Path   string
	Target string // an address, or a path on Host
	Action string // funnel, website, url or all (every path of Host)
}

// Move is an address a step had before: OldHost and OldPath, the step now where
// Steps says.
type Move struct {
	StepID           string
	OldHost, OldPath string
}

// served reports whether the step is fetched: live, on a domain.
func (s *Step) served() bool { return s.Live && s.Host != "" && s.Path != "" }

// url is where the step is served.
func (s *Step) url() string { return client.PublicURL(s.Host, s.Path) }

// url is where the redirect answers.
func (r *Redirect) url() string { return client.PublicURL(r.Host, r.Path) }

// target is the redirect's target as an absolute address: a path is taken on the
// redirect's own domain, a host name and path as https. A target that is none of
// these (an id of what a funnel action names) is "": only where the redirect's own
// address leads is judged.
func (r *Redirect) target() string {
	t := strings.TrimSpace(r.Target)
	switch {
	case strings.HasPrefix(t, "/"):
		return client.PublicURL(r.Host, t)
	case strings.Contains(t, "://"):
		return t
	case t != "" && strings.Contains(strings.SplitN(t, "/", 2)[0], "."):
		return "https://" + t
	}
	return ""
}

// covers reports whether the redirect answers at host and path (paths without case,
// as the service matches them; a redirect of action all answers every path).
func (r *Redirect) covers(host, path string) bool {
	if r.Host != host {
		return false
	}
	return r.Action == "all" || strings.EqualFold(normPath(r.Path), normPath(path))
}

// normPath is a path with its leading slash and without trailing ones ("/" stays).
func normPath(p string) string {
	p = strings.TrimSpace(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if t := strings.TrimRight(p, "/"); t != "" {
		return t
	}
	return "/"
}
