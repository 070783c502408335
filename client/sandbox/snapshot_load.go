package sandbox

import (
	"fmt"
	"slices"
)

// What a person does in the web app that the API offers no route for: loading one
// sub-account's funnels into another (HighLevel's snapshots, how agencies roll a
// template out to a client) and editing a step's name or path. Tests and benchmarks
// call them on the Server to change the data the way the service would see it.

// LoadSnapshot replaces the folders, funnels, steps, pages and URL redirects of the
// sub-account to with a copy of those of from, each under a new id (drawn from to's
// generator, so the same calls give the same ids), as a snapshot loaded into a
// client's sub-account does. Domains, products and fonts are copied as they are.
func (s *Server) LoadSnapshot(from, to string) error {
	src, dst := s.subByID[from], s.subByID[to]
	if src == nil || dst == nil || from == to {
		return fmt.Errorf("sandbox: load snapshot: no sub-accounts %q and %q", from, to)
	}
	var copied *data
	src.store.with(func(d *data) {
		dst.store.with(func(into *data) { copied = snapshotOf(d, into) })
	})
	dst.store.with(func(d *data) { *d = *copied })
	return nil
}

// snapshotOf is a copy of d for the sub-account of into, every id new from its
// generator.
func snapshotOf(d, into *data) *data {
	to := into.locationID
	out := &data{rng: into.rng, locationID: to, pageByID: map[string]*pageRec{}}
	ids := map[string]string{"": ""}
	renew := func(old string, make func() string) string {
		if id, ok := ids[old]; ok {
			return id
		}
		ids[old] = make()
		return ids[old]
	}
	fresh := func(old string) string { return renew(old, into.newID) }
	for _, f := range d.folders {
		c := *f
		c.ID, c.ParentID, c.LocationID = fresh(f.ID), fresh(f.ParentID), to
		out.folders = append(out.folders, &c)
	}
	for _, f := range d.funnels {
		c := *f
		c.ID, c.ParentID, c.LocationID = fresh(f.ID), fresh(f.ParentID), to
		c.Steps = slices.Clone(f.Steps)
		for i := range c.Steps {
			st := &c.Steps[i]
			st.ID = renew(st.ID, into.newUUID)
			st.Pages = slices.Clone(st.Pages)
			for j := range st.Pages {
				st.Pages[j] = fresh(st.Pages[j])
			}
		}
		out.funnels = append(out.funnels, &c)
	}
	for _, p := range d.pages {
		c := *p
		c.ID, c.FunnelID, c.StepID, c.LocationID = fresh(p.ID), fresh(p.FunnelID), renew(p.StepID, into.newUUID), to
		out.addPage(&c)
	}
	for _, r := range d.urlRedirects {
		c := *r
		c.ID, c.LocationID = fresh(r.ID), to
		out.urlRedirects = append(out.urlRedirects, &c)
	}
	for _, dom := range d.domains {
		c := *dom
		c.LocationID = to
		out.domains = append(out.domains, &c)
	}
	out.products, out.fonts, out.redirects = slices.Clone(d.products), slices.Clone(d.fonts), slices.Clone(d.redirects)
	return out
}

// StepEdit is a change of a step made in the web app: a new name, a new path ("":
// kept).
type StepEdit struct {
	Name, URL string
}

// EditStep changes a step of a funnel of the sub-account location as the web app
// does (the API has no route for it).
func (s *Server) EditStep(location, funnelID, stepID string, e StepEdit) error {
	sub := s.subByID[location]
	if sub == nil {
		return fmt.Errorf("sandbox: edit step: no sub-account %q", location)
	}
	var err error
	sub.store.with(func(d *data) {
		f := d.funnel(funnelID)
		if f == nil || f.step(stepID) == nil {
			err = fmt.Errorf("sandbox: edit step: no step %q in funnel %q", stepID, funnelID)
			return
		}
		st := f.step(stepID)
		if e.Name != "" {
			st.Name = e.Name
		}
		if e.URL != "" {
			st.URL = e.URL
		}
		f.DateUpdated = formatDate(s.now())
	})
	return err
}
