// Package client is a typed client for the HighLevel funnels API described in
// shared/reference/funnels-api-spec.md.
//
// It follows go-github's shape: one method per operation, ctx first, and
// (*T, *Response, error) results. Under every method sits one request loop (do.go)
// that adds the Version and User-Agent headers and the bearer token, paces requests
// with a token bucket so the account's limit (100 per 10 s) is never exceeded, waits
// for the reset when the server says none are left, retries 429 for any method and
// 5xx or network failures for GET only, and reports all of it to subscribers as
// typed events (the TUI's status bar and request log listen there).
//
// Every wait read from a header (Retry-After, X-RateLimit-Reset) is clamped before any
// arithmetic (ratewait.go), so no value panics, overflows or turns negative. A 429 that
// asks for longer than it is sensible to sit through (the rate-limit window plus a
// minute, or Options.MaxRetryWait) is not waited: the call ends with a *RateLimitError
// whose Until says when requests pass again. Idle waits until no request is under way.
//
// The list walks (ListAllFunnels, ListAllPages, ListAllRedirects; walk.go) move the
// offset by what each page held, trust an announced count, and stop early with a
// *ListStoppedError, returning what they read, on a page whose items were all read
// before or at the bounds of Options (MaxListItems, MaxListRequests): a server that
// never ends a list cannot keep a caller reading for ever.
//
// Responses are decoded by tolerance rules: lists bare or wrapped, ids as _id or id,
// snake_case or camelCase, numbers as strings; unknown fields are kept in each
// record's Raw and never cause an error.
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
// The package knows nothing of terminals; it never logs and never prints a token.
package client
