package cli

import (
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// Seeded redirects (client/sandbox/doc.go): eight, two on offers.
const (
	seedRedirects     = 8
	seedOffersDomain  = "offers.lakesidefit.com"
	seedTakenPath     = "/bootcamp" // already redirects on offers.
	seedUnusedDomain  = "kids.lakesidefit.com"
	seedUnknownDomain = "nowhere.example.com"
)

// bothSurfaces are the two services the sandbox plays, by name.
func bothSurfaces() map[string]sandbox.Options {
	return map[string]sandbox.Options{
		"seed":   {},
		"public": {Surface: sandbox.SurfacePublic},
	}
}

// asked runs funnels with standard input and output a terminal, stdin typed there.
func (h *home) asked(stdin string, args ...string) result {
	h.t.Helper()
	return h.streams(&IOStreams{InTTY: true, OutTTY: true, Width: 160}, stdin, args...)
}

// oneLine fails unless s is exactly one line.
func oneLine(t *testing.T, what, s string) {
	t.Helper()
	if strings.Count(s, "\n") != 1 || !strings.HasSuffix(s, "\n") {
		t.Errorf("%s: want exactly one line on stderr, got:\n%s", what, s)
	}
}

// TestRedirectsOnATerminalAndPiped: list, create, update and delete on both surfaces,
// with what a person reads at a terminal and what a script reads from a pipe.
func TestRedirectsOnATerminalAndPiped(t *testing.T) {
	for name, opts := range bothSurfaces() {
		t.Run(name, func(t *testing.T) {
			h := signedIn(t, opts)

			term := h.tty("redirects", "list").want(t, 0, "ID", "DOMAIN", "PATH", "TARGET", "ACTION", seedOffersDomain, seedTakenPath,
				"https://www.instagram.com/lakesidefit")
			if !strings.HasPrefix(term.stdout, "ID  ") || strings.Contains(term.stdout, "\t") || len(term.lines()) != seedRedirects+1 {
				t.Errorf("on a terminal: a header, aligned columns and a row per redirect:\n%s", term.stdout)
			}
			piped := h.run("redirects", "list").want(t, 0)
			if len(piped.lines()) != seedRedirects || strings.Contains(piped.stdout, "DOMAIN") || piped.stderr != "" {
				t.Fatalf("piped: %d rows, no header, nothing on stderr:\n%s\nstderr: %s", seedRedirects, piped.stdout, piped.stderr)
			}
			for _, l := range piped.lines() {
				if cells := strings.Split(l, "\t"); len(cells) != 5 || len(cells[0]) != 20 {
					t.Errorf("piped row is not 5 tab-separated cells with the id first: %q", l)
				}
			}
			if got := h.run("redirects", "list", "--search", "offers.").lines(); len(got) != 3 { // two on offers., one going there
				t.Errorf("--search offers.: %q", got)
			}
			none := h.run("redirects", "list", "--search", "no-such-text").want(t, 0, `err:No redirect's domain, path or target contains "no-such-text".`)
			if none.stdout != "" {
				t.Errorf("an empty search printed rows: %q", none.stdout)
			}

			// Create: piped, only the new id on stdout; the sentence on stderr.
			made := h.run("redirects", "create", "--domain", "Offers.LakesideFit.com", "--path", "old-offer",
				"--target", "https://offers.lakesidefit.com/spring-sale-opt-in", "--action", "URL")
			made.want(t, 0, "err:Created redirect https://offers.lakesidefit.com/old-offer → https://offers.lakesidefit.com/spring-sale-opt-in (url).")
			id := strings.TrimSpace(made.stdout)
			if len(id) != 20 || strings.ContainsAny(id, " \n\t") {
				t.Fatalf("piped create should print the new id alone: %q", made.stdout)
			}
			h.tty("redirects", "create", "--domain", seedOffersDomain, "--path", "/summer", "--target", "/summer-sale", "--action", "funnel").
				want(t, 0, "Created redirect https://offers.lakesidefit.com/summer → /summer-sale (funnel).", "ID:", "Old URL:  https://offers.lakesidefit.com/summer", "Action:   funnel")
			if got := h.run("redirects", "list").lines(); len(got) != seedRedirects+2 || !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, id+"\t") }) {
				t.Errorf("the new redirects are not listed:\n%s", strings.Join(got, "\n"))
			}

			// Update: both, or one and the other kept.
			h.run("redirects", "update", id, "--target", "https://offers.lakesidefit.com/summer-sale", "--action", "url").
				want(t, 0, "err:Redirect https://offers.lakesidefit.com/old-offer now goes to https://offers.lakesidefit.com/summer-sale (url).")
			h.tty("redirects", "update", id, "--action", "all").
				want(t, 0, "now goes to https://offers.lakesidefit.com/summer-sale (all).", "Action:   all")
			row := h.run("redirects", "list", "--search", "old-offer").want(t, 0)
			if row.stdout != id+"\t"+seedOffersDomain+"\t/old-offer\thttps://offers.lakesidefit.com/summer-sale\tall\n" {
				t.Errorf("after the updates: %q", row.stdout)
			}

			// Delete with --yes: nothing asked, nothing on stdout.
			del := h.run("redirects", "delete", id, "--yes").want(t, 0, "err:Deleted redirect "+id+".")
			if del.stdout != "" {
				t.Errorf("delete printed %q on stdout", del.stdout)
			}
			if got := h.run("redirects", "list", "--search", "old-offer"); got.stdout != "" {
				t.Errorf("the deleted redirect is still listed: %q", got.stdout)
			}
			h.run("redirects", "delete", id, "--yes").want(t, 1, "err:funnels redirects delete: 404 Redirect not found")
			h.run("redirects", "update", "AAAAAAAAAAAAAAAAAAAA", "--action", "all").
				want(t, 1, `err:no redirect with id "AAAAAAAAAAAAAAAAAAAA" in location LakesideFit2026Loc01`)
		})
	}
}

