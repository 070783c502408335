package check

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/funnelsdev/funnels/client"
)

// redirects judges every redirect: the step it hides, whether its own address
// redirects to its target, and where the target leads.
func (a *analysis) redirects() {
	for i := range a.loc.Redirects {
		r := &a.loc.Redirects[i]
		if r.Host == "" || a.dead[r.Host] {
			continue
		}
		subj, n := redirectSubject(r), len(a.findings)
		own, ok := normURL(r.url())
		if !ok {
			continue
		}
		target, targetOK := normURL(r.target())
		c := a.walk(own)
		if c.incomplete {
			continue
		}
		if hidden := a.p.shadowedBy(r); len(hidden) > 0 {
			a.shadow(r, subj, own, hidden)
		}
		first := c.hops[0]
		switch {
		case first.Failure != nil:
			a.chainBroken(subj, own, &c, c.evidence(), "")
		case first.Location == "":
			a.add(subj, Warning, KindNotServed, own, c.evidence(),
				fmt.Sprintf("the redirect is not in effect: its address answers %d", first.Status), nil)
			if targetOK {
				if tc := a.walk(target); !tc.incomplete {
					a.judgeTarget(r, subj, own, &tc, 0)
				}
			}
		default:
			if targetOK && !sameAddress(first.Location, target) {
				a.add(subj, Warning, KindNotServed, own, c.evidence(),
					fmt.Sprintf("its address redirects to %s, not to its target %s", first.Location, target), nil)
			}
			a.judgeTarget(r, subj, own, &c, 1)
		}
		if len(a.findings) == n {
			a.add(subj, OK, KindOK, own, c.evidence(), "redirects to "+shown(c.end().URL, r.Host)+", which answers "+
				fmt.Sprint(c.end().Status), nil)
		}
	}
}

// shadow adds a redirect that answers where live steps are served: visitors never
// see those steps.
func (a *analysis) shadow(r *Redirect, subj Subject, own string, hidden []*Step) {
	names := make([]string, 0, len(hidden))
	affects := make([]Subject, 0, len(hidden))
	for _, s := range hidden {
		names = append(names, fmt.Sprintf("%q (%s)", s.Name, s.Funnel))
		affects = append(affects, stepSubject(s))
	}
	msg := fmt.Sprintf("the redirect answers at the address of the live step %s, which visitors never see", names[0])
	if len(names) > 1 {
		msg = fmt.Sprintf("the redirect answers at the addresses of %d live steps (%s), which visitors never see",
			len(names), strings.Join(names, ", "))
	}
	a.add(subj, Warning, KindShadow, own, Evidence{}, msg, &Fix{Text: "delete redirect " + r.Path})
	a.findings[len(a.findings)-1].Affects = affects
}

// judgeTarget judges where a redirect leads: c starts at the redirect's own address
// (from 1) or at its target (from 0).
func (a *analysis) judgeTarget(r *Redirect, subj Subject, own string, c *chain, from int) {
	ev := c.evidence()
	if a.chainBroken(subj, own, c, ev, "its target") {
		return
	}
	end := c.end()
	if end.Status >= 400 || end.Status < 200 || isRedirect(end.Status) {
		a.targetBroken(r, subj, own, c, ev, from)
		return
	}
	if again := c.redirects() - from; again > 0 {
		total := c.redirects() + 1 - from
		a.add(subj, Warning, KindChain, own, ev,
			fmt.Sprintf("its target redirects again: a chain of %d redirects, %s", total, c.trail(r.Host)),
			&Fix{Text: "redirect " + r.Path + " → " + shown(end.URL, r.Host),
				Redirect: &RedirectFix{ID: r.ID, Domain: r.Host, Path: r.Path, Target: end.URL, Action: r.Action}})
	}
}

// targetBroken names a target that ends in an error: a step that moved (from the
// snapshots), a path no step has, or a page that is simply broken.
func (a *analysis) targetBroken(r *Redirect, subj Subject, own string, c *chain, ev Evidence, from int) {
	end := c.end()
	lead := "its target"
	if c.redirects() > from {
		lead += " (through " + c.trail(r.Host) + ")"
	}
	direct := c.redirects() == from // the target itself answered the error
	p, err := url.Parse(end.URL)
	if err != nil {
		a.add(subj, Error, KindTargetStatus, own, ev, fmt.Sprintf("%s answers %d", lead, end.Status), nil)
		return
	}
	host, path := strings.ToLower(p.Hostname()), p.Path
	fixTo := func(to string) *Fix {
		f := &Fix{Text: "moved to " + shown(to, r.Host)}
		if direct {
			f.Redirect = &RedirectFix{ID: r.ID, Domain: r.Host, Path: r.Path, Target: to, Action: r.Action}
		}
		return f
	}
	if m := a.p.moves[addrKey(host, path)]; m != nil {
		s := a.p.steps[m.StepID]
		a.add(subj, Error, KindTargetMoved, own, ev, fmt.Sprintf("%s answers %d: the step %q (%s) was there and moved to %s",
			lead, end.Status, s.Name, s.Funnel, s.url()), fixTo(s.url()))
		return
	}
	if len(a.p.stepsAt[addrKey(host, path)]) > 0 {
		s := a.p.stepsAt[addrKey(host, path)][0]
		a.add(subj, Error, KindTargetStatus, own, ev, fmt.Sprintf("%s, the step %q (%s), answers %d",
			lead, s.Name, s.Funnel, end.Status), nil)
		return
	}
	elsewhere := a.p.stepsWithPath(path)
	if !a.p.hostSet[host] && len(elsewhere) == 0 {
		a.add(subj, Error, KindTargetStatus, own, ev, fmt.Sprintf("%s answers %d", lead, end.Status), nil)
		return
	}
	msg := fmt.Sprintf("%s answers %d: no step of the sub-account is at %s on %s", lead, end.Status, normPath(path), host)
	var fix *Fix
	for _, s := range elsewhere {
		switch {
		case s.Host == "":
			msg += fmt.Sprintf("; the step %q of %s has that path but its funnel has no domain", s.Name, s.Funnel)
		case fix == nil:
			msg += fmt.Sprintf("; the step %q (%s) is at %s", s.Name, s.Funnel, s.url())
			fix = fixTo(s.url())
		}
	}
	a.add(subj, Error, KindTargetMissing, own, ev, msg, fix)
}

// oldPaths checks the addresses moved steps had: one that answers 4xx, with no
// redirect there, breaks every old link to the step.
func (a *analysis) oldPaths() {
	for _, m := range a.loc.Moves {
		key := addrKey(client.Host(m.OldHost), m.OldPath)
		mv := a.p.moves[key]
		if mv == nil || mv.StepID != m.StepID || a.dead[mv.OldHost] || !a.p.oldPathOpen(mv) {
			continue
		}
		s := a.p.steps[m.StepID]
		old, _ := normURL(client.PublicURL(mv.OldHost, mv.OldPath))
		ans := a.r.await(old)
		if ans == nil {
			a.incomplete = true
			continue
		}
		if ans.Failure != nil || ans.Status < 400 || ans.Status >= 500 {
			continue
		}
		to := s.url()
		a.add(stepSubject(s), Warning, KindOldPath, old, Evidence{Status: ans.Status, TTFBMillis: ans.TTFBMillis},
			fmt.Sprintf("the step's old address answers %d and nothing redirects it to %s", ans.Status, to),
			&Fix{Text: "redirect " + mv.OldPath + " → " + shown(to, mv.OldHost),
				Redirect: &RedirectFix{Domain: mv.OldHost, Path: mv.OldPath, Target: to, Action: "funnel"}})
	}
}
