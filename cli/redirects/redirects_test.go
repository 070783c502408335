package redirects_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestRedirectsOnATerminalAndPiped: list, create, update and delete on both surfaces,
// with what a person reads at a terminal and what a script reads from a pipe.
func TestRedirectsOnATerminalAndPiped(t *testing.T) {
	for name, opts := range clitest.BothSurfaces() {
		t.Run(name, func(t *testing.T) {
			h := clitest.SignedIn(t, opts)

			term := h.TTY("redirects", "list").Want(t, 0, "ID", "DOMAIN", "PATH", "TARGET", "ACTION", clitest.SeedOffersDomain, clitest.SeedTakenPath,
				"https://www.instagram.com/lakesidefit")
			if !strings.HasPrefix(term.Stdout, "ID  ") || strings.Contains(term.Stdout, "\t") || len(term.Lines()) != clitest.SeedRedirects+1 {
				t.Errorf("on a terminal: a header, aligned columns and a row per redirect:\n%s", term.Stdout)
			}
			piped := h.Run("redirects", "list").Want(t, 0)
			if len(piped.Lines()) != clitest.SeedRedirects || strings.Contains(piped.Stdout, "DOMAIN") || piped.Stderr != "" {
				t.Fatalf("piped: %d rows, no header, nothing on stderr:\n%s\nstderr: %s", clitest.SeedRedirects, piped.Stdout, piped.Stderr)
			}
			for _, l := range piped.Lines() {
				if cells := strings.Split(l, "\t"); len(cells) != 5 || len(cells[0]) != 20 {
					t.Errorf("piped row is not 5 tab-separated cells with the id first: %q", l)
				}
			}
			if got := h.Run("redirects", "list", "--search", "offers.").Lines(); len(got) != 3 { // two on offers., one going there
				t.Errorf("--search offers.: %q", got)
			}
			none := h.Run("redirects", "list", "--search", "no-such-text").Want(t, 0, `err:No redirect's domain, path or target contains "no-such-text".`)
			if none.Stdout != "" {
				t.Errorf("an empty search printed rows: %q", none.Stdout)
			}

			// Create: piped, only the new id on stdout; the sentence on stderr.
			made := h.Run("redirects", "create", "--domain", "Offers.LakesideFit.com", "--path", "old-offer",
				"--target", "https://offers.lakesidefit.com/spring-sale-opt-in", "--action", "URL")
			made.Want(t, 0, "err:Created redirect https://offers.lakesidefit.com/old-offer → https://offers.lakesidefit.com/spring-sale-opt-in (url).")
			id := strings.TrimSpace(made.Stdout)
			if len(id) != 20 || strings.ContainsAny(id, " \n\t") {
				t.Fatalf("piped create should print the new id alone: %q", made.Stdout)
			}
			h.TTY("redirects", "create", "--domain", clitest.SeedOffersDomain, "--path", "/summer", "--target", "/summer-sale", "--action", "funnel").
				Want(t, 0, "Created redirect https://offers.lakesidefit.com/summer → /summer-sale (funnel).", "ID:", "Old URL:  https://offers.lakesidefit.com/summer", "Action:   funnel")
			if got := h.Run("redirects", "list").Lines(); len(got) != clitest.SeedRedirects+2 || !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, id+"\t") }) {
				t.Errorf("the new redirects are not listed:\n%s", strings.Join(got, "\n"))
			}

			// Update: both, or one and the other kept.
			h.Run("redirects", "update", id, "--target", "https://offers.lakesidefit.com/summer-sale", "--action", "url").
				Want(t, 0, "err:Redirect https://offers.lakesidefit.com/old-offer now goes to https://offers.lakesidefit.com/summer-sale (url).")
			h.TTY("redirects", "update", id, "--action", "all").
				Want(t, 0, "now goes to https://offers.lakesidefit.com/summer-sale (all).", "Action:   all")
			row := h.Run("redirects", "list", "--search", "old-offer").Want(t, 0)
			if row.Stdout != id+"\t"+clitest.SeedOffersDomain+"\t/old-offer\thttps://offers.lakesidefit.com/summer-sale\tall\n" {
				t.Errorf("after the updates: %q", row.Stdout)
			}

			// Delete with --yes: nothing asked, nothing on stdout.
			del := h.Run("redirects", "delete", id, "--yes").Want(t, 0, "err:Deleted redirect "+id+".")
			if del.Stdout != "" {
				t.Errorf("delete printed %q on stdout", del.Stdout)
			}
			if got := h.Run("redirects", "list", "--search", "old-offer"); got.Stdout != "" {
				t.Errorf("the deleted redirect is still listed: %q", got.Stdout)
			}
			h.Run("redirects", "delete", id, "--yes").Want(t, 1, "err:funnels redirects delete: 404 Redirect not found")
			h.Run("redirects", "update", "AAAAAAAAAAAAAAAAAAAA", "--action", "all").
				Want(t, 1, `err:no redirect with id "AAAAAAAAAAAAAAAAAAAA" in location LakesideFit2026Loc01`)
		})
	}
}

