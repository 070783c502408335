// Package client is a typed client for the HighLevel (LeadConnector) funnels API: the
// operations of its published contract, the documented list routes, and the URL
// redirects.
//
// It follows go-github's shape: one method per operation, ctx first, and
// (*T, *Response, error) results. Under every method sits one request loop (do.go)
// that adds the Version and User-Agent headers and the bearer token (Version is
// Options.APIVersion: 2021-07-28 by default, 2021-04-15, 2023-02-21 or v3;
// apiversion.go), paces requests by the server's own window when its answers report
// one (X-RateLimit-Remaining and -Reset or -Interval-Milliseconds: what fits in the
// window leaves at once) and otherwise by a token bucket sized so the account's limit
// (100 per 10 s) is never exceeded, waits for the reset when the server says none are
// left, retries 429 for any method (but one that says the day's requests are used
// up: X-RateLimit-Daily-Remaining 0) and 5xx or network failures for GET only, and
// reports all of it to subscribers as typed events (the TUI's status bar and request
// log listen there).
//
// Every wait read from a header (Retry-After, X-RateLimit-Reset) is clamped before any
// arithmetic (ratewait.go), so no value panics, overflows or turns negative. A 429 that
// asks for longer than it is sensible to sit through (the rate-limit window plus a
// minute, or Options.MaxRetryWait) is not waited: the call ends with a *RateLimitError
// whose Until says when requests pass again. Nor is one that says the day's requests
// are used up: no retry can pass before the daily reset, so the call ends at once
// with a *RateLimitError that is Daily (errors.Is ErrDailyLimit), Until the reset
// X-RateLimit-Daily-Reset names (milliseconds from now, or an epoch) and saying it in
// local time and from now ("resets at 02:00, in 3 h 12 min"). Idle waits until no
// request is under way.
//
// An answer of 400, 406 or 422 whose message (or, without one, body) names the
// version is told with the Version header the request carried
// (APIError.VersionBlamed): the server's own explanation, not a guess of ours.
//
// Requests made with a context from Background (lane.go) are background work (the
// local index's crawl): they take a token only when no other request waits for one
// and the bucket keeps a reserve (its burst less two) after them, so a person's
// requests always leave first and find tokens at hand, while a crawl alone still
// runs at the whole rate. Their events say so (RequestRecord.Background, the
// Background counts of RequestStarted and RequestFinished, RetryEvent.Background), so
// a status bar can leave them out of what the user waits for.
//
// List answers are read as a stream (decode_stream.go): records are handed on as they
// are read, each checked and measured in one pass over its bytes (decode_valid.go:
// encoding/json's grammar, fuzzed against json.Valid) and read into fields without
// being checked again, and no bound applies to a whole answer; a record over 16 MiB
// or a list of more records in one answer than Options.MaxListItems ends the call
// with a *TooLargeError naming the route, which is not retried. Other answers are
// bounded as one record.
//
// The list walks (ListAllFunnels, ListAllPages, ListAllRedirects; walk.go) move the
// offset by what each page held, trust an announced count (for the pages of a person's
// request, GET /funnels/page/count asked with the first batch) and, once it is known,
// send the pages left together in rounds under the pacer (64, then twice as many, at
// most 256; a round only after the last came back full), and stop early with a
// *ListStoppedError, returning what they read, on a page whose items were all read
// before or at the bounds of Options (MaxListItems, MaxListRequests): a server that
// never ends a list cannot keep a caller reading for ever.
//
// Responses are decoded by tolerance rules: lists bare or wrapped, ids as _id or id,
// snake_case or camelCase, numbers as strings; unknown fields are kept in each
// record's Raw and never cause an error.
//
// # What a token may reach
//
// The service publishes a few operations for marketplace apps and private
// integration tokens (the funnel list, the page list and count, the redirects), each
// with a scope; the other routes are the web app's own and may be refused to a given
// token. Two refusals are told apart from an expired token (routes.go, errors.go):
// the IAM message ("This route is not yet supported by the IAM Service…", 403 or
// 401) is ErrRouteUnavailable, "The token is not authorized for this scope." (401,
// or 403 in the spec) is ErrScope, and the *APIError names the route's family and the
// scope or access to ask for (Need, Explain). Neither refreshes the token, is
// retried, or matches ErrUnauthorized; a 401 that is neither still invalidates the
// token and is sent once more with a fresh one. A third answer closes a route the
// same way (route_missing.go): a 404 for the route itself is ErrRouteMissing ("not on
// this server"), not ErrNotFound. Which 404 is the route's is decided by what the
// server does, never by how it words the 404 (Express, a problem document, an HTML
// page, an empty body, a v3 envelope are all met): a 404 on a documented route is the
// item's; on a web-app route it is the route's when it is the server's own answer
// to a route no server has (asked once, route_shape.go) with the request's path and
// method in it — the same media type and body once they are taken out; the rest is
// settled by the documented route of the same need — the funnel list answering for a read that names no item (one request of
// one funnel, none when a documented route answered this session), the funnel list
// having funnels in the folder whose entities answered 404, the page list of its
// funnel having the page (PageDetail) — and, in the probe, by a documented route
// having answered, since the probe's ids all come from the server. A route that
// answered this session keeps its 404s the item's; a 404 left unsettled (a write's,
// or one nothing could vouch for) is ErrNotFound and teaches the access record
// nothing. A token that holds the scope but not the location asked for (403 "… does
// not have access to this location"; the service checks the scope first) is
// ErrWrongLocation: its message names the location (APIError.Location), and the
// access record is left alone, for the route is open.
//
// Error bodies are read in the old shape ({statusCode, message, error}) and in the
// v3 envelope ({"error": {code, message, details, resolution}}): Message shows the
// message and the resolution ("Funnel not found — Check the id"), APIError.Code
// keeps the code, and the refusals above are found in either.
//
// Every answer feeds an access record (access.go): per route family, whether it
// answered or was refused and how. It lasts the session, is kept between sessions by
// an AccessStore the caller gives (AccessFile: one JSON file, 0600, tied to a key such
// as the base URL and location), is told to subscribers as AccessEvents, and is
// forgotten by ForgetAccess (a reload, a new sign-in) or, family by family, when a
// refused family answers. A route not on this server is kept as AnswerRouteMissing,
// which counts as refused (Answer.Refused) for every fallback.
//
// The browser and the commands fall back the same way (browse.go): BrowseFolder lists
// a folder with folder entities where they are open and from the documented funnel
// list where they are refused (folders grouped by the funnels' parentId, named by
// their ids); BrowseFolderEarly (browse_early.go) also hands on a folder's first rows
// before the whole (the first records of a folder entities answer as the stream reads
// them, or the funnel list's first page); FolderChildren reads only a folder's folders, for a walk of the tree
// that gets funnels from the funnel list; FunnelsWithSteps completes funnels that
// came without steps from one funnel-list request per folder; PageDetail reads a page by id or, refused, returns
// the page list's record marked Partial. Probe (probe.go) asks each read family once
// with a harmless GET and never sends a write; each row ends open, refused (with
// why), not on this server, or without a verdict, and a 404 is never open.
//
// The URL redirects (redirects.go) are the writes the service documents for every
// token with the redirect scope: list, create, update (target and action) and delete.
// ListAllRedirects is one of the list walks above.
//
// A Client acts for one sub-account (Options.LocationID) and paces by that
// sub-account's limit: the service counts requests per app and sub-account, so a
// program that works in several builds one Client per sub-account, sharing only the
// HTTP transport, and each keeps its own pacer and rate-limit state.
//
// A read-only Client (Options.ReadOnly; readonly.go) refuses every request that
// writes with a *ReadOnlyError (errors.Is ErrReadOnly) before it is sent, so nothing
// reaches the server, is counted or is logged. Writes are every method but GET, HEAD
// and OPTIONS, except the POSTs that only read (custom fonts); the conversion event
// and the page-view trigger are writes: they record an event and run workflows.
//
// Share (share.go) is a view of a client for one of many users of one account (the
// team server's sessions): the same pacer — one rate-limit budget, a person's
// requests before any view's background work —, token and access record, with its
// own subscribers and request numbers, and read-only when asked.
//
// # Funnel rules
//
// What the service's records mean, beyond their fields, is decided here once and
// used by the browser, the commands and the index alike: where a step is served
// (Host, the one form of a domain; PublicURL), which step a funnel opens with
// (Funnel.FirstStep), where a new step goes (NextSequence: sequences are 1-based),
// what a page is in its step's split test (Step.Role: the control first, the
// variation second) and when a page may be archived (Step.CanArchivePage: never a
// step's last live page).
//
// # Files
//
// A resource's records, its request bodies (named …Request, after the method that
// sends them), its methods and its funnel rules share one file named after it, with
// its tests beside it (funnels.go and funnels_test.go). The machinery under them — the
// request loop, pacing, decoding, errors, access, walks — has a file per job, each
// saying at its head what it holds.
//
// # Adding an API operation
//
// One operation touches each layer once — the route table, the method, the sandbox's
// handler, the validate rule, the browser's action and form, the command, the README
// — each with its test beside it. The checklist, in that order, is "Adding an API
// operation" in package ui's documentation, where the layers meet; this package's
// part is its first two steps: the route in a family (routes.go), then the method on
// Client in its resource's file with its …Request body and a test against the
// sandbox.
//
// The package knows nothing of terminals; it never logs and never prints a token.
package client
