package sandbox

import (
	"math/rand/v2"
	"strings"
	"time"
)

// The seeded sub-accounts. The first, "Lakeside Fit", is the one every test and the
// demo open; the tables below are its data. Other gyms of the same agency have tables
// of their own (seed_gyms.go). seedData turns a seedSpec into records with ids and
// dates drawn from a PCG generator with a fixed seed per sub-account, so every
// sandbox serves byte-identical data.

const (
	seedLocationID = "LakesideFit2026Loc01"
	seedCompanyID  = "LakesideFitCompany01"
	seedUserID     = "LakesideFitOwnerUsr1"
	seedHi         = 0x46554e4e454c5321 // "FUNNELS!"
	seedLo         = 0x53414e44424f5831 // "SANDBOX1"
)

// seedDate is a day of the seed's tables, kept as its numbers: the tables are then
// laid out by the compiler, with nothing to run when a command starts.
type seedDate struct {
	y int
	m time.Month
	d int
}

func day(y int, m time.Month, d int) seedDate { return seedDate{y, m, d} }

// midnight is the start of the day, UTC.
func (s seedDate) midnight() time.Time { return time.Date(s.y, s.m, s.d, 0, 0, 0, 0, time.UTC) }

type seedFolder struct {
	key, name, kind, parent string
	created                 seedDate
}

var seedFolders = []seedFolder{
	{"lead", "Lead Generation", "funnel", "", day(2025, 1, 8)},
	{"webinars", "Webinars", "funnel", "", day(2025, 1, 8)},
	{"launches", "Product Launches", "funnel", "", day(2025, 2, 3)},
	{"q3", "Q3 Launch", "funnel", "launches", day(2025, 6, 16)},
	{"q4", "Q4 Holiday", "funnel", "launches", day(2025, 9, 22)}, // stays empty
	{"archive", "Archive", "funnel", "", day(2025, 3, 10)},
	{"c2025", "2025 Campaigns", "funnel", "archive", day(2025, 3, 10)},
	{"bf2025", "Black Friday 2025", "funnel", "c2025", day(2025, 10, 27)},
	{"sites", "Club Websites", "website", "", day(2025, 1, 6)},
}

type seedDomain struct {
	key, host string
}

// The first four are used by funnels; kids and promo are attached but unused.
var seedDomains = []seedDomain{
	{"offers", "offers.lakesidefit.com"},
	{"join", "join.lakesidefit.com"},
	{"webinars", "webinars.lakesidefit.com"},
	{"www", "www.lakesidefit.com"},
	{"kids", "kids.lakesidefit.com"},
	{"promo", "promo.lakesidefit.com"},
}

type seedProduct struct {
	key, name, description string
	price                  float64
	kind                   string
}

var seedProducts = []seedProduct{
	{"spring", "Spring Sale Membership", "Unlimited classes, billed monthly", 49.00, "recurring"},
	{"trial", "7-Day Trial Pass", "Seven days of unlimited classes", 7.00, "one_time"},
	{"coaching", "Online Coaching (12 Weeks)", "Weekly plans and check-ins with a coach", 297.00, "one_time"},
	{"bootcamp", "Bootcamp Series", "Six outdoor bootcamp sessions", 149.00, "one_time"},
	{"mealprep", "Meal Prep Guide", "PDF guide with 40 recipes", 19.00, "one_time"},
	{"vip", "VIP Upgrade", "Priority booking and a monthly check-in", 29.99, "recurring"},
	{"bf", "Black Friday Annual Pass", "Twelve months of unlimited classes", 399.00, "one_time"},
	{"gymgrowth", "Gym Growth Masterclass", "Recorded masterclass with templates", 497.00, "one_time"},
}

var seedFonts = []fontRec{
	{Name: "Montserrat", FontFamily: "Montserrat, sans-serif", Format: "woff2", URL: "https://assets.lakesidefit.com/fonts/montserrat.woff2"},
	{Name: "Playfair Display", FontFamily: "'Playfair Display', serif", Format: "woff2", URL: "https://assets.lakesidefit.com/fonts/playfair-display.woff2"},
	{Name: "Lakeside Sans", FontFamily: "'Lakeside Sans', sans-serif", Format: "ttf", URL: "https://assets.lakesidefit.com/fonts/lakeside-sans.ttf"},
	{Name: "Inter", FontFamily: "Inter, sans-serif", Format: "woff2", URL: "https://assets.lakesidefit.com/fonts/inter.woff2"},
}

type seedRedirect struct {
	domain, regex, target string
	status                int
}

