package ui

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// sandboxSwitcher switches between the sandbox's sub-accounts, one client each (made
// once, sharing the transport), as the demo does.
type sandboxSwitcher struct {
	sb        *sandbox.Running
	transport http.RoundTripper
	readOnly  map[string]bool // sub-account ids whose client is read-only

	mu      sync.Mutex
	clients map[string]*client.Client
	listErr error
}

func newSandboxSwitcher(sb *sandbox.Running, transport http.RoundTripper) *sandboxSwitcher {
	return &sandboxSwitcher{sb: sb, transport: transport, readOnly: map[string]bool{}, clients: map[string]*client.Client{}}
}

func (s *sandboxSwitcher) List(context.Context) ([]Account, error) {
	var out []Account
	for _, sub := range s.sb.Server.SubAccounts() {
		if sub.Installed {
			out = append(out, Account{Name: sub.ID, Profile: "demo", Location: sub.ID, LocationName: sub.Name, Kind: "demo", ReadOnly: s.readOnly[sub.ID]})
		}
	}
	return out, s.listErr
}

func (s *sandboxSwitcher) Open(_ context.Context, name string) (Opened, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sub := range s.sb.Server.SubAccounts() {
		if sub.ID != name || !sub.Installed {
			continue
		}
		c := s.clients[name]
		if c == nil {
			var err error
			c, err = client.New(client.Options{
				BaseURL: s.sb.URL, LocationID: sub.ID, HTTPClient: &http.Client{Transport: s.transport},
				TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sub.DemoToken}),
				MaxRetries:  -1, ReadOnly: s.readOnly[sub.ID],
			})
			if err != nil {
				return Opened{}, err
			}
			s.clients[name] = c
		}
		return Opened{Client: c, Profile: "demo / " + sub.Name}, nil
	}
	return Opened{}, errors.New("no sub-account " + name)
}

// gate holds the requests whose path it names until released, or until the caller
// gives up on them (which it reports on canceled).
type gate struct {
	path     string
	release  chan struct{}
	canceled chan struct{}
	once     sync.Once
}

func (g *gate) RoundTrip(req *http.Request) (*http.Response, error) {
	if strings.Contains(req.URL.RawQuery, g.path) {
		select {
		case <-g.release:
		case <-req.Context().Done():
			g.once.Do(func() { close(g.canceled) })
			return nil, req.Context().Err()
		}
	}
	return http.DefaultTransport.RoundTrip(req)
}

// switchHarness is the browser on the first gym with the sandbox's switcher.
func switchHarness(t *testing.T, sbOpts sandbox.Options, transport http.RoundTripper) (*harness, *sandboxSwitcher, *sandbox.Running) {
	t.Helper()
	sb := sandboxtest.Start(t, sbOpts)
	sw := newSandboxSwitcher(sb, transport)
	first, err := sw.Open(t.Context(), sb.Server.LocationID())
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, Options{Client: first.Client, Profile: first.Profile, LocationID: sb.Server.LocationID(),
		Switcher: sw, Account: sb.Server.LocationID()}, 140, 30)
	h.waitFor("Lead Generation", "Spring Sale 2026")
	return h, sw, sb
}

// switchToGym opens the switcher, filters for query and switches.
func (h *harness) switchToGym(query string) {
	h.t.Helper()
	h.press("C")
	h.waitFor("Switch profile or sub-account", "Summit Strength", "Riverside Boxing Club")
	h.typeText(query)
	h.press("enter")
}

func TestSwitchShowsTheOtherGymAndItsOwnRateLimit(t *testing.T) {
	h, _, sb := switchHarness(t, sandbox.Options{Limit: 60, Window: time.Minute}, http.DefaultTransport)
	before := statusLine(h.waitUntil("lakeside's rate", func(v string) bool { return strings.Contains(statusLine(v), "/60") }))
	if !strings.Contains(before, "demo / Lakeside Fit") {
		t.Fatalf("status before: %q", before)
	}
	// The switcher marks where we are.
	h.press("C")
	v := h.waitFor("Summit Strength")
	if !strings.Contains(line(v, "Lakeside Fit"), "●") || strings.Contains(line(v, "Summit Strength"), "●") {
		t.Fatalf("the current sub-account is not marked:\n%s", v)
	}
	h.press("esc")

	h.switchToGym("summit")
	v = h.waitUntil("summit's root", func(v string) bool {
		return strings.Contains(v, "Summit Open House") && strings.Contains(v, "Memberships")
	})
	for _, old := range []string{"Lead Generation", "Spring Sale 2026", "Lakeside"} {
		if strings.Contains(v, old) {
			t.Fatalf("%q of the old gym is still on screen:\n%s", old, v)
		}
	}
	// Summit's own bucket: its one request so far, not lakeside's.
	h.waitUntil("summit's rate", func(v string) bool { return strings.Contains(statusLine(v), "59/60") })
	st := statusLine(h.view())
	if !strings.Contains(st, "demo / Summit Strength") || !strings.Contains(st, "SummitStrengthLoc002") {
		t.Fatalf("status after: %q", st)
	}
	// Browsing works on the new gym.
	h.press("enter")
	h.waitFor("Powerlifting Meet 2026", "Strongman Saturday")
	// And back: lakeside's client kept its own rate state.
	h.switchToGym("lakeside")
	v = h.waitFor("Lead Generation")
	if strings.Contains(v, "Summit") || strings.Contains(v, "Memberships") {
		t.Fatalf("summit left on screen:\n%s", v)
	}
	var lakesideCalls int
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/funnel/folder/entities" && !strings.Contains(r.Query, "Summit") {
			lakesideCalls++
		}
	}
	if lakesideCalls < 2 {
		t.Fatalf("lakeside's root was not read again (%d)", lakesideCalls)
	}
}

