package client

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Sentinels for errors.Is: every *APIError matches the one for its status class.
var (
	ErrBadRequest   = errors.New("bad request")                 // 400
	ErrUnauthorized = errors.New("unauthorized")                // 401, and a token source that cannot give a token
	ErrForbidden    = errors.New("forbidden")                   // 403
	ErrNotFound     = errors.New("not found")                   // 404
	ErrValidation   = errors.New("validation failed")           // 422
	ErrRateLimited  = errors.New("rate limit exceeded")         // 429
	ErrDailyLimit   = errors.New("daily request limit used up") // a 429 with X-RateLimit-Daily-Remaining 0
	ErrServer       = errors.New("server error")                // 5xx
	ErrBadResponse  = errors.New("unreadable response")         // a 2xx body we could not read
	ErrNetwork      = errors.New("no answer from server")       // connection refused, dropped, timed out

	// ErrRouteUnavailable is the service refusing a route to this token with its IAM
	// message ("This route is not yet supported by the IAM Service…"), as 403 or
	// 401. The token is fine; the route is not open to it. It does not match
	// ErrUnauthorized: signing in again does not help.
	ErrRouteUnavailable = errors.New("route not open to this token")
	// ErrScope is the service refusing a token that lacks the route's scope ("The
	// token is not authorized for this scope.", 401 on the real service, 403 in the
	// spec). The error's Scope names the scope to ask for; it does not match
	// ErrUnauthorized either.
	ErrScope = errors.New("token lacks a scope")
	// ErrRouteMissing is a 404 for a route of the API itself, not for an item: the
	// server does not have the route ("Cannot GET /funnels/funnel/folder/entities").
	// Like ErrRouteUnavailable it is a route not open to this sign-in, here because
	// this server has none; it does not match ErrNotFound, which stays the item's.
	ErrRouteMissing = errors.New("route not on this server")
	// ErrWrongLocation is a token that holds the route's scope but not the location
	// asked for (403 "The token does not have access to this location."). The route
	// is open to the token, so nothing about it is recorded; another sign-in or
	// another location is what helps.
	ErrWrongLocation = errors.New("token not for this location")
)

// Refusal says why the service would not let this token use a route.
type Refusal int

const (
	NotRefused     Refusal = iota
	RefusedRoute           // the IAM refusal: the route is not open to this kind of token
	RefusedScope           // the token lacks the route's scope
	RefusedMissing         // a 404 for the route itself: this server does not have it
)

// refusalOf reads a 401 or 403 answer's messages for the service's two refusals.
func refusalOf(status int, messages []string) Refusal {
	if status != http.StatusUnauthorized && status != http.StatusForbidden {
		return NotRefused
	}
	for _, m := range messages {
		lm := strings.ToLower(m)
		switch {
		case strings.Contains(lm, "not yet supported by the iam service"), strings.Contains(lm, "update your iam config"):
			return RefusedRoute
		case strings.Contains(lm, "not authorized for this scope"):
			return RefusedScope
		}
	}
	return NotRefused
}

// isWrongLocation reads a 403 answer's messages for the service's "does not have
// access to this location".
func isWrongLocation(status int, messages []string) bool {
	if status != http.StatusForbidden {
		return false
	}
	for _, m := range messages {
		if strings.Contains(strings.ToLower(m), "does not have access to this location") {
			return true
		}
	}
	return false
}

// APIError is a non-2xx answer of the API.
type APIError struct {
	Method     string
	Path       string
	StatusCode int
	// Messages holds the message, or each message when the service sent an array
	// (422 answers often do: ["userId should not be empty"]).
	Messages []string
	Reason   string // the "error" field, e.g. "Unprocessable Entity"
	// Code and Resolution come from the v3 envelope ({"error": {code, message,
	// details, resolution}}): "RESOURCE_NOT_FOUND" and what the service suggests.
	Code       string
	Resolution string
	TraceID    string
	// RetryAfter is how long the server asked us to wait (429), when it said.
	RetryAfter time.Duration
	// Snippet is set when the body was not JSON: its first bytes, quoted.
	Snippet string

	// Refusal is set when the service refused the route to this token (the IAM
	// message, or a missing scope); Family is the route's family and Scope the
	// published scope it needs ("" for a web-app route, which no scope covers).
	Refusal Refusal
	Family  Family
	Scope   string
	// Unworded is set on a refusal of the route that the server's words did not say:
	// the funnel list answered the same token (route_refused.go).
	Unworded bool

	// WrongLocation is set when the token holds the scope but not the location;
	// Location is the location the request named.
	WrongLocation bool
	Location      string

	// unsettled is a 404 on a web-app route that may be the item's or the route's:
	// what the server does decides (route_missing.go). Until then it is the item's
	// to errors.Is and teaches the access record nothing.
	unsettled bool
	// shape is a 404's answer with the request taken out of it (route_shape.go).
	shape *answerShape

	// VersionBlamed is set when the answer (a 400, 406 or 422) names the version in
	// its message: Message then says which Version header the request carried
	// (Version).
	VersionBlamed bool
	Version       string
}

