package sandbox

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// A larger agency for Options.SubAccounts: after the four sub-accounts of the
// default seed come made-up clients of an agency (gyms, clinics, studios, shops),
// each built from a generator seeded by its position, so the same N always gives
// the same names, sizes and ids, and a larger N only adds sub-accounts at the end.
// Sizes vary from a handful of pages to a few hundred. The first made-up client
// (the fifth sub-account) is suspended; Harbor Yoga Studio, the fourth, is where the
// app is not installed.

// maxSubAccounts bounds Options.SubAccounts, so a typo cannot fill memory.
const maxSubAccounts = 1000

// suspendedPosition is the place (0-based) of the sub-account seeded suspended.
const suspendedPosition = 4

// Name parts of the made-up clients: 40 places × 25 businesses name 1,000 clients
// without a repeat (clientName).
var (
	clientPlaces = []string{
		"Northside", "Bayview", "Iron Peak", "Cedar Grove", "Maple Street", "Harborview", "Oakridge", "Pinecrest",
		"Riverbend", "Stonebridge", "Westfield", "Eastgate", "Brookside", "Hillcrest", "Lakeshore", "Meadowbrook",
		"Silver Creek", "Sunset", "Granite", "Elm Park", "Fox Hollow", "Willow Bend", "Kingsway", "Copper Hill",
		"Beacon", "Redwood", "Clearwater", "Highland", "Parkside", "Southport", "Ashford", "Birchwood",
		"Crescent", "Driftwood", "Evergreen", "Fairview", "Goldcoast", "Hartley", "Ivy Lane", "Juniper",
	}
	clientKinds = []string{
		"CrossFit", "Dental Care", "Physio Clinic", "Pilates Studio", "Martial Arts", "Yoga Loft", "Chiropractic",
		"Med Spa", "Boxing Gym", "Swim School", "Dance Academy", "Family Dentistry", "Fitness Club", "Climbing Gym",
		"Wellness Center", "Barbershop", "Auto Detailing", "Real Estate", "Roofing Co.", "Landscaping",
		"Vet Clinic", "Cycling Studio", "Bootcamp", "Orthodontics", "Hair Salon",
	}
	clientStreets = []string{"Main Street", "High Street", "Market Road", "Church Lane", "Station Road", "Park Avenue", "Mill Lane", "Bridge Street"}
	// clientFunnels are the funnels a client may run; the business kind goes after
	// the ones that end in a space ("Free Consultation: " + kind …).
	clientFunnels = []string{
		"Free Consultation", "New Client Special", "Spring Promo 2026", "Summer Offer 2025", "Referral Rewards",
		"Holiday Gift Cards", "Membership Offer", "Black Friday 2025", "Lead Magnet: Free Guide", "Webinar: Ask the Expert",
		"Book an Appointment", "Reviews Request", "Reactivation Campaign", "VIP Program", "Open Day",
		"Waitlist", "Intro Pack", "Seasonal Checkup", "Loyalty Club", "Main Website",
	}
	// clientSteps are the step kinds (stepKinds) a made-up funnel takes from the
	// front, in order, before its last step, a thank-you page.
	clientSteps = []string{"landing", "optin", "quiz", "results", "book", "sales", "order", "upsell", "upsell2", "downsell", "confirm"}
	// clientFolders are the folders of the larger clients.
	clientFolders = []string{"Campaigns", "Lead Magnets", "Evergreen", "Archive"}
)

// clientName names the made-up client at position i (0-based among them).
func clientName(i int) string {
	p, k := i%len(clientPlaces), (i/len(clientPlaces)+i)%len(clientKinds)
	name := clientPlaces[p] + " " + clientKinds[k]
	if i >= len(clientPlaces)*len(clientKinds) {
		name += fmt.Sprintf(" %d", 1+i/(len(clientPlaces)*len(clientKinds)))
	}
	return name
}

