// Package sandbox is an in-process funnels API with seeded data: the embedded default
// behind `funnels --demo`, the server of `funnels sandbox`, and the server every test
// of the project talks to over real HTTP on 127.0.0.1. It depends on the standard
// library only, and follows the team's wire contract, condensed below.
//
// # Use
//
//	r := sandboxtest.Start(t, sandbox.Options{Limit: 3, Window: time.Second})
//	// r.URL, r.Server.DemoToken(), r.Server.LocationID() …
//
// New builds the http.Handler; Start serves it on a loopback address; sandboxtest.Start
// does so for a test and closes it when the test ends (a package of its own, so that
// the binary links no testing package). State is in memory behind mutexes; the data
// is seeded from a PCG generator with a fixed seed, so every sandbox serves the same
// ids, names and dates.
// With Options.StateDir, Start also keeps its tokens, OAuth client and every OAuth
// token it issues in a 0600 file there (KeepPath), written on every change of them
// and read back on the next start: `funnels sandbox` does so, so its printed tokens
// and the profiles signed in to it outlive a restart. A token or OAuth client named
// in the Options is that run's alone: the file goes on keeping the one it kept. The
// data is never kept.
//
// # Seed (sub-account "Lakeside Fit", location LakesideFit2026Loc01)
//
// 9 folders (Lead Generation, Webinars, Product Launches > Q3 Launch and Q4 Holiday
// (empty), Archive > 2025 Campaigns > Black Friday 2025, Club Websites (website));
// 25 funnels (5 at the root, 2 of type website), 111 steps of 2–8 per funnel, 120
// pages of which 5 are archived; 3 running split tests (Webinar: Grow Your Gym /
// Registration 50, Q3 Launch: Bootcamp Series / Sales Page 70, Black Friday 2025
// Doorbuster / Order Form 50), one ended split test (Summer Sale 2025 / Sales Page),
// one step with a second page outside a split test (Free 7-Day Trial / Sign Up);
// 6 attached domains of which 4 are used (offers., join., webinars., www.
// lakesidefit.com) and 2 unused (kids., promo.); 8 products, 4 fonts, 4 regex
// redirects; 8 URL redirects on offers. (2), join. (2), webinars., www. (2) and promo.
// (its path /, action all). seed_test.go pins these numbers.
//
// Options.Bulk adds made-up funnels (and URL redirects, Bulk.Redirects: `funnels
// sandbox --bulk-redirects N`) after Lakeside Fit's seed (bulk.go), for
// measuring a large location: "Bulk Funnel 0001" … at the root, each with N opt-in
// steps of one page.
//
// # Other sub-accounts of the agency (seed_gyms.go)
//
// The agency (company LakesideFitCompany01) has three more sub-accounts, each with
// data, a generator seed and a static full-scope token of its own (SubAccounts):
// Summit Strength (SummitStrengthLoc002: 2 folders, 6 funnels, 2 domains, 2 URL
// redirects), Riverside Boxing Club (RiversideBoxingLoc03: 1 folder, 4 funnels, 1
// domain, 1 URL redirect), both with the app installed, and Harbor Yoga Studio
// (HarborYogaStudioLc04), where it is not: listed, but no token can be minted for it
// and it has no data. A token acts for one sub-account: the demo, read-only and
// IssueToken tokens and every OAuth Location token for Lakeside Fit, a minted token
// and a sub-account's own demo token for theirs. A locationId (query or body) other
// than the token's own answers 403.
//
// Besides the funnels routes, one route of HighLevel's locations API names a
// sub-account: GET /locations/{locationId} answers {"location": {id, companyId, name,
// address}} to a token of that sub-account (another's id: 403). On the public
// surface it wants the scope locations.readonly (the demo and read-only tokens hold
// it; a token issued with other scopes gets 401), and the documented surface, which
// has only the funnels operations, answers it 404.
//
// Options.SubAccounts N (`funnels sandbox --sub-accounts N`, up to 1000) gives the
// agency N sub-accounts instead: the four above first (as many as N asks), then
// made-up clients of an agency (seed_agency.go: "Northside CrossFit", "Bayview
// Dental Care" …, locations AgencyClientLoc00005 …), each from a generator seeded by
// its position, so the same N gives the same data and a larger N only adds at the
// end; half are small (a handful of pages), some have a few hundred. The fifth,
// the first made-up one, is suspended: its API routes (after the scope check, before
// the rate limit), the refresh of its tokens and a mint for it answer 400 "Location
// is not active" until SetSuspended makes it active. Seeding 100 takes about 15 ms
// (BenchmarkSeedAgencyOf100).
//
// Two things a person does in the web app have no API route, and are offered to tests
// as methods (snapshot_load.go): Server.LoadSnapshot copies one sub-account's folders,
// funnels, steps, pages and URL redirects into another under new ids (a snapshot
// loaded into a client's sub-account), and Server.EditStep renames a step or changes
// its path.
//
// # Public pages (sites.go, `funnels sandbox --sites`)
//
// Options.Sites serves, besides the API, the public pages of every sub-account's
// domains on two more loopback ports: over HTTPS every live step of a funnel with a
// domain at its path (a page with a title, a meta description and a canonical link)
// and every URL redirect at its address (301 to its target; a redirect wins over a
// step at the same address, as on the service; action all takes every path), 404
// for the rest; over HTTP a redirect of every page to HTTPS. Hosts a redirect leads
// to off the sub-accounts' domains (www.instagram.com) answer a plain page. The
// certificates are made at the first handshake by a CA made at start (Sites.CAPEM;
// never kept, trusted by nobody unless handed it), valid 90 days. Server.Sites gives
// the two addresses, the CA and the resolve rules (HOST:443:ADDR:PORT and
// HOST:80:ADDR:PORT for every domain served; Sites.WriteFiles writes the CA and the
// rules for another process), so a checker reaches every domain offline.
//
// Lakeside Fit's pages carry seeded faults, consistent with its funnels and with
// seven URL redirects the sites add after its seed (sites_faults.go; every other id
// of the seed unchanged): the step Free Workout Guide / Thank You answers 404; www.
// /members and /login redirect to each other; offers. /summer-2024 → /summer-2025 →
// /summer-2026 → /summer → /spring-sale-opt-in is a chain of 4; offers.
// /early-bird-opt-in takes a live step's address; webinars.'s certificate ends in 2
// days; promo. does not resolve (it is in no rule); webinars. /strength-after-40-replay
// answers after SitesOptions.Slow (2.5 s); join. /body-quiz-results is noindex; www.
// /pricing names /classes as canonical. SitesOptions.PagesOnly leaves the seven
// redirects out (the pages' faults alone, the seed's redirects as they are: the demo's
// sites). Server.MoveSeededStep moves Q3 Launch:
// Bootcamp Series / Opt-in from /bootcamp-series-opt-in to /bootcamp-series-join, so
// the seeded redirect offers. /bootcamp leads to a 404 whose step a local index that
// crawled before and after knows moved. The other sub-accounts' pages are what their
// data says, its faults included (Summit Strength's www. /meet leads to a step whose
// funnel has no domain).
//
// # Checks, in order, for every API route (not /oauth/*, not /_sandbox/*)
//
//  1. unknown path → 404 JSON; known path, other method → 405 JSON with Allow.
//  2. faults: a write (not GET or HEAD) waits while a test holds writes (HoldWrites, until
//     it releases them); then a queued one-shot failure (FailNext), the fixed and random latency,
//     5xx share (500/502/503, a 502 is an HTML page half of the time), drop (close
//     without an answer) and truncation (full Content-Length, half the body).
//  3. Version header must be one the service documents — 2021-07-28, 2021-04-15 (the
//     redirect list is published under it), 2023-02-21 or v3 — or, with
//     Options.Versions, one of those → else 400 naming them (version.go).
//  4. Authorization: Bearer <token> → missing or unknown 401 "Invalid JWT", expired
//     401 "Token expired"; an agency token → 403 (it must mint a location token
//     first); a token of a suspended sub-account, after the scope check, → 400
//     "Location is not active"; on the public surface a web-app route → the IAM refusal (see
//     Surfaces); then the scope check, one function every write route goes through:
//     the read-only token on a write (every POST but custom-fonts and conversion,
//     every PATCH and DELETE, any route added with the write flag) and, on the public
//     surface, a token without a documented route's scope → "The token is not
//     authorized for this scope." with 403 on the seed, 401 on the public surface.
//     POST /funnels/event/conversion needs no token (a valid one only picks its rate
//     bucket and sub-account; otherwise "anonymous" and Lakeside Fit).
//  5. fixed window per app and sub-account (Options.Limit per Options.Window,
//     100/10s): the OAuth tokens of one client id share one bucket per sub-account
//     (and one for the agency, which only the agency token's own calls, listing
//     and minting, spend: a minted token spends its sub-account's); every other
//     token has its own. Every answer
//     from here on carries X-RateLimit-Max, -Remaining, -Reset (whole seconds to the
//     end of the window, ≥1), -Interval-Milliseconds, -Limit-Daily (200000) and
//     -Daily-Remaining; past the limit 429 "Too many requests, retry after N seconds"
//     with Retry-After: N. A token's day holds 200,000 requests (Faults.DailyLimit
//     fewer); once they are spent every request answers 429 with
//     X-RateLimit-Daily-Remaining 0 and X-RateLimit-Daily-Reset, the milliseconds to
//     the day's end, as the service was seen to, and the window's Retry-After all the
//     same, until the day (24 h from the token's first request) ends.
//  6. handler: body over 1 MiB → 413; locationId (query, or body where one is taken)
//     other than the token's own → 403 "The token does not have access to this
//     location." (after the scope check of 4, so a token without the scope hears 401);
//     a POST or PATCH body that is not application/json → 400; bad JSON or a body that is not
//     an object → 400; validation → 422 with message as an array naming the field;
//     unknown ids → 404; then the success code of the table.
//
// Errors are {"statusCode","message","error","traceId"}. Every object body gets a
// fresh "traceId". JSON answers are Content-Type: application/json.
//
// A request sent with Version: v3 to an OAuth route (the token endpoint, the agency
// routes) gets its errors in the v3 envelope, which HighLevel documents for those
// routes: {"error": {"code", "message", "details", "resolution"}, "traceId"}, the
// code and resolution fixed per status (404 RESOURCE_NOT_FOUND "Check the id or the
// path.", 403 FORBIDDEN, 401 UNAUTHORIZED, 422 VALIDATION_ERROR, 429
// RATE_LIMIT_EXCEEDED, 5xx INTERNAL_SERVER_ERROR …; version.go), the message as one
// string (a 422's messages joined with "; " and listed in details.messages),
// details.statusCode always, and the token endpoint's error code as details.error.
// The funnels routes answer v3 as every other version, in the shape above: their v3
// contract documents the old 422 shape, and nothing else has been seen of them.
//
// What the sandbox plays is documented by HighLevel or seen on the real service:
// the routes, scopes, record shapes and error shapes named above are documented
// (the published contract, its v3 copy, the official SDKs); the IAM refusal and its
// statuses, the 401 of a missing scope, "Cannot GET" 404s, "Location is not active",
// the wrong-location 403, the daily 429's X-RateLimit-Daily-Reset, the dialects'
// shapes and the page list's bare array were seen. Where the contract is silent the
// choices are listed below.
//
// # Routes
//
//	GET  /funnels/funnel/list                200 {funnels, count}; parentId (exact, "" = root), name, type, category, offset, limit ≤100
//	GET  /funnels/funnel/folder/entities     200 {entities: folders then funnels of one level, by name, count}; unknown parentId 404
//	GET  /funnels/page                       200 [Page] (archived included); funnelId required; stepId; name (held, without case); limit ≤20
//	GET  /funnels/page/count                 200 {count}; funnelId, stepId, name as the list
//	GET  /funnels/page/{id}                  200 Page + sections, or 404
//	GET  /funnels/funnel/funnel-step-page-url 200 {uniqueUrl, ok:true}; taken → path-NNNNNN (FNV-1a of the path)
//	GET  /funnels/lookup/funnel-with-domain  200 {domain, funnels}; not attached 404
//	GET  /funnels/lookup/redirect/regex      200 {redirects, count}
//	GET  /funnels/lookup/redirect/list       200 {data: {count, data: [Redirect]}}; locationId, limit ≤100, offset required; search
//	GET  /funnels/order-form/public/product  200 {product} | {products}
//	GET  /funnels/funnel/geo-location        200 {country:"US", …, ip}
//	POST /funnels/custom-fonts               200 {fonts}
//	POST /funnels/event/conversion           200 {success, eventId}
//	POST /funnels/funnel/update-funnel-and-page 201 {success}: archive / restore / end a split test
//	POST /funnels/funnel/create-step         201 {success}: step appended with its first page
//	POST /funnels/funnel/folder/create       201 folder (at the root)
//	POST /funnels/domain/attach-domain       201 domain
//	POST /funnels/lookup/multiple            201 {lookups}
//	POST /funnels/lookup/redirect            201 {data: Redirect}
//	PATCH /funnels/lookup/redirect/{id}      200 {data: Redirect}: target and action change; unknown id 404
//	DELETE /funnels/lookup/redirect/{id}     200 {data: {status: "ok"}}; locationId required; unknown id 404
//	POST /funnels/page/view/workflow/trigger 200 {success, message}
//	POST /social-media-posting/oauth/{locationId}/{platform}/accounts/{accountId} 201 {success, statusCode, message, results}
//
// # OAuth (same host)
//
// GET /oauth/chooselocation consents at once and redirects (302) to the loopback
// redirect_uri with code and state; PKCE S256 is checked at the exchange when a
// challenge was given. POST /oauth/token (form) takes authorization_code and
// refresh_token grants with user_type Location|Company; codes are single use for 10
// minutes; refresh tokens rotate (the old one dies at once); more than
// Options.RefreshPerMinute refreshes per client per minute → 429 rate_limited.
// Errors: 400 invalid_request / invalid_grant / unsupported_grant_type, 401
// invalid_client. A refresh must send the user_type its grant was made with. A
// Company grant is an agency token: its exchange answer has no locationId but
// approvedLocations and isBulkInstallation, and it only calls the two agency routes:
//
//	GET  /oauth/installedLocations?companyId=&appId=[&isInstalled=true|false][&skip=][&limit=≤500, 20][&query=]
//	     200 {locations: [{_id, name, address, isInstalled}], count, installToFutureLocations}, by name;
//	     query matches name or address without case; appId is the client id or its part before "-"
//	POST /oauth/locationToken (form: companyId, locationId)
//	     200 {access_token, token_type, expires_in, scope, userType, locationId, companyId, userId, planId}:
//	     a location token with no refresh token, living Options.AccessTokenTTL
//
// Options.SignIn plays what the real service does to some sign-ins (signin.go):
// Suspended sub-accounts (and SetSuspended, or POST /_sandbox/suspend) answer a
// Location refresh and a mint for them with 400 {"statusCode":400,"message":
// "Location is not active"}, the refresh token left unspent; CompanyLogin answers
// every code exchange with a Company token, as a bulk install does; MintRefreshTokens
// adds a refresh_token to /oauth/locationToken answers (refreshed with user_type
// Location, rotating).
//
// They take the Version header, the agency token as bearer (any other 401; on the
// public surface one without oauth.readonly, oauth.write respectively, 401 with the
// scope message), the agency's rate-limit bucket, and answer errors in the API's shape: 422 for a missing
// parameter, 403 for another company or a sub-account without the app, 404 for an
// unknown app or location.
//
// # Control API (no auth, no Version, not rate limited, not logged)
//
//	GET  /_sandbox/requests        the request log: [{method, path, query, status, authorization, at, body}]
//	POST /_sandbox/reset-log
//	POST /_sandbox/fail?status=500&count=1[&path=/funnels/…]
//	GET|POST /_sandbox/faults?latency=2s&fixed_latency=1s&error_rate=0.3&drop_rate=0.1&truncate_rate=0.1&daily_limit=50 (absent = 0)
//	POST /_sandbox/expire-tokens   every access token issued so far (agency and minted ones too) expires now
//	POST /_sandbox/revoke-refresh  every refresh token dies
//	POST /_sandbox/silence?location=ID[&answer=true]  a sub-account's API routes never answer
//	     (Lakeside Fit without location): held until the client leaves; or answer again
//	POST /_sandbox/suspend?location=ID[&active=true]  suspend a sub-account (Lakeside Fit without
//	     location), or make it active again
//	GET  /_sandbox/sites           the public pages: {https, http, ca (PEM), resolve, unresolved}; 404 without them
//	POST /_sandbox/sites/move      Server.MoveSeededStep (409 once moved)
//
// The log holds every request but the control API's (OAuth included, with
// client_secret, code, refresh_token and code_verifier redacted), in the order they
// were answered; an entry is written before its answer, so a client that has its
// answer finds it. A dropped request is logged with status 0.
//
// # Surfaces
//
// Options.Surface (`funnels sandbox --surface seed|public|documented`, `funnels --demo
// --surface`) picks the service the sandbox plays, over the same seeded data:
//
//   - SurfaceSeed (the default): every route of the table above, the contract's rules.
//   - SurfacePublic: the real service as a marketplace app or a private integration
//     token meets it. The seven documented operations stay open — GET
//     /funnels/funnel/list, GET /funnels/page, GET /funnels/page/count, and the
//     redirects' GET /funnels/lookup/redirect/list, POST /funnels/lookup/redirect,
//     PATCH and DELETE /funnels/lookup/redirect/{id} — and so does the tokenless
//     conversion. Every other route answers
//     {"statusCode":403,"message":"This route is not yet supported by the IAM Service. Please update your IAM config."}
//     with the status fixed per route below (a web-app route added later: 403).
//     Scope denials answer 401. GET /funnels/page wants locationId, funnelId, limit
//     and offset (400 "… should not be empty" otherwise), ignores stepId and answers
//     a bare array of {_id, locationId, funnelId, name, stepId, deleted, updatedAt}:
//     no url. Tokens hold scopes: the demo token all five published ones, the
//     read-only token the four .readonly ones (both also locations.readonly), an
//     OAuth token what its authorize request asked (the seed ignores scopes).
//   - SurfaceDocumented: a server that has only the seven documented operations, as
//     the public host may turn out to be. They answer as on the public surface (scopes
//     checked, denials 401, the documented page list); every other route — the web
//     app's, the tokenless conversion, a documented path asked with another method —
//     answers 404 before any other check, by default as the real service's Express
//     answers a route it does not have:
//     {"statusCode":404,"message":"Cannot GET /funnels/funnel/folder/entities","error":"Not Found"}
//     with the request's method and its path without the query (Options.NotFound
//     words it otherwise; see below). Records come in the shapes of the official
//     examples: a funnel list of exactly one funnel sends "funnels" as that funnel's
//     object, not an array, and the page list sends every other page's deleted (the
//     second, fourth … of each answer) as the string "false" or "true".
//
// Options.NotFound (`funnels sandbox --not-found express|problem|html|empty|v3`;
// notfound.go) words the 404 of a route the sandbox does not have — the documented
// surface's other routes, and on any surface an API path no table has — as servers
// are met: nobody knows how the real service, a proxy in front of it or its next
// version words one, so a client must tell a missing route from a missing item by
// what the server does, and each wording is a server to try that on:
//
//	express  {"statusCode":404,"message":"Cannot GET /path","error":"Not Found"} (the default)
//	problem  application/problem+json, as a mock server generated from the published specification answers:
//	         {"type":"https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR","title":"Route not resolved, no path matched",
//	          "status":404,"detail":"The route /path hasn't been found in the specification file"}
//	html     text/html: a load balancer's "404 Not Found" page (nginx), naming nothing
//	empty    no body and no Content-Type
//	v3       {"error":{"code":"RESOURCE_NOT_FOUND","message":"Resource not found","details":{"statusCode":404},
//	          "resolution":"Check the id or the path."}}: the v3 envelope, naming no path
//
// A 404 for an item of a route that is there ("Page not found", "Funnel not found")
// keeps the contract's shape whatever the wording; so do OAuth and the control API.
//
// The IAM refusals of the public surface (surface.go, iamStatus):
//
//	403  GET  /funnels/funnel/folder/entities
//	401  GET  /funnels/page/{id}
//	403  GET  /funnels/funnel/funnel-step-page-url
//	401  GET  /funnels/lookup/funnel-with-domain
//	403  GET  /funnels/lookup/redirect/regex
//	403  GET  /funnels/order-form/public/product
//	401  GET  /funnels/funnel/geo-location
//	403  POST /funnels/custom-fonts
//	401  POST /funnels/funnel/update-funnel-and-page
//	403  POST /funnels/funnel/create-step
//	403  POST /funnels/funnel/folder/create
//	401  POST /funnels/domain/attach-domain
//	403  POST /funnels/lookup/multiple
//	401  POST /funnels/page/view/workflow/trigger
//	403  POST /social-media-posting/oauth/{locationId}/{platform}/accounts/{accountId}
//
// # Dialects
//
// Options.Dialect answers 2xx API bodies in the other shapes the real service uses:
// BareLists, WrappedLists ({"data": …}), PlainIDs (id for _id), CamelSteps
// (controlTraffic …), StringNumbers (every number as a string) and Summaries (folder
// entities list folders and funnels without steps, as {_id, name, type, category,
// parentId[, locationId, dateUpdated]}; the funnel list keeps full records). The list
// switches reshape the routes that answer a list (funnel list, entities, pages, regex
// and URL redirects,
// products, fonts, lookups); funnel-with-domain is a compound answer and keeps its
// shape.
//
// # Choices where the contract is silent
//
//   - Lists are sorted by name (funnel list, entities, funnel-with-domain); pages come
//     in creation order; records created at run time take ids from the seeded
//     generator, so the same sequence of writes gives the same ids.
//   - update-funnel-and-page needs exactly one action (archive or restore); an archive
//     needs stepId and funnelStepDetails.pages equal to the live pages left (checked,
//     422 otherwise); when one page is left the split ends (split false,
//     control_traffic 100 unless sent, split_ended_at now). A restore appends the page
//     to step.pages; other funnelStepDetails fields are accepted and ignored.
//   - create-step wants a version 4 UUID; it ignores the step's sequence and pages
//     (the step is appended and gets one new page named like the step).
//   - An empty JSON body counts as {}; a POST body sent without
//     Content-Type: application/json answers 400.
//   - The conversion route ignores an invalid token (it counts as "anonymous").
//   - URL redirects: a Redirect is {id, locationId, domain, path, pathLowercase, type
//     "Permanent", target, action}, with "id", not "_id". The list is sorted by domain,
//     then path without case; search matches the domain, path or target. A create
//     needs locationId, a domain attached to the location (422 "domain … is not
//     attached to this location" otherwise), a path starting with / (no spaces, ? or
//     #), a target (with action url an http(s) address) and an action of funnel,
//     website, url or all; an update needs target, action and locationId. Every 422
//     names each bad field. A domain and path (without case) that already redirect are
//     refused with 422 "path /old already redirects on host (redirect ID)". An update
//     keeps the domain and path.
//   - On the seed every OAuth access token has full scope whatever scope was asked.
package sandbox