// A request still out for the old sub-account when the switch lands is cancelled,
// and what it brings is dropped: nothing of the old gym shows, no error either.
func TestSwitchMidRequestDropsTheOldAnswer(t *testing.T) {
	g := &gate{path: "parentId=", release: make(chan struct{}), canceled: make(chan struct{})}
	t.Cleanup(func() { close(g.release) })
	h, sw, sb := switchHarness(t, sandbox.Options{}, g)
	old := h.m.client
	// Open "Lead Generation": its listing is held at the gate.
	h.press("enter")
	h.waitUntil("the folder's load", func(string) bool { return old.InFlight() == 1 })
	oldSeq := h.m.entities.current().seq

	h.switchToGym("summit")
	h.waitFor("Summit Open House")
	select {
	case <-g.canceled:
	case <-time.After(waitTimeout):
		t.Fatal("the old sub-account's request was not called off")
	}
	// Its answer (an error now) and any late answer for the old folder are dropped.
	h.update(entitiesMsg{folderID: "5n3BCYO90Tpw1TDRS8EK", seq: oldSeq, rows: nil, err: errors.New("late")})
	h.waitUntil("the old request ended", func(string) bool { return old.InFlight() == 0 })
	for len(h.msgs) > 0 {
		h.update(<-h.msgs)
	}
	v := h.view()
	if strings.Contains(v, "Free Workout Guide") || strings.Contains(v, "Lead Generation") || strings.Contains(statusLine(v), "✗") ||
		strings.Contains(v, "late") || strings.Contains(v, "canceled") {
		t.Fatalf("something of the old gym reached the screen:\n%s", v)
	}
	// The old client's events no longer move the status bar.
	now := time.Now()
	h.update(eventMsg{ev: client.RateEvent{Rate: client.RateLimit{Limit: 100, Remaining: 3, Reset: now.Add(5 * time.Second), Observed: now}}, from: old})
	if st := statusLine(h.view()); strings.Contains(st, "3/100") {
		t.Fatalf("the old client's rate limit shows: %q", st)
	}
	if h.m.client == old || len(sw.clients) != 2 || len(h.m.clients) != 2 {
		t.Fatalf("clients: shown %p, opened %d, watched %d", h.m.client, len(sw.clients), len(h.m.clients))
	}
	_ = sb
}

// Switching to a read-only account turns the writes off; switching back, on again.
// A failed switch leaves everything where it was, saying why with the error.
func TestSwitchFollowsReadOnlyAndReportsFailures(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	sw := newSandboxSwitcher(sb, http.DefaultTransport)
	sw.readOnly["RiversideBoxingLoc03"] = true
	first, _ := sw.Open(t.Context(), sb.Server.LocationID())
	h := newHarness(t, Options{Client: first.Client, Profile: first.Profile, Switcher: sw, Account: sb.Server.LocationID()}, 140, 30)
	h.waitFor("Lead Generation")
	if strings.Contains(statusLine(h.view()), "read-only") {
		t.Fatal("read-only before the switch")
	}
	h.switchToGym("riverside")
	v := h.waitFor("First Class Free")
	if !strings.Contains(statusLine(v), "read-only") || strings.Contains(v, "new folder") {
		t.Fatalf("riverside is read-only, the screen does not say so:\n%s", v)
	}
	h.switchToGym("lakeside")
	v = h.waitFor("Lead Generation")
	if strings.Contains(statusLine(v), "read-only") || !strings.Contains(v, "new folder") {
		t.Fatalf("back on lakeside, still read-only:\n%s", v)
	}
	// A list that failed in part shows what it has and why.
	sw.listErr = errors.New("profile agency: listing the sub-accounts: the service answered 503 Service Unavailable")
	h.press("C")
	v = h.waitFor("Summit Strength", "503")
	h.press("esc")
	// A switch that fails keeps the screen.
	h.m.opts.Switcher = failingSwitcher{sw}
	h.switchToGym("summit")
	v = h.waitUntil("the failure", func(v string) bool { return strings.Contains(statusLine(v), "401") })
	if !strings.Contains(v, "Lead Generation") {
		t.Fatalf("a failed switch cleared the screen:\n%s", v)
	}
}

type failingSwitcher struct{ *sandboxSwitcher }

func (failingSwitcher) Open(context.Context, string) (Opened, error) {
	return Opened{}, &client.APIError{StatusCode: 401, Messages: []string{"Invalid JWT"}}
}

func TestNoSwitcherSaysWhy(t *testing.T) {
	_, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, Options{Client: c}, 120, 30)
	h.waitFor("Lead Generation")
	h.press("C")
	if st := statusLine(h.view()); !strings.Contains(st, "switching is not available") {
		t.Fatalf("status %q", st)
	}
}