func TestRedirectsJSON(t *testing.T) {
	h := signedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	var whole struct {
		Redirects []struct {
			ID, Domain, Path, Target, Action, OldURL string
		}
	}
	h.run("redirects", "list", "--json").decode(t, &whole)
	if len(whole.Redirects) != seedRedirects || whole.Redirects[0].OldURL != "https://"+whole.Redirects[0].Domain+whole.Redirects[0].Path {
		t.Errorf("--json: %+v", whole)
	}
	var picked []map[string]any
	h.run("redirects", "list", "--search", "instagram", "--json", "oldUrl,action").decode(t, &picked)
	if len(picked) != 1 || len(picked[0]) != 2 || picked[0]["oldUrl"] != "https://www.lakesidefit.com/instagram" || picked[0]["action"] != "url" {
		t.Errorf("--json oldUrl,action: %v", picked)
	}
	h.run("redirects", "list", "--jq", `.redirects[] | select(.action == "all") | .domain`).want(t, 0, "promo.lakesidefit.com\n")

	var made struct{ ID, Domain, Path, Target, Action, OldURL string }
	h.run("redirects", "create", "--domain", seedUnusedDomain, "--path", "/", "--target", "https://www.lakesidefit.com/kids", "--action", "all", "--json").decode(t, &made)
	if made.ID == "" || made.OldURL != "https://kids.lakesidefit.com/" || made.Action != "all" {
		t.Errorf("create --json: %+v", made)
	}
	var del struct {
		ID      string
		Deleted bool
	}
	h.run("redirects", "delete", made.ID, "--yes", "--json").decode(t, &del)
	if del.ID != made.ID || !del.Deleted {
		t.Errorf("delete --json: %+v", del)
	}
}

// TestRedirectsDeleteAsksFirst: on a terminal the redirect is shown and the answer
// is no unless y is typed; off a terminal, without --yes, nothing is sent.
func TestRedirectsDeleteAsksFirst(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	id := strings.TrimSpace(h.run("redirects", "create", "--domain", seedOffersDomain, "--path", "/ask-me",
		"--target", "https://example.com/x", "--action", "url").want(t, 0).stdout)

	for _, typed := range []string{"\n", "n\n", "nope\n", ""} {
		kept := h.asked(typed, "redirects", "delete", id)
		kept.want(t, 2, "err:Delete the redirect https://offers.lakesidefit.com/ask-me → https://example.com/x (id "+id+")? [y/N] (enter: no)",
			"err:Kept the redirect: nothing was deleted.")
		if strings.Contains(kept.stderr, "ERROR") || strings.Contains(kept.stderr, "cancelled") {
			t.Errorf("a no is not an error to report:\n%s", kept.stderr)
		}
	}
	if got := h.run("redirects", "list", "--search", "ask-me").lines(); len(got) != 1 || !strings.HasPrefix(got[0], id) {
		t.Fatalf("a no deleted the redirect: %q", got)
	}

	h.sb.Server.ResetLog()
	h.run("redirects", "delete", id).want(t, 2, "err:not deleted: there is no terminal to ask on; add --yes")
	if reqs := h.sb.Server.Requests(); len(reqs) != 0 {
		t.Errorf("off a terminal without --yes, %d request(s) went out", len(reqs))
	}

	h.asked("Y\n", "redirects", "delete", id).want(t, 0, "Deleted the redirect https://offers.lakesidefit.com/ask-me → https://example.com/x (id "+id+").")
	if got := h.run("redirects", "list", "--search", "ask-me"); got.stdout != "" {
		t.Errorf("y did not delete: %q", got.stdout)
	}
	h.asked("y\n", "redirects", "delete", id).want(t, 1, `err:no redirect with id "`+id+`"`)
}

