package sandbox

import (
	"fmt"
	"time"
)

// maxBulkFunnels and maxBulkPages bound Options.Bulk, so a typo cannot fill memory.
const (
	maxBulkFunnels   = 100_000
	maxBulkPages     = 1_000
	maxBulkRedirects = 100_000
)

// withBulk adds the made-up funnels of b to the seeded data d: at the root, each
// with b.PagesPerFunnel opt-in steps of one page.
func withBulk(d *data, b Bulk) *data {
	n, per := min(max(b.Funnels, 0), maxBulkFunnels), min(max(b.PagesPerFunnel, 0), maxBulkPages)
	d = withBulkRedirects(d, min(max(b.Redirects, 0), maxBulkRedirects))
	if n == 0 {
		return d
	}
	added := formatDate(day(2026, time.January, 5).midnight())
	for i := range n {
		f := &funnelRec{
			ID: d.newID(), Name: fmt.Sprintf("Bulk Funnel %04d", i+1), LocationID: seedLocationID, Type: "funnel",
			Category: "funnel", URL: fmt.Sprintf("/bulk-%d", i+1), Steps: make([]stepRec, 0, per),
			DateAdded: added, DateUpdated: added,
		}
		for j := range per {
			st := stepRec{
				ID: d.newUUID(), Name: fmt.Sprintf("Step %d", j+1), URL: fmt.Sprintf("/bulk-%d-step-%d", i+1, j+1),
				Type: "optin_funnel_page", Sequence: j + 1, Products: []string{}, ControlTraffic: 100, AdditionalRoutes: []string{},
			}
			p := &pageRec{
				ID: d.newID(), LocationID: seedLocationID, FunnelID: f.ID, StepID: st.ID,
				Name: fmt.Sprintf("Bulk %d Page %d", i+1, j+1), URL: st.URL, DateAdded: added, DateUpdated: added,
				PageVersion: 1, sections: 3,
			}
			d.addPage(p)
			st.Pages = []string{p.ID}
			f.Steps = append(f.Steps, st)
		}
		d.funnels = append(d.funnels, f)
	}
	return d
}

// withBulkRedirects adds n made-up URL redirects to d, spread over its attached
// domains in turn: /bulk-redirect-00001 … to https://www.lakesidefit.com/bulk-00001 ….
func withBulkRedirects(d *data, n int) *data {
	if n == 0 || len(d.domains) == 0 {
		return d
	}
	for i := range n {
		host := d.domains[i%len(d.domains)].URL
		path := fmt.Sprintf("/bulk-redirect-%05d", i+1)
		d.urlRedirects = append(d.urlRedirects, &urlRedirectRec{ID: d.newID(), LocationID: d.locationID, Domain: host,
			Path: path, PathLowercase: path, Type: "Permanent", Target: fmt.Sprintf("https://www.lakesidefit.com/bulk-%05d", i+1), Action: "url"})
	}
	return d
}
