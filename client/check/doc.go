// Package check is the live check of a location's public side (`funnels check`):
// every live step's address, every URL redirect, every domain and its certificate,
// and each page's head, fetched with a real HTTP client and judged with what only
// funnels knows — which step, redirect and domain an address belongs to, and, from
// the local index's snapshots, where a step was before. It knows nothing of
// terminals.
//
// # Use
//
//	loc, state, err := check.FromIndex(ctx, store, locationID, name) // or a Location by hand
//	results, err := check.Run(ctx, []check.Location{loc}, check.Options{Progress: show})
//	// results[0].Findings: errors, then warnings, then one ok per subject found well
//
// Run takes any number of locations (one per sub-account) and checks them at once,
// sharing the per-host limits and asking an address once however many locations name
// it; Options.Done hands each location's result over as soon as it is whole.
//
// What every surface does — the command, the browser's Health view, the MCP tool,
// the watch — is RunIndexed (indexed.go): each Target read from its index
// (ErrNoIndex: crawl it first), the answers of its last run if it was cut short taken
// up, the run, what changed since its last complete run (Outcome.Since), and the
// result kept beside its index.
//
// # What is asked
//
// For each location (plan.go): every live step of a funnel with a domain at
// client.PublicURL; every redirect's own address and its target; each domain's root
// over https and http; and each old address of a moved step (Location.Moves) that no
// step or redirect answers at now. Redirects are not followed by the HTTP client:
// each hop is an address of the run, asked once, and a chain is walked through the
// run's answers (analysis.go), so a loop ends where it comes back and a chain is
// recorded hop by hop.
//
// # What is found
//
// Finding: a severity (error, warning, ok), a Kind, the address, the Subject (step,
// redirect or domain, with the ids the browser goes to), the Evidence (status, time to
// first byte over the chain, the chain, the certificate's days, the page's head) and
// the Fix where one is known, with the redirect to make or change (RedirectFix) that
// the browser's form is filled with:
//
//   - a step: 4xx/5xx where its chain ends, no answer, a loop, more than 3 redirects,
//     a hop from https to http, slow (Options.SlowAfter), no <title>, no meta
//     description, a canonical naming another address, noindex (meta robots or
//     X-Robots-Tag); its old address answering 4xx with no redirect ("redirect
//     /old-offer → /new-offer");
//   - a redirect: its address not redirecting to its target, a target answering
//     4xx/5xx — a step that moved ("moved to /new-path"), a path no step has (and
//     where a step with that path is), or a page that is broken —, a target that
//     redirects again (a chain: "redirect /a → /final"), a loop, a live step's address
//     taken (a shadow);
//   - a domain: not resolving, not answering, a certificate expired, for other names
//     or not trusted, fewer than WarnCertDays (warning) or FailCertDays (error) days
//     left, http:// not redirecting to https://.
//
// A domain out of reach is one finding whose Affects list its steps and redirects;
// they are not reported one by one. A step behind a redirect at its address is
// reported under the redirect (the shadow).
//
// # Polite
//
// At most Options.PerHost requests to a host at once (runner.go: that many workers a
// host, each asking one address at a time) and MaxInFlight over all; one request per
// address a run; a timeout a request; a 429 or 503's Retry-After up to MaxRetryAfter
// is waited out, the host left alone meanwhile, and the address asked once more; a
// User-Agent naming funnels; no cookie jar, no proxy, no Authorization, no
// credentials in an address. A page is read to its head, at most MaxBody, then
// drained a little for the connection's next request or closed. Every wait ends with
// the run's context, so a cancelled run returns within a moment with what it had
// (Result.Complete false).
//
// # Safe on a team server
//
// Every connection is made by the run's dialer (dialer.go): an address a resolve rule
// (Options.Resolve, curl's --resolve: HOST:PORT:ADDR[:PORT], ParseRule) names is
// dialled as given; any other host is looked up once a run (Options.Resolver, the
// system's by default; NoDNS looks nothing up) and its addresses judged (guard.go)
// before any is dialled: loopback, private, link-local, CGNAT, unique-local,
// site-local, metadata and reserved addresses — IPv4 inside IPv6 judged by what it
// carries — are refused unless Options.AllowPrivate, and reported as KindBlocked. Only IP addresses
// are dialled, so a name cannot resolve elsewhere between the judgement and the
// connection. Certificates are verified against the system's authorities and
// Options.RootCAs (the sandbox's CA); verification is never turned off.
//
// # Kept between runs
//
// Saved (saved.go) is a small file beside the location's index (SavedPath): the
// newest complete run's findings that are not ok, for SinceLast (what is new,
// resolved or changed severity: --since-last), and the answers of a run cut short,
// which the next run resumes from (Saved.Resume → Options.Resume) instead of asking
// again. Both are bounded.
package check
