package sandbox

import "time"

// Wire constants of the contract.
const (
	apiVersion          = "2021-07-28" // the contract's Version header (version.go has the others)
	dailyLimit          = 200000       // X-RateLimit-Limit-Daily
	maxBodyBytes        = 1 << 20      // request bodies above this answer 413
	maxLoggedBody       = 64 << 10     // bodies are cut to this in the request log
	maxLogEntries       = 10000        // the request log keeps the newest entries only
	codeLifetime        = 10 * time.Minute
	refreshWindow       = time.Minute
	defaultLimit        = 100
	defaultWindow       = 10 * time.Second
	defaultAccessTTL    = 24 * time.Hour
	defaultRefreshLimit = 5
	defaultClientID     = "sandbox-client"
	defaultClientSecret = "sandbox-secret"
)

// Dialect switches the sandbox to the other response shapes the real service is seen
// to use, so the client's tolerant decoders are exercised over real HTTP. The zero
// value answers in the shapes of the wire contract. Only 2xx bodies of API routes are
// affected; error bodies, OAuth and the control API always keep the contract shape.
type Dialect struct {
	// BareLists answers list routes with the bare array: [...] instead of
	// {"funnels":[...],"count":N}. The count and other siblings are dropped.
	BareLists bool
	// WrappedLists puts every list, /funnels/page included, under "data":
	// {"data":[...],"count":N}. It wins over BareLists when both are set.
	WrappedLists bool
	// PlainIDs writes "id" instead of "_id" in every record.
	PlainIDs bool
	// CamelSteps writes the snake_case step fields in camelCase (controlTraffic,
	// splitStartedAt, splitEndedAt, routeAllRequests, additionalRoutes).
	CamelSteps bool
	// StringNumbers sends every JSON number of a success body as a string
	// ("sequence":"1", "count":"25", "price":"49.99", "pageVersion":"3", …).
	StringNumbers bool
	// Summaries answers folder entities with summaries: folders and funnels without
	// steps, domain or tracking codes, as a listing of the web app may. The funnel
	// list keeps its full records.
	Summaries bool
}

// rewritesRecords reports whether success bodies must be re-encoded record by record.
func (d Dialect) rewritesRecords() bool { return d.PlainIDs || d.CamelSteps || d.StringNumbers }

// Faults makes the sandbox misbehave on purpose. Every share applies to API routes
// only (not /oauth/*, not /_sandbox/*) and is rolled independently per request, in
// the order error, drop, truncate.
type Faults struct {
	Latency      time.Duration // random extra delay, uniformly 0..Latency
	FixedLatency time.Duration // a delay before every answer, on top of Latency
	ErrorRate    float64       // share answered 500/502/503 (502 sometimes with an HTML body)
	DropRate     float64       // share whose connection is closed without an answer
	TruncateRate float64       // share whose body is cut in half after a full Content-Length
	// DailyLimit is how many requests a token's day holds (0: the service's
	// 200,000). Once they are spent every API request answers 429 with
	// X-RateLimit-Daily-Remaining 0 and X-RateLimit-Daily-Reset until the day ends.
	DailyLimit int
}

// clamped keeps the shares within 0..1 and the latency non-negative.
func (f Faults) clamped() Faults {
	clamp := func(x float64) float64 {
		switch {
		case x != x || x < 0: // NaN or negative
			return 0
		case x > 1:
			return 1
		}
		return x
	}
	if f.Latency < 0 {
		f.Latency = 0
	}
	if f.FixedLatency < 0 {
		f.FixedLatency = 0
	}
	if f.DailyLimit <= 0 || f.DailyLimit > dailyLimit {
		f.DailyLimit = 0
	}
	f.ErrorRate, f.DropRate, f.TruncateRate = clamp(f.ErrorRate), clamp(f.DropRate), clamp(f.TruncateRate)
	return f
}

// Bulk adds made-up funnels to the seed, for measuring a large location: Funnels
// funnels at the root named "Bulk Funnel NNNN", each with PagesPerFunnel steps of
// one page, and Redirects URL redirects (/bulk-redirect-NNNNN, over the attached
// domains in turn). Their ids come from the seeded generator after the seed's, so
// the seed is unchanged and two sandboxes with the same Bulk serve the same data.
type Bulk struct {
	Funnels, PagesPerFunnel int
	Redirects               int
}