// slugOf is a lower-case, hyphenated form of a name, for hosts and step urls.
func slugOf(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// agencySpecs are the n sub-accounts of Options.SubAccounts: the default four
// first (as many as n asks), then made-up clients.
func agencySpecs(n int) []seedSpec {
	n = min(max(n, 1), maxSubAccounts)
	specs := seedSubAccounts()
	if n <= len(specs) {
		return specs[:n]
	}
	for i := range n - len(specs) {
		specs = append(specs, clientSpec(i))
	}
	return specs
}

// clientSpec is the made-up client at position i (0-based among them): its tables
// drawn from a generator of its own.
func clientSpec(i int) seedSpec {
	name := clientName(i)
	slug := slugOf(name)
	hi, lo := uint64(0x4147454e43593031)^uint64(i+1), uint64(0x434c49454e543031)+uint64(i)*0x9e3779b97f4a7c15 // "AGENCY01", "CLIENT01"
	rng := rand.New(rand.NewPCG(hi, lo))
	spec := seedSpec{
		location: fmt.Sprintf("AgencyClientLoc%05d", i+5), name: name,
		address: fmt.Sprintf("%d %s, %s", 1+rng.IntN(400), clientStreets[rng.IntN(len(clientStreets))], clientPlaces[i%len(clientPlaces)]),
		hi:      hi, lo: lo ^ 0x5eed, installed: true,
		favicon: "https://assets." + slug + ".com/favicon.png",
		domains: []seedDomain{{"www", "www." + slug + ".com"}, {"offers", "offers." + slug + ".com"}},
		products: []seedProduct{
			{"intro", "Intro Offer", "A first visit at a special price", float64(19 + rng.IntN(80)), "one_time"},
			{"plan", "Monthly Plan", "Billed monthly, cancel any time", float64(29 + rng.IntN(170)), "recurring"},
		},
	}
	// Sizes: half are small (1–4 funnels of 2–4 steps), a third medium, the rest
	// large (15–30 funnels of 5–12 steps: a few hundred pages).
	var funnels, minSteps, maxSteps int
	switch size := rng.IntN(100); {
	case size < 50:
		funnels, minSteps, maxSteps = 1+rng.IntN(4), 2, 4
	case size < 85:
		funnels, minSteps, maxSteps = 5+rng.IntN(8), 3, 6
	default:
		funnels, minSteps, maxSteps = 15+rng.IntN(16), 5, 12
	}
	if funnels >= 5 {
		for j, f := range clientFolders[:1+rng.IntN(len(clientFolders))] {
			spec.folders = append(spec.folders, seedFolder{fmt.Sprint(j), f, "funnel", "", day(2025, time.Month(1+j), 3+j)})
		}
	}
	kind := clientKinds[(i/len(clientPlaces)+i)%len(clientKinds)]
	for j := range funnels {
		fname := clientFunnels[j%len(clientFunnels)]
		if j >= len(clientFunnels) {
			fname += " (" + kind + ")"
		}
		f := seedFunnel{name: fname, slug: fmt.Sprintf("%s-%d", slugOf(fname), j+1),
			created: day(2025, time.Month(1+rng.IntN(12)), 1+rng.IntN(28))}
		if len(spec.folders) > 0 && rng.IntN(3) > 0 {
			f.folder = fmt.Sprint(rng.IntN(len(spec.folders)))
		}
		if rng.IntN(2) == 0 {
			f.domain = spec.domains[rng.IntN(len(spec.domains))].key
		}
		steps := minSteps + rng.IntN(maxSteps-minSteps+1)
		for s := range steps {
			st := seedStep{kind: "thanks"}
			if s < steps-1 {
				st.kind = clientSteps[s]
			}
			switch st.kind {
			case "order", "upsell", "upsell2", "downsell":
				st.product = []string{"intro", "plan"}[rng.IntN(2)]
			}
			if rng.IntN(12) == 0 {
				st.split = 50
			}
			f.steps = append(f.steps, st)
		}
		spec.funnels = append(spec.funnels, f)
	}
	if len(spec.funnels) > 0 {
		spec.urlRedirects = []seedURLRedirect{{"www", "/offer", "https://offers." + slug + ".com/" + spec.funnels[0].slug + "-landing", "funnel"}}
	}
	return spec
}