// Need says what access to ask for after a refusal: the scope, or web-app access.
func (e *APIError) Need() string {
	if rf, ok := FamilyInfo(e.Family); ok {
		return rf.Need()
	}
	if e.Scope != "" {
		return "scope " + e.Scope
	}
	return "web-app access (no published scope)"
}

// Explain says in one line what a refusal means and what to ask for; "" when the
// error is not a refusal.
func (e *APIError) Explain() string {
	what := string(e.Family)
	if what == "" {
		what = e.Method + " " + e.Path
	}
	switch e.Refusal {
	case RefusedRoute:
		return what + " is not open to this sign-in (" + strconv.Itoa(e.StatusCode) + " " + e.RouteRefusal() + "); it needs " + e.Need()
	case RefusedScope:
		return what + " needs a scope this token lacks (" + strconv.Itoa(e.StatusCode) + "); it needs " + e.Need()
	case RefusedMissing:
		return what + " is " + NotOnServer + " (" + strconv.Itoa(e.StatusCode) + "): the server does not have this route"
	}
	return ""
}

// RouteRefusal names a refusal of the route as it was told: "IAM refusal" by the
// service's words, "refused to a token the service knows" by what the server did
// (another route answered the token, or the funnel list answered or refused it only
// for a scope).
func (e *APIError) RouteRefusal() string {
	if e.Unworded {
		return "refused to a token the service knows"
	}
	return "IAM refusal"
}

// NotOnServer is how a route the server does not have is named, in every message.
const NotOnServer = "not on this server"

// Remedy says in a few words what would open a refused route: "needs scope …",
// "needs web-app access …", or for a route the server does not have, that it is not
// on this server (no access opens it). "" when the error is not a refusal.
func (e *APIError) Remedy() string {
	switch e.Refusal {
	case NotRefused:
		return ""
	case RefusedMissing:
		return NotOnServer
	}
	return "needs " + e.Need()
}

// Message is the server's message (or messages, joined) and, from a v3 envelope, its
// resolution ("Funnel not found — Check the id"), or the status text. A token
// without the location is said in our words, naming the location. An answer that
// blames the version ends with the Version header the request carried.
func (e *APIError) Message() string {
	if e.VersionBlamed {
		return e.message() + " — " + e.versionHint()
	}
	return e.message()
}

func (e *APIError) message() string {
	if e.WrongLocation {
		loc := "this location"
		if e.Location != "" {
			loc = "location " + e.Location
		}
		return "this token does not have access to " + loc + " — sign in for that sub-account or check --location"
	}
	if len(e.Messages) > 0 {
		msg := strings.Join(e.Messages, "; ")
		if e.Resolution != "" {
			msg += " — " + e.Resolution
		}
		return msg
	}
	if e.Resolution != "" {
		return e.Resolution
	}
	if e.Snippet != "" {
		return "response is not JSON: " + e.Snippet
	}
	if e.Reason != "" {
		return e.Reason
	}
	return strings.ToLower(http.StatusText(e.StatusCode))
}

// Summary is the short form for a status bar: "403 The token is not authorized…".
func (e *APIError) Summary() string {
	return strconv.Itoa(e.StatusCode) + " " + e.Message()
}

func (e *APIError) Error() string {
	var b strings.Builder
	if e.Method != "" {
		b.WriteString(e.Method + " " + e.Path + ": ")
	}
	b.WriteString(e.Summary())
	if e.Refusal != NotRefused {
		b.WriteString(" (" + e.Remedy() + ")")
	}
	if e.TraceID != "" {
		b.WriteString(" (trace " + e.TraceID + ")")
	}
	return b.String()
}

