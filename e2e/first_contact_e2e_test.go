package e2e

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// webAppReads are the read routes outside HighLevel's documented seven that doctor
// asks: on a server with only the documented routes, each is not on this server.
var webAppReads = []string{
	"GET /funnels/funnel/folder/entities", "GET /funnels/page/{id}", "GET /funnels/funnel/funnel-step-page-url",
	"GET /funnels/lookup/funnel-with-domain", "GET /funnels/lookup/redirect/regex",
	"GET /funnels/order-form/public/product", "GET /funnels/funnel/geo-location",
}

// TestCommandsWhereOnlyTheDocumentedRoutesAnswer runs the built binary against
// `funnels sandbox --surface documented` with each wording of a route's 404 (--not-found):
// Express's "Cannot GET", a problem+json document, a load balancer's HTML page, an
// empty body and the v3 envelope. In every one doctor calls each web-app read route
// "not on this server" (none "open"), and folders, steps, pages, page get, find, index
// and export work on the documented routes, exit 0, and say once which route is not
// there. The profile remembers what was learned: the next run asks neither missing
// route again.
func TestCommandsWhereOnlyTheDocumentedRoutesAnswer(t *testing.T) {
	for _, wording := range []string{"express", "problem", "html", "empty", "v3"} {
		t.Run(wording, func(t *testing.T) {
			sb := startSandboxBinary(t, "--surface", "documented", "--not-found", wording)
			base, token, loc := sb.values["base_url"], sb.values["token"], sb.values["location_id"]
			c := &binCLI{t: t, env: testEnv(t)}
			t.Cleanup(func() {
				for _, out := range c.seen {
					if strings.Contains(out, token) {
						t.Errorf("the token was printed:\n%s", out)
					}
				}
			})
			// A profile of its own, so the access record is kept between runs.
			with := func(args ...string) []string {
				return append(args, "--profile", "docs", "--base-url", base, "--token", token, "--location", loc)
			}
			clean := func(what string, r cliResult) {
				t.Helper()
				for _, bad := range []string{"Cannot GET", "404 Not Found", "NO_PATH_MATCHED", "<html>", "RESOURCE_NOT_FOUND", "Resource not found"} {
					if strings.Contains(r.stdout+r.stderr, bad) {
						t.Errorf("%s shows the 404 of a missing route (%q):\n%s%s", what, bad, r.stdout, r.stderr)
					}
				}
			}

			var doctor struct {
				Asked, Open, Refused, Missing int
				Routes                        []struct {
					Route, Answer, Result string
					Status                int
				}
			}
			c.run("", with("doctor", "--json")...).decode(t, &doctor)
			if doctor.Asked != 11 || doctor.Open != 4 || doctor.Missing != 7 || doctor.Refused != 7 {
				t.Errorf("doctor: asked %d, open %d, refused %d, missing %d; want 11, 4, 7, 7", doctor.Asked, doctor.Open, doctor.Refused, doctor.Missing)
			}
			var missing []string
			for _, r := range doctor.Routes {
				if r.Status == 404 && r.Answer == "open" {
					t.Errorf("doctor called a 404 open: %+v", r)
				}
				if r.Answer == "not on this server" && r.Result == "404 not on this server" {
					missing = append(missing, r.Route)
				}
			}
			if !slices.Equal(missing, webAppReads) {
				t.Errorf("not on this server: %q, want %q", missing, webAppReads)
			}
			table := c.run("", with("doctor")...)
			table.want(t, 0, "GET /funnels/page/{id}\t404 not on this server", "err:4 of 11 read routes asked answered; 7 not on this server")
			clean("doctor", table)

			folders := c.run("", with("folders")...)
			folders.want(t, 0, seedTrialFunnel+"\tFree 7-Day Trial\t4\tjoin.lakesidefit.com\t/free-trial",
				"err:Note: folders shown by id: folder entities are not on this server (404)")
			if n := strings.Count(folders.stderr, "not on this server"); n != 1 {
				t.Errorf("folders says %d times that a route is not on this server, want once:\n%s", n, folders.stderr)
			}
			clean("folders", folders)

			steps := c.run("", with("steps", seedTrialFunnel)...)
			steps.want(t, 0, "1\t"+seedTrialLanding+"\t", "2\t"+seedTrialSignUp+"\t")
			clean("steps", steps)

			pages := c.run("", with("pages", seedTrialFunnel)...)
			pages.want(t, 0, seedLandingPage+"\t")
			clean("pages", pages)

			page := c.run("", with("page", "get", seedLandingPage)...)
			page.want(t, 0, "_id\t"+seedLandingPage, "err:Note: the page's own route is not on this server (404)")
			clean("page get", page)

			find := c.run("", with("find", "trial")...)
			find.want(t, 0, "Free 7-Day Trial", seedTrialFunnel)
			clean("find", find)

			index := c.run("", with("index")...)
			index.want(t, 0, "err:Indexed 0 folders, 25 funnels, 120 pages and 8 redirects", "err:folders by id: folder entities are not available (404 not on this server")
			clean("index", index)

			dir := filepath.Join(t.TempDir(), "export")
			export := c.run("", with("export", "-o", dir, "--fresh")...)
			export.want(t, 0, "err:Exported 25 funnels, 111 steps, 120 pages, 8 redirects")
			clean("export", export)

			// What was learned is kept: the missing routes are not asked again.
			start := len(sandboxLog(t, base))
			c.run("", with("folders")...).want(t, 0, "err:folder entities are not on this server (404)")
			c.run("", with("page", "get", seedLandingPage)...).want(t, 0, "_id\t"+seedLandingPage)
			for _, r := range sandboxLog(t, base)[start:] {
				if r.Path == "/funnels/funnel/folder/entities" || r.Path == "/funnels/page/"+seedLandingPage {
					t.Errorf("%s %s asked again after the profile learned it is not on this server", r.Method, r.Path)
				}
			}
		})
	}
}