func TestRedirectsJSON(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	var whole struct {
		Redirects []struct {
			ID, Domain, Path, Target, Action, OldURL string
		}
	}
	h.Run("redirects", "list", "--json").Decode(t, &whole)
	if len(whole.Redirects) != clitest.SeedRedirects || whole.Redirects[0].OldURL != "https://"+whole.Redirects[0].Domain+whole.Redirects[0].Path {
		t.Errorf("--json: %+v", whole)
	}
	var picked []map[string]any
	h.Run("redirects", "list", "--search", "instagram", "--json", "oldUrl,action").Decode(t, &picked)
	if len(picked) != 1 || len(picked[0]) != 2 || picked[0]["oldUrl"] != "https://www.lakesidefit.com/instagram" || picked[0]["action"] != "url" {
		t.Errorf("--json oldUrl,action: %v", picked)
	}
	h.Run("redirects", "list", "--jq", `.redirects[] | select(.action == "all") | .domain`).Want(t, 0, "promo.lakesidefit.com\n")

	var made struct{ ID, Domain, Path, Target, Action, OldURL string }
	h.Run("redirects", "create", "--domain", clitest.SeedUnusedDomain, "--path", "/", "--target", "https://www.lakesidefit.com/kids", "--action", "all", "--json").Decode(t, &made)
	if made.ID == "" || made.OldURL != "https://kids.lakesidefit.com/" || made.Action != "all" {
		t.Errorf("create --json: %+v", made)
	}
	var del struct {
		ID      string
		Deleted bool
	}
	h.Run("redirects", "delete", made.ID, "--yes", "--json").Decode(t, &del)
	if del.ID != made.ID || !del.Deleted {
		t.Errorf("delete --json: %+v", del)
	}
}

// TestRedirectsDeleteAsksFirst: on a terminal the redirect is shown and the answer
// is no unless y is typed; off a terminal, without --yes, nothing is sent.
func TestRedirectsDeleteAsksFirst(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	id := strings.TrimSpace(h.Run("redirects", "create", "--domain", clitest.SeedOffersDomain, "--path", "/ask-me",
		"--target", "https://example.com/x", "--action", "url").Want(t, 0).Stdout)

	for _, typed := range []string{"\n", "n\n", "nope\n", ""} {
		kept := h.Asked(typed, "redirects", "delete", id)
		kept.Want(t, 2, "err:Delete the redirect https://offers.lakesidefit.com/ask-me → https://example.com/x (id "+id+")? [y/N] (enter: no)",
			"err:Kept the redirect: nothing was deleted.")
		if strings.Contains(kept.Stderr, "ERROR") || strings.Contains(kept.Stderr, "cancelled") {
			t.Errorf("a no is not an error to report:\n%s", kept.Stderr)
		}
	}
	if got := h.Run("redirects", "list", "--search", "ask-me").Lines(); len(got) != 1 || !strings.HasPrefix(got[0], id) {
		t.Fatalf("a no deleted the redirect: %q", got)
	}

	h.SB.Server.ResetLog()
	h.Run("redirects", "delete", id).Want(t, 2, "err:not deleted: there is no terminal to ask on; add --yes")
	if reqs := h.SB.Server.Requests(); len(reqs) != 0 {
		t.Errorf("off a terminal without --yes, %d request(s) went out", len(reqs))
	}

	h.Asked("Y\n", "redirects", "delete", id).Want(t, 0, "Deleted the redirect https://offers.lakesidefit.com/ask-me → https://example.com/x (id "+id+").")
	if got := h.Run("redirects", "list", "--search", "ask-me"); got.Stdout != "" {
		t.Errorf("y did not delete: %q", got.Stdout)
	}
	h.Asked("y\n", "redirects", "delete", id).Want(t, 1, `err:no redirect with id "`+id+`"`)
}

