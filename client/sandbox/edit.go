package sandbox

import "strings"

// Edits a person makes in HighLevel's web app, which the API offers no route for:
// what a test of the local index's history makes happen between two crawls. They
// act on the first sub-account (the demo location).

// EditStep gives a step a new name and path ("" leaves either as it is) and reports
// whether the step exists.
func (s *Server) EditStep(funnelID, stepID, name, path string) bool {
	found := false
	s.subs[0].store.with(func(d *data) {
		f := d.funnel(funnelID)
		if f == nil {
			return
		}
		for i := range f.Steps {
			st := &f.Steps[i]
			if st.ID != stepID {
				continue
			}
			found = true
			if name != "" {
				st.Name = name
			}
			if path != "" {
				st.URL = path
			}
			f.DateUpdated = formatDate(s.now())
		}
	})
	return found
}

// AddFunnel adds a funnel without steps at the top level and returns its id.
func (s *Server) AddFunnel(name string) string {
	var id string
	now := formatDate(s.now())
	s.subs[0].store.with(func(d *data) {
		f := &funnelRec{ID: d.newID(), Name: strings.TrimSpace(name), LocationID: d.locationID, Type: "funnel",
			Category: "funnel", URL: "/" + strings.ToLower(strings.ReplaceAll(strings.TrimSpace(name), " ", "-")),
			Steps: []stepRec{}, DateAdded: now, DateUpdated: now}
		d.funnels = append(d.funnels, f)
		id = f.ID
	})
	return id
}