var seedRedirects = []seedRedirect{
	{"offers", "^/old-(.*)$", "/new-$1", 301},
	{"offers", "^/spring-2025(.*)$", "/spring-sale$1", 301},
	{"join", "^/trial/(.*)$", "/free-trial-landing", 302},
	{"www", "^/blog/([0-9]+)$", "/articles/$1", 301},
}

type seedURLRedirect struct {
	domain, path, target, action string
}

// URL redirects, one table per domain's use: old campaign paths sent to live steps,
// a vanity path to a social profile, and a domain sent whole.
var seedURLRedirects = []seedURLRedirect{
	{"offers", "/Spring-2025", "https://offers.lakesidefit.com/spring-sale-opt-in", "funnel"},
	{"offers", "/bootcamp", "https://offers.lakesidefit.com/bootcamp-series-opt-in", "funnel"},
	{"join", "/trial", "https://join.lakesidefit.com/free-trial-landing", "funnel"},
	{"join", "/7-day-pass", "https://join.lakesidefit.com/free-trial-sign-up", "funnel"},
	{"webinars", "/replay", "https://webinars.lakesidefit.com/grow-your-gym-replay", "funnel"},
	{"www", "/timetable", "https://www.lakesidefit.com/schedule", "website"},
	{"www", "/instagram", "https://www.instagram.com/lakesidefit", "url"},
	{"promo", "/", "https://offers.lakesidefit.com/spring-sale-opt-in", "all"},
}

type stepKind struct{ name, typ, slug string }

var stepKinds = map[string]stepKind{
	"optin":    {"Opt-in", "optin_funnel_page", "opt-in"},
	"sales":    {"Sales Page", "sales_funnel_page", "sales"},
	"order":    {"Order Form", "sales_funnel_page", "order"},
	"upsell":   {"Upsell", "upsell_funnel_page", "upsell"},
	"upsell2":  {"Upsell 2", "upsell_funnel_page", "upsell-2"},
	"downsell": {"Downsell", "downsell_funnel_page", "downsell"},
	"thanks":   {"Thank You", "thankyou_funnel_page", "thank-you"},
	"landing":  {"Landing Page", "misc_funnel_page", "landing"},
	"signup":   {"Sign Up", "optin_funnel_page", "sign-up"},
	"welcome":  {"Welcome", "thankyou_funnel_page", "welcome"},
	"day1":     {"Day 1 Workout", "misc_funnel_page", "day-1"},
	"day2":     {"Day 2 Workout", "misc_funnel_page", "day-2"},
	"day3":     {"Day 3 Workout", "misc_funnel_page", "day-3"},
	"book":     {"Book a Call", "misc_funnel_page", "book"},
	"quiz":     {"Quiz", "optin_funnel_page", "quiz"},
	"results":  {"Quiz Results", "misc_funnel_page", "results"},
	"waitlist": {"Waitlist", "optin_funnel_page", "waitlist"},
	"early":    {"Early Access", "sales_funnel_page", "early-access"},
	"register": {"Registration", "optin_funnel_page", "register"},
	"confirm":  {"Confirmation", "thankyou_funnel_page", "confirmed"},
	"room":     {"Webinar Room", "webinar_funnel_page", "live"},
	"replay":   {"Replay", "webinar_funnel_page", "replay"},
	"home":     {"Home", "misc_funnel_page", "home"},
	"classes":  {"Classes", "misc_funnel_page", "classes"},
	"schedule": {"Schedule", "misc_funnel_page", "schedule"},
	"pricing":  {"Pricing", "misc_funnel_page", "pricing"},
	"about":    {"About Us", "misc_funnel_page", "about"},
	"contact":  {"Contact", "misc_funnel_page", "contact"},
	"programs": {"Programs", "misc_funnel_page", "programs"},
	"enrol":    {"Enrol", "misc_funnel_page", "enrol"},
}

type seedStep struct {
	kind     string
	product  string // key of seedProducts
	split    int    // control traffic of a running split test; 0 = none
	variant  bool   // a second live page, not in a split test
	archived bool   // an older, archived version of the page
	ended    bool   // a split test that ended: the loser is archived
}

type seedFunnel struct {
	name, slug, folder, domain string
	created                    seedDate
	website                    bool   // type "website"; step urls are "/"+prefix+slug
	prefix                     string // website step-url prefix
	steps                      []seedStep
}

// Shorthands for the funnel table.
func plain(kind string) seedStep                  { return seedStep{kind: kind} }
func sold(kind, product string) seedStep          { return seedStep{kind: kind, product: product} }
func splitTest(kind string, control int) seedStep { return seedStep{kind: kind, split: control} }