// TestRedirectsBadInputNamesTheFlag: a value the shared checks refuse exits 2 naming
// its flag, before anything is sent; what only the service can tell (a domain not
// attached, a path that already redirects) is its 422, named by the flag too.
func TestRedirectsBadInputNamesTheFlag(t *testing.T) {
	for name, opts := range clitest.BothSurfaces() {
		t.Run(name, func(t *testing.T) {
			h := clitest.SignedIn(t, opts)
			h.SB.Server.ResetLog()
			for _, c := range []struct {
				args []string
				want string
			}{
				{[]string{"create", "--path", "/a", "--target", "https://x.example/", "--action", "url"}, "--domain is required"},
				{[]string{"create", "--domain", "not a host", "--path", "/a", "--target", "https://x.example/", "--action", "url"}, "--domain must not contain spaces"},
				{[]string{"create", "--domain", clitest.SeedOffersDomain, "--path", "/a b", "--target", "https://x.example/", "--action", "url"}, "--path must not contain spaces"},
				{[]string{"create", "--domain", clitest.SeedOffersDomain, "--path", "/a?b=1", "--target", "https://x.example/", "--action", "url"}, "--path must be a path without a ?query"},
				{[]string{"create", "--domain", clitest.SeedOffersDomain, "--path", "https://offers.example/a", "--target", "https://x.example/", "--action", "url"}, "--path must be a path such as /old-offer, not an address: try /a"},
				{[]string{"create", "--domain", clitest.SeedOffersDomain, "--path", "/a", "--target", "x.example/page", "--action", "url"}, "--target must be"},
				{[]string{"create", "--domain", clitest.SeedOffersDomain, "--path", "/a", "--target", "https://x.example/", "--action", "redirect"}, "--action must be funnel, website, url or all"},
				{[]string{"create", "--domain", clitest.SeedOffersDomain, "--path", "/a", "--target", "https://x.example/"}, "--action is required"},
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
				h.Run(append([]string{"redirects"}, c.args...)...).Want(t, 2, "err:funnels redirects "+c.args[0]+": "+c.want)
			}
			if reqs := h.SB.Server.Requests(); len(reqs) != 0 {
				t.Errorf("bad input sent %d request(s): %+v", len(reqs), reqs)
			}

			// The service's own 422s, one per field it can refuse.
			r := h.Run("redirects", "create", "--domain", clitest.SeedUnknownDomain, "--path", "/a", "--target", "https://x.example/", "--action", "url")
			r.Want(t, 1, "err:funnels redirects create: 422 --domain "+clitest.SeedUnknownDomain+" is not attached to this location")
			clitest.OneLine(t, "domain not attached", r.Stderr)
			r = h.Run("redirects", "create", "--domain", clitest.SeedOffersDomain, "--path", "/BOOTCAMP", "--target", "https://x.example/", "--action", "url")
			r.Want(t, 1, "err:funnels redirects create: 422 --path /BOOTCAMP already redirects on "+clitest.SeedOffersDomain)
			clitest.OneLine(t, "path taken", r.Stderr)
			if r.Stdout != "" {
				t.Errorf("a refused create printed %q", r.Stdout)
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
			h := clitest.SignedIn(t, c.opts)
			id := strings.Split(h.Run("redirects", "list").Lines()[0], "\t")[0]
			h.Vars["FUNNELS_TOKEN"] = h.SB.Server.ReadOnlyToken()
			if got := h.Run("redirects", "list").Want(t, 0).Lines(); len(got) != clitest.SeedRedirects {
				t.Errorf("the read-only token lists %d redirects", len(got))
			}
			want := "redirect writes refused to this sign-in (" + c.status + " The token is not authorized for this scope.): it needs scope funnels/redirect.write"
			for _, args := range [][]string{
				{"create", "--domain", clitest.SeedOffersDomain, "--path", "/ro", "--target", "https://x.example/", "--action", "url"},
				{"update", id, "--target", "https://x.example/", "--action", "url"},
				{"delete", id, "--yes"},
			} {
				for _, tty := range []bool{false, true} {
					r := h.RunWith(tty, "", append([]string{"redirects"}, args...)...)
					r.Want(t, 1, "err:funnels redirects "+args[0]+": "+want,
						"err:funnels redirects "+args[0]+": to grant it to a private integration token: Settings → Private Integrations",
						"err:funnels redirects "+args[0]+": to an OAuth app: add funnels/redirect.write to the app's scopes")
					if n := strings.Count(r.Stderr, "\n"); n != 3 {
						t.Errorf("%s: want the refusal and two lines of guidance, got %d lines:\n%s", args[0], n, r.Stderr)
					}
					if r.Stdout != "" || strings.Contains(r.Stderr, "login") {
						t.Errorf("%s: stdout %q; stderr %q", args[0], r.Stdout, r.Stderr)
					}
				}
			}
			h.Vars["FUNNELS_TOKEN"] = h.SB.Server.DemoToken()
			if got := h.Run("redirects", "list").Lines(); len(got) != clitest.SeedRedirects {
				t.Errorf("a refused write changed the list: %d redirects", len(got))
			}
		})
	}
}

// TestCompletionOfRedirects: the flags with a few values, the domains of the
// location, and redirect ids from the API described by where they go.
func TestCompletionOfRedirects(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	for line, want := range map[string][]string{
		"redirects ":                        {"create", "delete", "export", "import", "list", "restore", "update", "versions"},
		"redirects create --action ":        {"all", "funnel", "url", "website"},
		"redirects update x --action w":     {"website"},
		"redirects create --domain offers.": {"offers.lakesidefit.com"},
		"redirects delete x --y":            {"--yes"},
	} {
		got := clitest.Values(h.Complete(t, strings.Split(line, " ")...))
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%q completes to %q, want %q", line, got, want)
		}
	}
	domains := clitest.Values(h.Complete(t, "redirects", "create", "--domain", ""))
	for _, d := range []string{"join.lakesidefit.com", "offers.lakesidefit.com", "promo.lakesidefit.com", "webinars.lakesidefit.com", "www.lakesidefit.com"} {
		if !slices.Contains(domains, d) {
			t.Errorf("--domain does not offer %s: %q", d, domains)
		}
	}
	for _, verb := range []string{"update", "delete"} {
		ids := h.Complete(t, "redirects", verb, "")
		if len(ids) != clitest.SeedRedirects || !slices.ContainsFunc(ids, func(o string) bool {
			return strings.HasSuffix(o, "\twww.lakesidefit.com /instagram → https://www.instagram.com/lakesidefit")
		}) {
			t.Errorf("redirects %s ID: %q", verb, ids)
		}
		if got := h.Complete(t, "redirects", verb, "x", ""); len(got) != 0 {
			t.Errorf("redirects %s: a second ID is offered: %q", verb, got)
		}
	}
}
