package client

import (
	"errors"
	"maps"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Answer is what a route family is known to do for this sign-in.
type Answer int

const (
	AnswerUnknown      Answer = iota // never asked this session (nor remembered)
	AnswerOpen                       // it answered
	AnswerRouteRefused               // the IAM refusal (403 or 401)
	AnswerScopeRefused               // the token lacks its scope
	AnswerRouteMissing               // a 404 for the route itself: not on this server
)

// Refused reports whether the family cannot be used: one of the two refusals, or a
// route the server does not have. Every fallback treats the three alike.
func (a Answer) Refused() bool {
	return a == AnswerRouteRefused || a == AnswerScopeRefused || a == AnswerRouteMissing
}

// answerNames are the answers as JSON writes them.
var answerNames = [...]string{AnswerUnknown: "unknown", AnswerOpen: "open", AnswerRouteRefused: "route refused",
	AnswerScopeRefused: "scope refused", AnswerRouteMissing: NotOnServer}

// String is the answer in words: "open", "route refused" …
func (a Answer) String() string {
	if a >= 0 && int(a) < len(answerNames) {
		return answerNames[a]
	}
	return "unknown"
}

// MarshalText writes the answer as its word, for --json and the record file.
func (a Answer) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads a word MarshalText wrote; anything else is unknown.
func (a *Answer) UnmarshalText(b []byte) error {
	*a = AnswerUnknown
	for i, n := range answerNames {
		if n == string(b) {
			*a = Answer(i)
		}
	}
	return nil
}

// FamilyAccess is what was learned of one family: how it answered, when, and for a
// refusal its status and the server's message.
type FamilyAccess struct {
	Answer  Answer `json:"answer"`
	Status  int    `json:"status,omitempty"`
	Message string `json:"message,omitempty"`
	// Unworded: a refusal of the route told by what the server did, not its words.
	Unworded bool      `json:"unworded,omitempty"`
	At       time.Time `json:"at"`
}

// Access is a snapshot of the access record: what each family did for this sign-in.
// Families never asked are absent.
type Access map[Family]FamilyAccess

// Refused returns the refusal recorded for f, if there is one. A refusal told by what
// the server did (Unworded) stands for a day: a 403 that passed while the funnel
// list answered would otherwise keep the route from being asked for good; the route
// is asked again after it, and a refusal then is recorded anew.
func (a Access) Refused(f Family) (FamilyAccess, bool) {
	fa, ok := a[f]
	return fa, ok && fa.Answer.Refused() && !(fa.Unworded && time.Since(fa.At) > unwordedRefusalFor)
}

// unwordedRefusalFor is how long a refusal told by what the server did stands.
const unwordedRefusalFor = 24 * time.Hour

// Reason says in a few words why f is unavailable: "403 not open to this sign-in —
// needs web-app access …", "404 not on this server — the server does not have this
// route"; "" when it is not refused.
func (a Access) Reason(f Family) string {
	fa, ok := a.Refused(f)
	if !ok {
		return ""
	}
	if fa.Answer == AnswerRouteMissing {
		return strconv.Itoa(fa.Status) + " " + NotOnServer + " — the server does not have this route"
	}
	rf, _ := FamilyInfo(f)
	what := "not open to this sign-in"
	if fa.Answer == AnswerScopeRefused {
		what = "the token lacks the scope"
	}
	return strconv.Itoa(fa.Status) + " " + what + " — needs " + rf.Need()
}

// AccessStore keeps the access record of one sign-in between sessions (the caller
// decides where: the command line keeps a file per profile in the state directory).
// Save with an empty record may remove what was kept.
type AccessStore interface {
	LoadAccess() (Access, error)
	SaveAccess(Access) error
}

// AccessEvent says the access record changed; Access is the new snapshot.
type AccessEvent struct{ Access Access }

func (AccessEvent) isEvent() {}

// accessBook is the client's access record: learned from answers, kept for the
// session and, with a store, across sessions.
type accessBook struct {
	mu    sync.Mutex
	rec   Access
	store AccessStore
	// seen are the families that answered 2xx in this session: on this server now,
	// whatever the store remembers.
	seen map[Family]bool
	// missed is how the server answered a route it does not have (route_shape.go),
	// once missedKnown.
	missed      answerShape
	missedKnown bool
}

func (b *accessBook) missedRoute() (answerShape, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.missed, b.missedKnown
}

func (b *accessBook) setMissedRoute(s answerShape) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.missed, b.missedKnown = s, true
}

