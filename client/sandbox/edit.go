package sandbox

import "strings"

// Edits a person makes in HighLevel's web app, which the API offers no route for:
// what a test of the local index's history makes happen between two crawls. AddFunnel
// acts on the first sub-account (the demo location); EditStep (snapshot_load.go) on
// any.

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