var seedFunnels = []seedFunnel{
	{name: "Spring Sale 2026", slug: "spring-sale", domain: "offers", created: day(2026, 2, 9),
		steps: []seedStep{plain("optin"), {kind: "sales", archived: true}, sold("order", "spring"), sold("upsell", "vip"), plain("thanks")}},
	{name: "Free 7-Day Trial", slug: "free-trial", domain: "join", created: day(2025, 11, 3),
		steps: []seedStep{plain("landing"), {kind: "signup", variant: true}, sold("order", "trial"), plain("welcome")}},
	{name: "New Year Kickstart", slug: "new-year-kickstart", created: day(2025, 12, 1),
		steps: []seedStep{plain("optin"), plain("day1"), plain("day2"), plain("day3"), plain("sales"), sold("order", "coaching"), plain("thanks")}},
	{name: "Personal Training Consult", slug: "pt-consult", created: day(2025, 4, 14),
		steps: []seedStep{plain("optin"), plain("book"), plain("thanks")}},
	{name: "Referral Rewards", slug: "referral-rewards", created: day(2025, 7, 21),
		steps: []seedStep{plain("optin"), plain("thanks")}},

	{name: "Free Workout Guide", slug: "free-workout-guide", folder: "lead", domain: "join", created: day(2025, 1, 20),
		steps: []seedStep{{kind: "optin", archived: true}, plain("thanks")}},
	{name: "Body Transformation Quiz", slug: "body-quiz", folder: "lead", domain: "join", created: day(2025, 3, 3),
		steps: []seedStep{plain("quiz"), plain("results"), plain("sales"), sold("order", "coaching"), plain("thanks")}},
	{name: "Nutrition Cheat Sheet", slug: "nutrition-cheat-sheet", folder: "lead", created: day(2025, 5, 12),
		steps: []seedStep{plain("optin"), sold("upsell", "mealprep"), plain("thanks")}},
	{name: "Summer Shred Waitlist", slug: "summer-shred-waitlist", folder: "lead", created: day(2026, 3, 16),
		steps: []seedStep{plain("waitlist"), plain("thanks")}},
	{name: "Corporate Wellness Inquiry", slug: "corporate-wellness", folder: "lead", created: day(2025, 8, 4),
		steps: []seedStep{plain("landing"), plain("book"), plain("thanks")}},

	{name: "Webinar: Grow Your Gym", slug: "grow-your-gym", folder: "webinars", domain: "webinars", created: day(2025, 9, 8),
		steps: []seedStep{splitTest("register", 50), plain("confirm"), plain("room"), plain("replay"), sold("order", "gymgrowth"), plain("thanks")}},
	{name: "Webinar: Strength After 40", slug: "strength-after-40", folder: "webinars", domain: "webinars", created: day(2025, 10, 13),
		steps: []seedStep{plain("register"), plain("confirm"), plain("room"), plain("replay"), plain("thanks")}},
	{name: "Live Q&A: Meal Prep Basics", slug: "meal-prep-qa", folder: "webinars", created: day(2025, 6, 9),
		steps: []seedStep{plain("register"), plain("confirm"), plain("room"), plain("replay")}},

	{name: "Online Coaching Launch", slug: "online-coaching", folder: "launches", created: day(2025, 2, 17),
		steps: []seedStep{plain("waitlist"), plain("early"), plain("sales"), sold("order", "coaching"), sold("upsell", "vip"), sold("upsell2", "mealprep"), sold("downsell", "mealprep"), plain("thanks")}},
	{name: "Lakeside App Beta", slug: "app-beta", folder: "launches", created: day(2026, 1, 12),
		steps: []seedStep{plain("waitlist"), plain("signup"), plain("welcome")}},

	{name: "Q3 Launch: Bootcamp Series", slug: "bootcamp-series", folder: "q3", domain: "offers", created: day(2025, 6, 23),
		steps: []seedStep{plain("optin"), plain("early"), splitTest("sales", 70), sold("order", "bootcamp"), sold("upsell", "vip"), sold("downsell", "mealprep"), plain("thanks")}},
	{name: "Q3 Launch: Early Bird Offer", slug: "early-bird", folder: "q3", domain: "offers", created: day(2025, 7, 7),
		steps: []seedStep{plain("optin"), plain("early"), sold("order", "bootcamp"), sold("upsell", "vip"), plain("thanks")}},
	{name: "Q3 Launch: VIP Upgrade", slug: "vip-upgrade", folder: "q3", domain: "offers", created: day(2025, 7, 28),
		steps: []seedStep{{kind: "sales", archived: true}, sold("order", "vip"), sold("upsell", "mealprep"), plain("thanks")}},

	{name: "Old Homepage Funnel", slug: "old-homepage", folder: "archive", created: day(2025, 1, 6),
		steps: []seedStep{plain("landing"), plain("optin"), plain("thanks")}},
	{name: "Summer Sale 2025", slug: "summer-sale-2025", folder: "c2025", created: day(2025, 5, 26),
		steps: []seedStep{plain("optin"), {kind: "sales", ended: true}, sold("order", "spring"), sold("upsell", "vip"), sold("downsell", "mealprep"), {kind: "thanks", archived: true}}},
	{name: "Back to School 2025", slug: "back-to-school-2025", folder: "c2025", created: day(2025, 8, 18),
		steps: []seedStep{plain("optin"), plain("sales"), sold("order", "trial"), plain("thanks")}},
	{name: "Black Friday 2025 Doorbuster", slug: "black-friday-doorbuster", folder: "bf2025", created: day(2025, 10, 27),
		steps: []seedStep{plain("waitlist"), plain("early"), plain("sales"), {kind: "order", product: "bf", split: 50}, sold("upsell", "vip"), plain("thanks")}},
	{name: "Cyber Monday 2025", slug: "cyber-monday-2025", folder: "bf2025", created: day(2025, 11, 10),
		steps: []seedStep{plain("sales"), sold("order", "bf"), sold("upsell", "vip"), sold("downsell", "mealprep"), plain("thanks")}},

	{name: "Lakeside Fit Main Site", slug: "lakeside-fit", folder: "sites", domain: "www", created: day(2025, 1, 6), website: true,
		steps: []seedStep{plain("home"), plain("classes"), plain("schedule"), plain("pricing"), plain("about"), plain("contact")}},
	{name: "Kids Club Site", slug: "kids-club", folder: "sites", created: day(2025, 4, 7), website: true, prefix: "kids/",
		steps: []seedStep{plain("home"), plain("programs"), plain("enrol")}},
}

