package serve

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

func TestOfferedCommandsOverSSH(t *testing.T) {
	s := &Server{set: Settings{Dir: "/srv/data"}}
	reader := &Person{Name: "bob", Grants: map[string]Role{"LOC": RoleRead}}
	admin := &Person{Name: "lead", Grants: map[string]Role{AllLocations: RoleAdmin}}
	for _, tc := range []struct {
		who  *Person
		args []string
		want []string // nil: refused
	}{
		{reader, []string{"redirects", "list"}, []string{"redirects", "list"}},
		{reader, []string{"--location", "LOC", "folders"}, []string{"--location", "LOC", "folders"}},
		{reader, []string{"--location=auth", "folders"}, []string{"--location=auth", "folders"}},
		{reader, []string{"--version"}, []string{"--version"}},
		{reader, []string{"auth", "token"}, nil},
		{reader, []string{"login"}, nil},
		{reader, []string{"logout"}, nil},
		{reader, []string{"mcp"}, nil},
		{reader, []string{"serve", "user", "list"}, nil},
		{reader, []string{"config"}, nil},
		{reader, []string{"audit"}, nil},
		{reader, []string{"--profile", "x", "sandbox"}, nil},
		{reader, []string{"folders", "--token", "x"}, nil},
		{reader, []string{"folders", "-token=x"}, nil},
		{reader, []string{"folders", "--base-url=http://evil"}, nil},
		{reader, []string{"folders", "--debug"}, nil},
		{admin, []string{"user", "list"}, []string{"serve", "user", "list", "--data", "/srv/data"}},
		{admin, []string{"audit", "--user", "bob"}, []string{"audit", "--user", "bob", "--data", "/srv/data"}},
		{admin, []string{"audit", "--data", "/elsewhere"}, nil},
		{admin, []string{"user", "list", "--data=/elsewhere"}, nil},
		{reader, []string{"redirects", "export", "-o", "/home/op/.ssh/authorized_keys"}, nil},
		{reader, []string{"redirects", "export", "--output=x.csv"}, nil},
		{reader, []string{"redirects", "export", "-ox.csv"}, nil},
		{reader, []string{"redirects", "export", "--format", "csv"}, []string{"redirects", "export", "--format", "csv"}},
		{reader, []string{"redirects", "import", "rows.csv"}, nil},
		{reader, []string{"redirects", "--location", "LOC", "import", "rows.csv"}, nil},
		{reader, []string{"api", "POST", "/x", "--data", "@/etc/passwd"}, nil},
		{reader, []string{"api", "POST", "/x", "--data=@token.json"}, nil},
		{reader, []string{"api", "POST", "/x", "--data", "@-"}, []string{"api", "POST", "/x", "--data", "@-"}},
		{reader, []string{"api", "POST", "/x", "--data", "{}"}, []string{"api", "POST", "/x", "--data", "{}"}},
	} {
		got, err := s.offered(tc.who, tc.args)
		if tc.want == nil {
			if err == nil {
				t.Errorf("%s %v: offered as %v, want refused", tc.who.Name, tc.args, got)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%s %v: %v, %v; want %v", tc.who.Name, tc.args, got, err, tc.want)
		}
	}
}

// FuzzOffered: no command line makes the check panic, and none that names a refused
// flag gets through.
func FuzzOffered(f *testing.F) {
	f.Add("redirects list --json")
	f.Add("--location LOC auth token")
	f.Add("- -- --= -token")
	s := &Server{set: Settings{Dir: "/d"}}
	p := &Person{Name: "p", Grants: map[string]Role{AllLocations: RoleAdmin}}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		got, err := s.offered(p, args)
		if err != nil {
			return
		}
		for i, a := range got[:len(args)] {
			name, _ := flagName(a)
			if slices.Contains(refusedFlags, name) || name == "output" {
				t.Fatalf("%q got through with --%s", line, name)
			}
			if name == "data" && i+1 < len(args) && strings.HasPrefix(got[i+1], "@") && got[i+1] != "@-" {
				t.Fatalf("%q got through with a file for --data", line)
			}
		}
	})
}

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
	g := newGate(newPool(OpenAudit(t.TempDir())), &Person{Name: "bob", Grants: map[string]Role{"LOC1": RoleRead}}, "SHA256:x", "s1")
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
