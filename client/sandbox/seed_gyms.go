package sandbox

// The other sub-accounts of the seeded agency: two more gyms with the app installed,
// with small data sets of their own, and a studio where it is not installed (no data:
// no token can be minted for it). Each has its own generator seed, so adding one
// never changes another's ids.

const (
	summitLocationID    = "SummitStrengthLoc002"
	riversideLocationID = "RiversideBoxingLoc03"
	harborLocationID    = "HarborYogaStudioLc04"
)

var summit = seedSpec{
	location: summitLocationID, name: "Summit Strength", address: "400 Quarry Lane, Summit",
	hi: 0x53554d4d49543032, lo: 0x5354524f4e473032, installed: true, // "SUMMIT02", "STRONG02"
	favicon: "https://assets.summitstrength.com/favicon.png",
	folders: []seedFolder{
		{"members", "Memberships", "funnel", "", day(2025, 2, 2)},
		{"events", "Events", "funnel", "", day(2025, 3, 9)},
	},
	domains: []seedDomain{
		{"join", "join.summitstrength.com"},
		{"www", "www.summitstrength.com"},
	},
	products: []seedProduct{
		{"monthly", "Summit Monthly Membership", "Open gym and all classes, billed monthly", 59.00, "recurring"},
		{"meet", "Powerlifting Meet Entry", "One entry to the spring meet", 65.00, "one_time"},
		{"course", "Barbell Basics Course", "Four coached sessions on the big lifts", 120.00, "one_time"},
	},
	fonts: []fontRec{
		{Name: "Oswald", FontFamily: "Oswald, sans-serif", Format: "woff2", URL: "https://assets.summitstrength.com/fonts/oswald.woff2"},
	},
	redirects: []seedRedirect{
		{"www", "^/meet-(.*)$", "/events/$1", 301},
	},
	funnels: []seedFunnel{
		{name: "Summit Open House", slug: "open-house", domain: "join", created: day(2026, 1, 19),
			steps: []seedStep{plain("landing"), plain("signup"), plain("thanks")}},
		{name: "Barbell Basics Course", slug: "barbell-basics", created: day(2025, 9, 1),
			steps: []seedStep{plain("optin"), plain("sales"), sold("order", "course"), plain("thanks")}},
		{name: "Strength Membership", slug: "strength-membership", folder: "members", domain: "join", created: day(2025, 2, 10),
			steps: []seedStep{plain("pricing"), sold("order", "monthly"), plain("welcome")}},
		{name: "Powerlifting Meet 2026", slug: "powerlifting-meet", folder: "events", created: day(2026, 2, 2),
			steps: []seedStep{plain("register"), sold("order", "meet"), plain("confirm")}},
		{name: "Strongman Saturday", slug: "strongman-saturday", folder: "events", created: day(2025, 8, 11),
			steps: []seedStep{splitTest("register", 60), plain("confirm")}},
		{name: "Summit Strength Site", slug: "summit-strength", domain: "www", created: day(2025, 2, 2), website: true,
			steps: []seedStep{plain("home"), plain("classes"), plain("schedule"), plain("contact")}},
	},
	urlRedirects: []seedURLRedirect{
		{"join", "/open-house", "https://join.summitstrength.com/open-house-landing", "funnel"},
		{"www", "/meet", "https://join.summitstrength.com/powerlifting-meet-register", "url"},
	},
}

var riverside = seedSpec{
	location: riversideLocationID, name: "Riverside Boxing Club", address: "3 Mill Street, Riverside",
	hi: 0x5249564552534944, lo: 0x424f58494e473033, installed: true, // "RIVERSID", "BOXING03"
	favicon: "https://assets.riversideboxing.com/favicon.png",
	folders: []seedFolder{
		{"classes", "Classes", "funnel", "", day(2025, 4, 1)},
	},
	domains: []seedDomain{
		{"box", "box.riversideboxing.com"},
	},
	products: []seedProduct{
		{"pack", "10-Class Pack", "Ten boxing classes, valid for three months", 140.00, "one_time"},
		{"gloves", "Club Gloves", "12 oz training gloves", 45.00, "one_time"},
	},
	funnels: []seedFunnel{
		{name: "First Class Free", slug: "first-class-free", domain: "box", created: day(2025, 10, 6),
			steps: []seedStep{plain("optin"), plain("book"), plain("thanks")}},
		{name: "Fight Night Tickets", slug: "fight-night", created: day(2026, 3, 2),
			steps: []seedStep{plain("sales"), sold("order", "gloves"), plain("thanks")}},
		{name: "Beginner Boxing Block", slug: "beginner-block", folder: "classes", domain: "box", created: day(2025, 4, 14),
			steps: []seedStep{plain("landing"), sold("order", "pack"), plain("welcome")}},
		{name: "Youth Boxing Waitlist", slug: "youth-waitlist", folder: "classes", created: day(2025, 12, 8),
			steps: []seedStep{plain("waitlist"), plain("thanks")}},
	},
	urlRedirects: []seedURLRedirect{
		{"box", "/free", "https://box.riversideboxing.com/first-class-free-opt-in", "funnel"},
	},
}

// harbor belongs to the agency, but the app is not installed there.
var harbor = seedSpec{
	location: harborLocationID, name: "Harbor Yoga Studio", address: "9 Pier Walk, Harbor",
	hi: 0x484152424f523034, lo: 0x594f47414f464630, // "HARBOR04", "YOGAOFF0"
}

// seedSubAccounts are every sub-account of the agency, the first one first.
func seedSubAccounts() []seedSpec { return []seedSpec{lakeside, summit, riverside, harbor} }
