package e2e

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestServeAuditKeepsRedirectsBeforeAndAfter: a writer's redirect create, update and
// delete over ssh reach the audit log with the record as it was (update, delete) and
// as the service answered it (create, update), without the server's token, each
// naming the sub-account by the name the locations API gives (the server signs in
// with FUNNELS_TOKEN, which names no profile and no sub-account); an admin's
// browser over ssh lists them under "Recent changes by people" and shows one whole.
func TestServeAuditKeepsRedirectsBeforeAndAfter(t *testing.T) {
	tm := startTeam(t, map[string]string{"ana": "write", "lead": "admin"})
	var made struct{ ID string }
	tm.ssh("ana", "redirects", "create", "--domain", "join.lakesidefit.com", "--path", "/audit-me",
		"--target", "https://example.com/first", "--action", "url", "--json").decode(t, &made)
	if made.ID == "" {
		t.Fatal("the create answered no id")
	}
	tm.ssh("ana", "redirects", "update", made.ID, "--target", "https://example.com/second").want(t, 0, "err:now goes to")
	tm.ssh("ana", "redirects", "delete", made.ID, "--yes").want(t, 0, "err:Deleted")

	var entries []struct {
		Phase, Person, Method, Path string
		Location, LocationName      string
		Before, After               json.RawMessage
	}
	tm.local("audit", "--data", tm.dir, "--json").decode(t, &entries)
	lines := map[string]struct{ before, after string }{}
	for _, e := range entries {
		if e.Person != "ana" {
			t.Errorf("an entry by %q, want ana's writes only", e.Person)
		}
		if e.Location != tm.sb.Server.LocationID() || e.LocationName != "Lakeside Fit" {
			t.Errorf("%s %s names the sub-account %q %q, want its id and name", e.Method, e.Phase, e.Location, e.LocationName)
		}
		k := e.Method + " " + e.Phase
		l := lines[k]
		l.before, l.after = l.before+string(e.Before), l.after+string(e.After)
		lines[k] = l
	}
	for _, c := range []struct{ line, before, after string }{
		{"POST sending", "", ""},
		{"POST sent", "", "https://example.com/first"},
		{"PATCH sending", "https://example.com/first", ""},
		{"PATCH sent", "", "https://example.com/second"},
		{"DELETE sending", "https://example.com/second", ""},
	} {
		got := lines[c.line]
		if !strings.Contains(got.before, c.before) || !strings.Contains(got.after, c.after) || c.before == "" && got.before != "" {
			t.Errorf("%s: before %s, after %s; want before %q, after %q", c.line, got.before, got.after, c.before, c.after)
		}
	}

	// The server's profile names no sub-account: the admin's browser opens the one
	// granted by name.
	tm.local("serve", "user", "grant", "lead", "--location", tm.sb.Server.LocationID(), "--role", "admin", "--data", tm.dir).want(t, 0)
	lead := tm.browser("lead", 100, 30)
	lead.waitFor("Lead Generation")
	lead.keys(":")
	lead.text("recent changes by people")
	lead.keys("Enter")
	lead.waitFor("Recent changes by people", "ana", "DELETE /funnels/lookup/", "PATCH /funnels/lookup/redirect/", "201")
	lead.keys("Enter")
	lead.waitFor("Change by ana", "Before", "https://example.com/second", "trace id")
	lead.escape("Change by ana")
	lead.escape("Recent changes by people")
	lead.keys("q")
	lead.waitFor("ssh exited with 0")
}
