package serve

import (
	"context"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

// A writer's redirect writes through the gate reach the audit log with the record
// before (as the sender held it) and after (as the service answered), and the
// sub-account's name, looked up before the first write and once for the whole server;
// the admin's browser reads them newest first, one per write, its before and after
// together.
func TestAuditCarriesTheRedirectBeforeAndAfterAndTheName(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	loc := sb.Server.LocationID()
	p := newPool(auditlog.Open(t.TempDir()))
	ana := &Person{Name: "ana", Grants: map[string]Role{loc: RoleWrite}}
	g := newGate(p, ana, "SHA256:ana", "s1")
	defer g.Close()
	looked := 0
	for range 2 {
		g.LocationName(loc, func() string { looked++; return "Lakeside Fitness" })
		newGate(p, ana, "SHA256:ana", "s2").LocationName(loc, func() string { looked++; return "elsewhere" })
	}
	if looked != 0 {
		t.Fatalf("the name was looked up %d times before any write, want none", looked)
	}
	c, err := g.Client(&config.Config{}, client.Options{BaseURL: sb.URL, LocationID: loc,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	made, _, err := c.CreateRedirect(ctx, client.CreateRedirectRequest{Domain: "join.lakesidefit.com", Path: "/audited",
		Target: "https://example.com/first", Action: "url"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.UpdateRedirect(client.WithPrior(ctx, made), made.ID, client.UpdateRedirectRequest{Target: "https://example.com/second", Action: "url"}); err != nil {
		t.Fatal(err)
	}

	if looked != 1 {
		t.Fatalf("the name was looked up %d times, want once for the server", looked)
	}
	all, err := p.audit.Read()
	if err != nil || len(all) != 4 {
		t.Fatalf("the log: %d entries, %v; want the two writes' sending and sent", len(all), err)
	}
	for _, e := range all {
		if e.LocationName != "Lakeside Fitness" || e.Location != loc {
			t.Errorf("%s %s %s: sub-account %q %q, want the name beside the id", e.Phase, e.Method, e.Path, e.Location, e.LocationName)
		}
	}
	create, sending, sent := all[1], all[2], all[3]
	if create.Before != nil || !strings.Contains(string(create.After), made.ID) {
		t.Errorf("the create: before %s, after %s; want none, then the record answered", create.Before, create.After)
	}
	if !strings.Contains(string(sending.Before), "https://example.com/first") || sending.After != nil {
		t.Errorf("the update's sending line: before %s, after %s; want the record as it was", sending.Before, sending.After)
	}
	if !strings.Contains(string(sent.After), "https://example.com/second") {
		t.Errorf("the update's sent line: after %s; want the record as answered", sent.After)
	}

	recent, err := changeLog{p.audit}.Recent(ctx, 10)
	if err != nil || len(recent) != 2 {
		t.Fatalf("the browser's read: %d writes, %v; want 2", len(recent), err)
	}
	u := recent[0]
	if u.Method != "PATCH" || u.Status != "200" || u.LocationName != "Lakeside Fitness" || u.Person != "ana" ||
		!strings.Contains(string(u.Before), "/first") || !strings.Contains(string(u.After), "/second") {
		t.Errorf("the newest write: %s %s %s by %s on %q, before %s, after %s; want the update whole", u.Method, u.Path, u.Status, u.Person, u.LocationName, u.Before, u.After)
	}
	if one, _ := (changeLog{p.audit}).Recent(ctx, 1); len(one) != 1 || one[0].Method != "PATCH" {
		t.Errorf("limit 1: %d writes, want the newest only", len(one))
	}
}