// Is lets errors.Is(err, ErrNotFound) and friends tell status classes apart. A
// refusal matches ErrRouteUnavailable or ErrScope, and its status class too, but
// never ErrUnauthorized: the token itself was accepted. A route the server does not
// have matches ErrRouteMissing and not ErrNotFound: no item is missing.
func (e *APIError) Is(target error) bool {
	switch target {
	case ErrRouteUnavailable:
		return e.Refusal == RefusedRoute
	case ErrScope:
		return e.Refusal == RefusedScope
	case ErrRouteMissing:
		return e.Refusal == RefusedMissing
	case ErrWrongLocation:
		return e.WrongLocation
	case ErrBadRequest:
		return e.StatusCode == http.StatusBadRequest
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized && e.Refusal == NotRefused
	case ErrForbidden:
		return e.StatusCode == http.StatusForbidden
	case ErrNotFound:
		return e.StatusCode == http.StatusNotFound && e.Refusal != RefusedMissing
	case ErrValidation:
		return e.StatusCode == http.StatusUnprocessableEntity
	case ErrRateLimited:
		return e.StatusCode == http.StatusTooManyRequests
	case ErrServer:
		return e.StatusCode >= 500
	}
	return false
}

// RateLimitError is a 429 that was not waited out: the server asked for a wait longer
// than it is sensible to sit through (past the window plus a minute, see
// Options.MaxRetryWait), the retries ran out, or the day's requests are used up
// (Daily). Until is when the server said requests pass again; zero when it did not
// say. It unwraps to the 429's *APIError and matches ErrRateLimited, and when Daily
// ErrDailyLimit too.
type RateLimitError struct {
	*APIError
	Until time.Time
	// Beyond is set when the server asked for a wait of a year or more: no date is
	// named then, for the one the client could work out would be its own cut-off.
	Beyond bool
	// Daily is set when the answer said the day's requests are used up
	// (X-RateLimit-Daily-Remaining 0): Until is then the daily reset, and no retry
	// passes before it.
	Daily bool
	at    time.Time // when it was decided, to word Until relative to that day
}

// Summary is the short form for a status bar: "429 rate limited until 14:32 — try
// later", "429 the day's requests are used up — they reset at 02:00, in 3 h 12 min".
func (e *RateLimitError) Summary() string {
	status := strconv.Itoa(e.StatusCode)
	switch {
	case e.Daily && (e.Until.IsZero() || e.Beyond):
		return status + " the day's requests are used up — the server did not say when they reset"
	case e.Daily:
		return status + " the day's requests are used up — they reset at " + untilText(e.Until, e.at) + ", " + fromNowText(e.Until, e.at)
	case e.Beyond:
		return status + " rate limited for a year or more, the server says — try later"
	case e.Until.IsZero():
		return status + " rate limited — try later"
	}
	return status + " rate limited until " + untilText(e.Until, e.at) + " — try later"
}

func (e *RateLimitError) Error() string {
	var b strings.Builder
	if e.Method != "" {
		b.WriteString(e.Method + " " + e.Path + ": ")
	}
	b.WriteString(e.Summary())
	if e.TraceID != "" {
		b.WriteString(" (trace " + e.TraceID + ")")
	}
	return b.String()
}

func (e *RateLimitError) Unwrap() error { return e.APIError }
func (e *RateLimitError) Is(target error) bool {
	return target == ErrRateLimited || target == ErrDailyLimit && e.Daily
}

// fromNowText words how long until t from now: "in 3 h 12 min", "in 45 min", "in
// under a minute", "in 2 d 3 h".
func fromNowText(t, now time.Time) string {
	d := t.Sub(now)
	switch {
	case d < time.Minute:
		return "in under a minute"
	case d < time.Hour:
		return "in " + strconv.Itoa(int(d/time.Minute)) + " min"
	case d < 24*time.Hour:
		h, m := int(d/time.Hour), int(d%time.Hour/time.Minute)
		if m == 0 {
			return "in " + strconv.Itoa(h) + " h"
		}
		return "in " + strconv.Itoa(h) + " h " + strconv.Itoa(m) + " min"
	}
	days, h := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour)
	if h == 0 {
		return "in " + strconv.Itoa(days) + " d"
	}
	return "in " + strconv.Itoa(days) + " d " + strconv.Itoa(h) + " h"
}