func newAccessBook(store AccessStore) *accessBook {
	b := &accessBook{rec: Access{}, store: store, seen: map[Family]bool{}}
	if store != nil {
		// A record that cannot be read is only a hint lost: start empty.
		if got, err := store.LoadAccess(); err == nil && got != nil {
			for f, fa := range got {
				if _, known := FamilyInfo(f); known && (fa.Answer == AnswerOpen || fa.Answer.Refused()) {
					b.rec[f] = fa
				}
			}
		}
	}
	return b
}

func (b *accessBook) snapshot() Access {
	b.mu.Lock()
	defer b.mu.Unlock()
	return maps.Clone(b.rec)
}

// learn records what the answer to one request says about its family; it reports
// the new snapshot when the record changed. A refusal (or a route not on this
// server) is kept until the family answers; an answer replaces it. Answers that say
// nothing of the route (a token refused, the rate limit, a server in trouble, no
// answer) change nothing.
func (b *accessBook) learn(method, path string, status int, err error, now time.Time) (Access, bool) {
	rf, ok := familyOf(method, path)
	if !ok {
		return nil, false
	}
	var next FamilyAccess
	var api *APIError
	switch {
	case err == nil && status >= 200 && status < 300:
		next = FamilyAccess{Answer: AnswerOpen, Status: status}
	case errors.As(err, &api) && api.Refusal == RefusedRoute:
		next = FamilyAccess{Answer: AnswerRouteRefused, Status: api.StatusCode, Message: api.Message(), Unworded: api.Unworded}
	case errors.As(err, &api) && api.Refusal == RefusedScope:
		next = FamilyAccess{Answer: AnswerScopeRefused, Status: api.StatusCode, Message: api.Message()}
	case errors.As(err, &api) && api.Refusal == RefusedMissing:
		next = FamilyAccess{Answer: AnswerRouteMissing, Status: api.StatusCode, Message: api.Message()}
	case errors.As(err, &api) && routeAnswered(api):
		next = FamilyAccess{Answer: AnswerOpen, Status: api.StatusCode}
	default:
		return nil, false
	}
	next.At = now
	b.mu.Lock()
	defer b.mu.Unlock()
	if err == nil {
		b.seen[rf.Family] = true
	}
	old, had := b.rec[rf.Family]
	same := had && old.Answer == next.Answer && old.Status == next.Status && old.Message == next.Message && old.Unworded == next.Unworded
	if same && !(old.Unworded && now.Sub(old.At) > unwordedRefusalFor) { // a day-old one is told again, with its new time
		return nil, false
	}
	b.rec[rf.Family] = next
	snap := maps.Clone(b.rec)
	b.save(snap)
	return snap, true
}

// routeAnswered reports whether a refusal came from the route itself looking at the
// request (a bad parameter, an unknown id, a validation), which shows the route is
// open to the token. A 404 for the route itself (RefusedMissing) is the server not
// having the route at all.
func routeAnswered(e *APIError) bool {
	switch e.StatusCode {
	case http.StatusBadRequest, http.StatusConflict, http.StatusUnprocessableEntity:
		return true
	case http.StatusNotFound:
		return e.Refusal == NotRefused && !e.unsettled
	}
	return false
}

// answered reports whether f answered 2xx in this session.
func (b *accessBook) answered(f Family) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.seen[f]
}

// forget empties the record (and the store); it reports whether there was anything.
func (b *accessBook) forget() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	clear(b.seen)
	if len(b.rec) == 0 {
		return false
	}
	b.rec = Access{}
	b.save(Access{})
	return true
}

// save writes the record through the store; the caller holds b.mu. A failure to
// save loses only a hint for the next session, so it is not an error of the request.
func (b *accessBook) save(a Access) {
	if b.store != nil {
		_ = b.store.SaveAccess(a)
	}
}

// Access returns what this sign-in is known to be allowed, family by family: learned
// from every answer of this session and, with Options.AccessStore, of earlier ones.
func (c *Client) Access() Access { return c.access.snapshot() }

// ForgetAccess empties the access record, so every route is tried again (a reload, a
// new sign-in). Subscribers hear an AccessEvent when something was forgotten.
func (c *Client) ForgetAccess() {
	if c.access.forget() {
		c.bus.publish(AccessEvent{Access: Access{}})
	}
}

// learnAccess feeds one finished request to the record and tells subscribers of a change.
func (c *Client) learnAccess(cl call, status int, err error) {
	if cl.noAuth || c.ts == nil {
		return
	}
	if snap, changed := c.access.learn(cl.method, cl.path, status, err, c.now()); changed {
		c.bus.publish(AccessEvent{Access: snap})
	}
}