// stamp puts a time of day (office hours) on a date.
func stamp(rng *rand.Rand, d seedDate) time.Time {
	return d.midnight().Add(8*time.Hour +
		time.Duration(rng.IntN(9*60))*time.Minute +
		time.Duration(rng.IntN(60))*time.Second +
		time.Duration(rng.IntN(1000))*time.Millisecond)
}

// laterDays returns t plus 0..maxDays whole days (and a few minutes), never past limit.
func laterDays(rng *rand.Rand, t time.Time, maxDays int, limit time.Time) time.Time {
	if maxDays < 0 {
		maxDays = 0
	}
	u := t.Add(time.Duration(rng.IntN(maxDays+1))*24*time.Hour + time.Duration(rng.IntN(120))*time.Minute)
	if !limit.IsZero() && u.After(limit) {
		return limit
	}
	return u
}

// seedSpec is the constant tables of one sub-account and the seed of its generator.
type seedSpec struct {
	location, name, address string
	hi, lo                  uint64
	installed               bool // the agency's app is installed there
	favicon                 string

	folders      []seedFolder
	domains      []seedDomain
	products     []seedProduct
	fonts        []fontRec
	redirects    []seedRedirect
	funnels      []seedFunnel
	urlRedirects []seedURLRedirect
}

// lakeside is the first sub-account: the one a token of the sandbox opens unless it
// was minted for another.
var lakeside = seedSpec{
	location: seedLocationID, name: "Lakeside Fit", address: "12 Shore Road, Lakeside", hi: seedHi, lo: seedLo,
	installed: true, favicon: "https://assets.lakesidefit.com/favicon.png",
	folders: seedFolders, domains: seedDomains, products: seedProducts, fonts: seedFonts,
	redirects: seedRedirects, funnels: seedFunnels, urlRedirects: seedURLRedirects,
}

