package serve

import (
	"errors"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

func TestSessionLimitsPerPersonAndInAll(t *testing.T) {
	s := &Server{set: Settings{MaxSessions: 4, MaxPerPerson: 2}, byPerson: map[string]int{}}
	ana, bob, cy := &Person{Name: "ana"}, &Person{Name: "bob"}, &Person{Name: "cy"}
	for _, p := range []*Person{ana, ana, bob} {
		if err := s.enter(p); err != nil {
			t.Fatalf("%s refused within the limits: %v", p.Name, err)
		}
	}
	if err := s.enter(ana); err == nil || !strings.Contains(err.Error(), "ana has 2 sessions") {
		t.Fatalf("ana's third session: %v, want the per-person limit", err)
	}
	if err := s.enter(cy); err != nil {
		t.Fatalf("the fourth session: %v", err)
	}
	if err := s.enter(bob); err == nil || !strings.Contains(err.Error(), "4 sessions open") {
		t.Fatalf("a fifth session: %v, want the server's limit", err)
	}
	s.exit(ana)
	if err := s.enter(bob); err != nil {
		t.Fatalf("a session after one ended: %v", err)
	}
	if s.open != 4 || s.byPerson["ana"] != 1 || s.byPerson["bob"] != 2 {
		t.Fatalf("counts: %d open, %v", s.open, s.byPerson)
	}
}

// A gate opens no index and no client of a sub-account the person holds no grant on.
func TestGateRefusesWhatWasNotGranted(t *testing.T) {
	g := newGate(newPool(auditlog.Open(t.TempDir())), &Person{Name: "bob", Grants: map[string]Role{"LOC1": RoleRead}}, "SHA256:x", "s1")
	defer g.Close()
	opened := false
	open := func() (*index.Store, error) { opened = true; return nil, nil }
	for _, loc := range []string{"LOC2", ""} {
		cfg := &config.Config{Profile: config.Profile{LocationID: loc}}
		if _, err := g.Index(cfg, open); !errors.Is(err, client.ErrWrongLocation) {
			t.Errorf("index of %q: %v, want ErrWrongLocation", loc, err)
		}
		if _, err := g.Client(cfg, client.Options{BaseURL: "http://127.0.0.1:1", LocationID: loc}); !errors.Is(err, client.ErrWrongLocation) {
			t.Errorf("client of %q: %v, want ErrWrongLocation", loc, err)
		}
	}
	if opened {
		t.Error("an index of a sub-account not granted was opened")
	}
	c, err := g.Client(&config.Config{}, client.Options{BaseURL: "http://127.0.0.1:1", LocationID: "LOC1"})
	if err != nil || !c.ReadOnly() {
		t.Fatalf("the reader's client of LOC1: %v, read-only %v", err, c != nil && c.ReadOnly())
	}
	if g.Sharing("LOC1") != 1 {
		t.Fatalf("sharing LOC1: %d, want this session", g.Sharing("LOC1"))
	}
	g.Close()
	if g.Sharing("LOC1") != 0 {
		t.Fatalf("sharing LOC1 after the session: %d", g.Sharing("LOC1"))
	}
}
