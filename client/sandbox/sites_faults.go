package sandbox

import (
	"strings"
	"time"
)

// The public pages' seeded faults, all on Lakeside Fit's domains, each consistent
// with its funnels and redirects: what `funnels check` on `funnels sandbox --sites`
// must find, and nothing else. The other sub-accounts' pages are served as their data
// says, faults of their data included.
//
//	join.lakesidefit.com/free-workout-guide-thank-you  the step's page answers 404
//	www  /members ⇄ /login                             two redirects that loop
//	offers /summer-2024 → /summer-2025 → /summer-2026 → /summer → /spring-sale-opt-in
//	                                                   a chain of 4
//	offers /early-bird-opt-in                          a redirect at a live step's address
//	offers /bootcamp → /bootcamp-series-opt-in         a redirect to a moved path, once
//	                                                   MoveSeededStep has moved the step
//	                                                   to /bootcamp-series-join
//	webinars.lakesidefit.com                           its certificate ends in 2 days
//	promo.lakesidefit.com                              does not resolve (left out of the
//	                                                   resolve rules)
//	webinars …/strength-after-40-replay                answers after SitesOptions.Slow
//	join …/body-quiz-results                           noindex
//	www …/pricing                                      canonical names /classes

// siteFaultRedirects are the URL redirects the faults add to Lakeside Fit's seed when
// the sites are served, after its own (their ids drawn after every other record's,
// so the seed's ids do not change).
var siteFaultRedirects = []seedURLRedirect{
	{"www", "/members", "https://www.lakesidefit.com/login", "website"},
	{"www", "/login", "https://www.lakesidefit.com/members", "website"},
	{"offers", "/summer-2024", "https://offers.lakesidefit.com/summer-2025", "funnel"},
	{"offers", "/summer-2025", "https://offers.lakesidefit.com/summer-2026", "funnel"},
	{"offers", "/summer-2026", "https://offers.lakesidefit.com/summer", "funnel"},
	{"offers", "/summer", "https://offers.lakesidefit.com/spring-sale-opt-in", "funnel"},
	{"offers", "/early-bird-opt-in", "https://offers.lakesidefit.com/bootcamp-series-early-access", "funnel"},
}

// Page faults, by host and path.
const (
	siteMissingPage = "join.lakesidefit.com/free-workout-guide-thank-you"
	siteSlowPage    = "webinars.lakesidefit.com/strength-after-40-replay"
	siteNoindexPage = "join.lakesidefit.com/body-quiz-results"
	siteCanonPage   = "www.lakesidefit.com/pricing"
	siteCanonTarget = "https://www.lakesidefit.com/classes"
	// The domain that does not resolve, and the one whose certificate ends soon.
	siteUnresolved = "promo.lakesidefit.com"
	siteShortCert  = "webinars.lakesidefit.com"
)

// Certificate lifetimes: the short one lands in "2 days" whenever within the
// day it is read; every other certificate has a quarter of a year.
const (
	siteShortCertLife = 2*24*time.Hour + 12*time.Hour
	siteCertLife      = 90 * 24 * time.Hour
)

// The step MoveSeededStep moves: Q3 Launch: Bootcamp Series's opt-in, which the
// seeded redirect /bootcamp points at.
const (
	siteMovedFrom = "/bootcamp-series-opt-in"
	siteMovedTo   = "/bootcamp-series-join"
)

// addSiteFaults adds the faults' redirects to the first sub-account's data, whose
// domains are Lakeside Fit's, in its table's order.
func addSiteFaults(d *data) {
	byKey := map[string]string{}
	for i, sd := range lakeside.domains {
		if i < len(d.domains) {
			byKey[sd.key] = d.domains[i].URL
		}
	}
	for _, sr := range siteFaultRedirects {
		d.urlRedirects = append(d.urlRedirects, &urlRedirectRec{ID: d.newID(), LocationID: d.locationID,
			Domain: byKey[sr.domain], Path: sr.path, PathLowercase: strings.ToLower(sr.path), Type: "Permanent",
			Target: sr.target, Action: sr.action})
	}
}