// seedSub builds one sub-account. Same input, same output: the order of draws from
// the generator is part of the data, so append new tables at the end only.
func seedSub(spec seedSpec) *data {
	rng := rand.New(rand.NewPCG(spec.hi, spec.lo))
	d := &data{rng: rng, locationID: spec.location, pageByID: map[string]*pageRec{}}

	folderIDs := map[string]string{}
	for _, sf := range spec.folders {
		added := stamp(rng, sf.created)
		f := &folderRec{
			ID: d.newID(), Name: sf.name, Type: sf.kind, Category: "folder", ParentID: folderIDs[sf.parent],
			LocationID: d.locationID, DateAdded: formatDate(added), DateUpdated: formatDate(laterDays(rng, added, 30, time.Time{})),
		}
		folderIDs[sf.key] = f.ID
		d.folders = append(d.folders, f)
	}

	domains := map[string]*domainRec{}
	for _, sd := range spec.domains {
		dom := &domainRec{ID: d.newID(), URL: sd.host, LocationID: d.locationID, Attached: true}
		domains[sd.key] = dom
		d.domains = append(d.domains, dom)
	}

	productIDs := map[string]string{}
	for _, sp := range spec.products {
		p := productRec{ID: d.newID(), Name: sp.name, Description: sp.description, Price: sp.price, Currency: "USD", Type: sp.kind}
		productIDs[sp.key] = p.ID
		d.products = append(d.products, p)
	}

	for _, f := range spec.fonts {
		f.ID = d.newID()
		d.fonts = append(d.fonts, f)
	}

	for _, sr := range spec.redirects {
		d.redirects = append(d.redirects, redirectRec{ID: d.newID(), Domain: domains[sr.domain].URL, Regex: sr.regex, Target: sr.target, Type: sr.status})
	}

	for _, sf := range spec.funnels {
		d.funnels = append(d.funnels, seedOneFunnel(d, sf, spec.favicon, folderIDs, domains, productIDs))
	}

	for _, sr := range spec.urlRedirects {
		d.urlRedirects = append(d.urlRedirects, &urlRedirectRec{ID: d.newID(), LocationID: d.locationID,
			Domain: domains[sr.domain].URL, Path: sr.path, PathLowercase: strings.ToLower(sr.path),
			Type: "Permanent", Target: sr.target, Action: sr.action})
	}
	return d
}

func seedOneFunnel(d *data, sf seedFunnel, favicon string, folderIDs map[string]string, domains map[string]*domainRec, productIDs map[string]string) *funnelRec {
	rng := d.rng
	added := stamp(rng, sf.created)
	updated := added.Add(time.Duration(1+rng.IntN(40))*24*time.Hour + time.Duration(rng.IntN(300))*time.Minute)
	span := int(updated.Sub(added).Hours() / 24)
	f := &funnelRec{
		ID: d.newID(), Name: sf.name, LocationID: d.locationID, Type: "funnel", Category: "funnel",
		URL: "/" + sf.slug, ParentID: folderIDs[sf.folder], Steps: []stepRec{},
		DateAdded: formatDate(added), DateUpdated: formatDate(updated),
	}
	if sf.website {
		f.Type = "website"
	}
	if dom := domains[sf.domain]; dom != nil {
		f.DomainID, f.DomainName = dom.ID, dom.URL
		f.FaviconURL = favicon
	}
	for i, ss := range sf.steps {
		k := stepKinds[ss.kind]
		url := "/" + sf.slug + "-" + k.slug
		if sf.website {
			url = "/" + sf.prefix + k.slug
		}
		st := stepRec{
			ID: d.newUUID(), Name: k.name, URL: url, Type: k.typ, Pages: []string{}, Sequence: i + 1,
			Products: []string{}, ControlTraffic: 100, AdditionalRoutes: []string{},
		}
		if ss.product != "" {
			st.Products = append(st.Products, productIDs[ss.product])
		}
		pageAt := added.Add(time.Duration(i*7) * time.Minute)
		newPage := func(name string, archived bool) *pageRec {
			p := &pageRec{
				ID: d.newID(), LocationID: d.locationID, FunnelID: f.ID, StepID: st.ID, Name: name, URL: url,
				Deleted: archived, DateAdded: formatDate(pageAt), DateUpdated: formatDate(laterDays(rng, pageAt, span, updated)),
				PageVersion: 1 + rng.IntN(12), sections: 3 + rng.IntN(8),
			}
			d.addPage(p)
			return p
		}
		if ss.archived {
			newPage(k.name+" - Old Version", true)
		}
		st.Pages = append(st.Pages, newPage(k.name, false).ID)
		switch {
		case ss.split > 0:
			st.Pages = append(st.Pages, newPage(k.name+" (Variation B)", false).ID)
			st.Split, st.ControlTraffic = true, ss.split
			st.SplitStartedAt = &splitDate{Date: formatDate(laterDays(rng, added, span, updated))}
		case ss.variant:
			st.Pages = append(st.Pages, newPage(k.name+" (Variation B)", false).ID)
		case ss.ended:
			newPage(k.name+" (Variation B)", true)
			started := laterDays(rng, added, span/2, updated)
			st.SplitStartedAt = &splitDate{Date: formatDate(started)}
			st.SplitEndedAt = &splitDate{Date: formatDate(laterDays(rng, started, span/2, updated))}
		}
		f.Steps = append(f.Steps, st)
	}
	return f
}