// Options configures a sandbox. The zero value is a sandbox with the limits of the
// real service and random tokens.
//
// With a StateDir, Start keeps the sandbox's identity there (KeepPath, 0600): the
// demo and read-only tokens, the OAuth client, and every OAuth token issued, written
// again whenever one is issued, refreshed, expired or revoked. Started again with the
// same StateDir, the sandbox takes them back, so the tokens it printed and the
// profiles signed in to it keep working across restarts; tokens named in the options
// win over kept ones for that run only: the file keeps the kept ones. Delete the file for new tokens. The data is not
// kept: every run starts from the seed.
type Options struct {
	Limit            int           // requests per window per token; 0 → 100
	Window           time.Duration // 0 → 10s
	AccessTokenTTL   time.Duration // lifetime of OAuth access tokens; 0 → 24h
	RefreshPerMinute int           // refresh grants per client per minute; 0 → 5
	Faults           Faults
	Dialect          Dialect
	Surface          Surface // SurfaceSeed ("" too), SurfacePublic or SurfaceDocumented
	Bulk             Bulk    // made-up funnels and pages added to the first sub-account's seed
	DemoToken        string  // full-scope static token; "" → random "pit-…"
	// SubAccountTokens are the static tokens of the other sub-accounts, by location
	// id; one not given is random.
	SubAccountTokens map[string]string
	ReadOnlyToken    string           // read-only static token; "" → random "pit-…"
	ClientID         string           // OAuth app; "" → "sandbox-client"
	ClientSecret     string           // "" → "sandbox-secret"
	Now              func() time.Time // clock for expiry, windows and write dates; nil → time.Now

	StateDir string // where Start keeps tokens across restarts; "" keeps nothing
	// Logf is told what went wrong after the start: keeping the tokens, a handler's
	// panic while the API is served over HTTPS (panicsSaid); nil → nowhere.
	Logf func(format string, args ...any)

	// SignIn plays what the real service does to some sign-ins (signin.go).
	SignIn SignIn
	// Versions are the Version values this server takes, as a server may take fewer
	// than the service documents (2021-07-28, 2021-04-15, 2023-02-21, v3: nil);
	// any other answers 400 naming these.
	Versions []string
	// SubAccounts, when above 0, is how many sub-accounts the agency has (at most
	// 1000): the four of the default seed first (as many as it asks), then made-up
	// clients of varied sizes (seed_agency.go), the first of them (the fifth)
	// suspended. 0 keeps the default four.
	SubAccounts int
	// NotFound words the 404 of a route the sandbox does not have (the documented
	// surface's other routes, an API path no table has): NotFoundExpress ("" too),
	// NotFoundProblem, NotFoundHTML, NotFoundEmpty or NotFoundV3.
	NotFound NotFound
	// RefusalWords, when set, is the message of the public surface's refusal of a
	// web-app route in place of the service's IAM words: a service that words it
	// otherwise, which a client tells from what the server does.
	RefusalWords string
	// Sites serves the public pages of the sub-accounts' domains, with seeded faults
	// (sites.go, sites_faults.go).
	Sites SitesOptions
	// TLS serves the API over HTTPS (and HTTP/2, as the real service), with a
	// certificate of an authority made at start that no machine trusts until it is
	// handed it (Running.CAPEM).
	TLS bool
}

// withDefaults fills every zero (or negative) field with its default.
func (o Options) withDefaults() Options {
	if o.Limit <= 0 {
		o.Limit = defaultLimit
	}
	if o.Window <= 0 {
		o.Window = defaultWindow
	}
	if o.AccessTokenTTL <= 0 {
		o.AccessTokenTTL = defaultAccessTTL
	}
	if o.RefreshPerMinute <= 0 {
		o.RefreshPerMinute = defaultRefreshLimit
	}
	if o.DemoToken == "" {
		o.DemoToken = newPIT()
	}
	if o.ReadOnlyToken == "" {
		o.ReadOnlyToken = newPIT()
	}
	if o.ClientID == "" {
		o.ClientID = defaultClientID
	}
	if o.ClientSecret == "" {
		o.ClientSecret = defaultClientSecret
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Surface != SurfacePublic && o.Surface != SurfaceDocumented {
		o.Surface = SurfaceSeed
	}
	if _, err := ParseNotFound(string(o.NotFound)); err != nil || o.NotFound == "" {
		o.NotFound = NotFoundExpress
	}
	o.Faults = o.Faults.clamped()
	return o
}