// untilText words a time in local time as briefly as it can be read: "14:32" the same
// day, "Tue 14:32" within the week, "2 Jan 2027 14:32" further away.
func untilText(t, now time.Time) string {
	t, now = t.Local(), now.Local()
	ty, tm, td := t.Date()
	ny, nm, nd := now.Date()
	switch {
	case ty == ny && tm == nm && td == nd:
		return t.Format("15:04")
	case t.After(now) && t.Sub(now) < 6*24*time.Hour:
		return t.Format("Mon 15:04")
	}
	return t.Format("2 Jan 2006 15:04")
}

// DecodeError is a 2xx answer whose body could not be read as the record expected.
type DecodeError struct {
	Method, Path string
	StatusCode   int
	Snippet      string // the first bytes of the body, quoted
	Err          error
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("%s %s: %d response could not be read (%v): %s", e.Method, e.Path, e.StatusCode, e.Err, e.Snippet)
}
func (e *DecodeError) Unwrap() error        { return e.Err }
func (e *DecodeError) Is(target error) bool { return target == ErrBadResponse }

// NetworkError is a request that got no complete answer: refused, dropped, cut short or
// timed out. Err says which.
type NetworkError struct {
	Method, Path string
	Err          error
}

func (e *NetworkError) Error() string {
	return fmt.Sprintf("%s %s: no answer: %v", e.Method, e.Path, e.Err)
}
func (e *NetworkError) Unwrap() error { return e.Err }
func (e *NetworkError) Is(target error) bool {
	if target == ErrUntrustedCertificate {
		_, _, ok := CertificateProblem(e.Err)
		return ok
	}
	return target == ErrNetwork
}

// AuthError is a token source that could not give a token (not signed in, refresh
// refused). It matches ErrUnauthorized and unwraps to the source's own error.
type AuthError struct{ Err error }

func (e *AuthError) Error() string { return "token: " + e.Err.Error() }
func (e *AuthError) Unwrap() error { return e.Err }

// Is matches ErrUnauthorized, or ErrRateLimited when the token source was only told
// to wait (a 429 from the token endpoint): then the sign-in is fine and signing in
// again is the wrong advice.
func (e *AuthError) Is(target error) bool {
	switch target {
	case ErrUnauthorized:
		return !e.RateLimited()
	case ErrRateLimited:
		return e.RateLimited()
	}
	return false
}

// RateLimited reports a token source that could not give a token because its own
// endpoint answered 429 (its error has a RateLimited method saying so).
func (e *AuthError) RateLimited() bool {
	var rl interface{ RateLimited() bool }
	return errors.As(e.Err, &rl) && rl.RateLimited()
}

// StatusCode returns the HTTP status of err when it carries one, else 0.
func StatusCode(err error) int {
	var api *APIError
	if errors.As(err, &api) {
		return api.StatusCode
	}
	var dec *DecodeError
	if errors.As(err, &dec) {
		return dec.StatusCode
	}
	return 0
}

// quoteSnippet returns the first bytes of body quoted, so control characters in a
// server's answer can never reach a terminal raw.
func quoteSnippet(body []byte) string {
	const max = 120
	if len(body) > max {
		return strconv.Quote(string(body[:max])) + "…"
	}
	return strconv.Quote(string(body))
}

// decodeErr is the *DecodeError of a 2xx answer to method and path whose body could
// not be read.
func decodeErr(method, path string, resp *Response, body []byte, err error) error {
	status := 0
	if resp != nil {
		status = resp.StatusCode
	}
	return &DecodeError{Method: method, Path: path, StatusCode: status, Snippet: quoteSnippet(body), Err: err}
}

// ErrTooLarge matches a *TooLargeError.
var ErrTooLarge = errors.New("answer over its bounds")

// TooLargeError is an answer over a bound the client keeps against a server that never
// stops sending: a list of more records in one answer than Options.MaxListItems, or
// one record (or an answer that is not a list) over 16 MiB. It is not retried: the
// same answer would come again. It matches ErrTooLarge and ErrBadResponse.
type TooLargeError struct {
	Method, Path string
	List         bool // the list held too many records; else one record was too big
	Limit        int  // records per answer (List), else bytes per record
}

func (e *TooLargeError) Error() string {
	if e.List {
		return fmt.Sprintf("%s %s: the list is too big: more than %d records in one answer", e.Method, e.Path, e.Limit)
	}
	return fmt.Sprintf("%s %s: the answer is too big: a record over %d MiB", e.Method, e.Path, e.Limit>>20)
}
func (e *TooLargeError) Is(target error) bool {
	return target == ErrTooLarge || target == ErrBadResponse
}