// TestRedirectsBadInputNamesTheFlag: a value the shared checks refuse exits 2 naming
// its flag, before anything is sent; what only the service can tell (a domain not
// attached, a path that already redirects) is its 422, named by the flag too.
func TestRedirectsBadInputNamesTheFlag(t *testing.T) {
	for name, opts := range bothSurfaces() {
		t.Run(name, func(t *testing.T) {
			h := signedIn(t, opts)
			h.sb.Server.ResetLog()
			for _, c := range []struct {
				args []string
				want string
			}{
				{[]string{"create", "--path", "/a", "--target", "https://x.example/", "--action", "url"}, "--domain is required"},
				{[]string{"create", "--domain", "not a host", "--path", "/a", "--target", "https://x.example/", "--action", "url"}, "--domain must not contain spaces"},
				{[]string{"create", "--domain", seedOffersDomain, "--path", "/a b", "--target", "https://x.example/", "--action", "url"}, "--path must not contain spaces"},
				{[]string{"create", "--domain", seedOffersDomain, "--path", "/a?b=1", "--target", "https://x.example/", "--action", "url"}, "--path must be a path without a ?query"},
				{[]string{"create", "--domain", seedOffersDomain, "--path", "https://offers.example/a", "--target", "https://x.example/", "--action", "url"}, "--path must be a path such as /old-offer, not an address: try /a"},
				{[]string{"create", "--domain", seedOffersDomain, "--path", "/a", "--target", "x.example/page", "--action", "url"}, "--target must be"},
				{[]string{"create", "--domain", seedOffersDomain, "--path", "/a", "--target", "https://x.example/", "--action", "redirect"}, "--action must be funnel, website, url or all"},
				{[]string{"create", "--domain", seedOffersDomain, "--path", "/a", "--target", "https://x.example/"}, "--action is required"},
				{[]string{"update", "AAAAAAAAAAAAAAAAAAAA", "--target", "ftp://x.example/", "--action", "url"}, "--target must be"},
				{[]string{"update", "AAAAAAAAAAAAAAAAAAAA", "--action", "moved"}, "--action must be funnel, website, url or all"},
				{[]string{"update", "AAAAAAAAAAAAAAAAAAAA", "--target", "a b"}, "--target must not contain spaces"},
				{[]string{"update", "AAAAAAAAAAAAAAAAAAAA"}, "nothing to change: give --target, --action or both"},
				{[]string{"update", "a/b", "--action", "all"}, "ID must be an id"},
				{[]string{"delete", "../x", "--yes"}, "ID must be an id"},
				{[]string{"delete"}, "ID is required"},
				{[]string{"list", "--search", "a\x1b[2Jb"}, "--search must not contain control characters"},
				{[]string{"list", "extra"}, `unexpected argument "extra"`},
			} {
				h.run(append([]string{"redirects"}, c.args...)...).want(t, 2, "err:funnels redirects "+c.args[0]+": "+c.want)
			}
			if reqs := h.sb.Server.Requests(); len(reqs) != 0 {
				t.Errorf("bad input sent %d request(s): %+v", len(reqs), reqs)
			}

			// The service's own 422s, one per field it can refuse.
			r := h.run("redirects", "create", "--domain", seedUnknownDomain, "--path", "/a", "--target", "https://x.example/", "--action", "url")
			r.want(t, 1, "err:funnels redirects create: 422 --domain "+seedUnknownDomain+" is not attached to this location")
			oneLine(t, "domain not attached", r.stderr)
			r = h.run("redirects", "create", "--domain", seedOffersDomain, "--path", "/BOOTCAMP", "--target", "https://x.example/", "--action", "url")
			r.want(t, 1, "err:funnels redirects create: 422 --path /BOOTCAMP already redirects on "+seedOffersDomain)
			oneLine(t, "path taken", r.stderr)
			if r.stdout != "" {
				t.Errorf("a refused create printed %q", r.stdout)
			}
		})
	}
}

// TestRedirectsWithTheReadOnlyToken: it lists; every write is refused with the
// surface's scope error (403 on the seed, 401 on the public surface) in one line that
// names the scope to ask for, then where that scope is granted (both ways: the
// token came from FUNNELS_TOKEN), exit 1 — not "log in again".
func TestRedirectsWithTheReadOnlyToken(t *testing.T) {
	for name, c := range map[string]struct {
		opts   sandbox.Options
		status string
	}{
		"seed":   {sandbox.Options{}, "403"},
		"public": {sandbox.Options{Surface: sandbox.SurfacePublic}, "401"},
	} {
		t.Run(name, func(t *testing.T) {
			h := signedIn(t, c.opts)
			id := strings.Split(h.run("redirects", "list").lines()[0], "\t")[0]
			h.vars["FUNNELS_TOKEN"] = h.sb.Server.ReadOnlyToken()
			if got := h.run("redirects", "list").want(t, 0).lines(); len(got) != seedRedirects {
				t.Errorf("the read-only token lists %d redirects", len(got))
			}
			want := "redirect writes refused to this sign-in (" + c.status + " The token is not authorized for this scope.): it needs scope funnels/redirect.write"
			for _, args := range [][]string{
				{"create", "--domain", seedOffersDomain, "--path", "/ro", "--target", "https://x.example/", "--action", "url"},
				{"update", id, "--target", "https://x.example/", "--action", "url"},
				{"delete", id, "--yes"},
			} {
				for _, tty := range []bool{false, true} {
					r := h.runWith(tty, "", append([]string{"redirects"}, args...)...)
					r.want(t, 1, "err:funnels redirects "+args[0]+": "+want,
						"err:funnels redirects "+args[0]+": to grant it to a private integration token: Settings → Private Integrations",
						"err:funnels redirects "+args[0]+": to an OAuth app: add funnels/redirect.write to the app's scopes")
					if n := strings.Count(r.stderr, "\n"); n != 3 {
						t.Errorf("%s: want the refusal and two lines of guidance, got %d lines:\n%s", args[0], n, r.stderr)
					}
					if r.stdout != "" || strings.Contains(r.stderr, "login") {
						t.Errorf("%s: stdout %q; stderr %q", args[0], r.stdout, r.stderr)
					}
				}
			}
			h.vars["FUNNELS_TOKEN"] = h.sb.Server.DemoToken()
			if got := h.run("redirects", "list").lines(); len(got) != seedRedirects {
				t.Errorf("a refused write changed the list: %d redirects", len(got))
			}
		})
	}
}

// TestCompletionOfRedirects: the flags with a few values, the domains of the
// location, and redirect ids from the API described by where they go.
func TestCompletionOfRedirects(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	for line, want := range map[string][]string{
		"redirects ":                        {"create", "delete", "export", "import", "list", "restore", "update", "versions"},
		"redirects create --action ":        {"all", "funnel", "url", "website"},
		"redirects update x --action w":     {"website"},
		"redirects create --domain offers.": {"offers.lakesidefit.com"},
		"redirects delete x --y":            {"--yes"},
	} {
		got := values(h.complete(t, strings.Split(line, " ")...))
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%q completes to %q, want %q", line, got, want)
		}
	}
	domains := values(h.complete(t, "redirects", "create", "--domain", ""))
	for _, d := range []string{"join.lakesidefit.com", "offers.lakesidefit.com", "promo.lakesidefit.com", "webinars.lakesidefit.com", "www.lakesidefit.com"} {
		if !slices.Contains(domains, d) {
			t.Errorf("--domain does not offer %s: %q", d, domains)
		}
	}
	for _, verb := range []string{"update", "delete"} {
		ids := h.complete(t, "redirects", verb, "")
		if len(ids) != seedRedirects || !slices.ContainsFunc(ids, func(o string) bool {
			return strings.HasSuffix(o, "\twww.lakesidefit.com /instagram → https://www.instagram.com/lakesidefit")
		}) {
			t.Errorf("redirects %s ID: %q", verb, ids)
		}
		if got := h.complete(t, "redirects", verb, "x", ""); len(got) != 0 {
			t.Errorf("redirects %s: a second ID is offered: %q", verb, got)
		}
	}
}
