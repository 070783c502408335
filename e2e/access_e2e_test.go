package e2e

import (
	"strings"
	"testing"
)

// TestDoctorAndFallbacksOnThePublicSurface runs the built binary against `funnels
// sandbox --surface public`, the real service as a private integration token meets
// it: doctor tells what is refused and what to ask for, folders and page get fall
// back (exit 0, one note), a refused write is one line and exit 1, and the read-only
// token's redirect write names its scope.
func TestDoctorAndFallbacksOnThePublicSurface(t *testing.T) {
	sb := startSandboxBinary(t, "--surface", "public")
	base, token, readOnly, loc := sb.values["base_url"], sb.values["token"], sb.values["readonly_token"], sb.values["location_id"]
	env := testEnv(t)
	c := &binCLI{t: t, env: env}
	t.Cleanup(func() {
		for _, out := range c.seen {
			if strings.Contains(out, token) || strings.Contains(out, readOnly) {
				t.Errorf("a token was printed:\n%s", out)
			}
		}
	})
	with := func(tok string, args ...string) []string {
		return append(args, "--base-url", base, "--token", tok, "--location", loc)
	}
	oneLine := func(what string, r cliResult) {
		t.Helper()
		if strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s: want one line on stderr, got:\n%s", what, r.stderr)
		}
	}

	c.env = append(env, "FUNNELS_FORCE_TTY=200") // wide enough for every column whole
	c.run("", with(token, "doctor")...).want(t, 0, "What this sign-in can do", "ROUTE", "ASK FOR",
		"GET /funnels/funnel/folder/entities", "403 IAM refusal", "GET /funnels/page/{id}", "401 IAM refusal",
		"web-app access (no published scope)", "4 of 11 read routes asked answered; 7 refused to this sign-in")
	c.env = env

	var out struct {
		Asked, Open, Refused int
		Routes               []struct{ Route, Answer, AskFor string }
	}
	c.run("", with(token, "doctor", "--json")...).decode(t, &out)
	if out.Asked != 11 || out.Open != 4 || out.Refused != 7 {
		t.Errorf("doctor --json: %+v", out)
	}

	folders := c.run("", with(token, "folders")...)
	folders.want(t, 0, seedTrialFunnel+"\tFree 7-Day Trial\t4\tjoin.lakesidefit.com\t/free-trial",
		"err:Note: folders shown by id: folder entities answered 403 (IAM refusal)")
	oneLine("folders", folders)

	page := c.run("", with(token, "page", "get", seedLandingPage)...)
	page.want(t, 0, "_id\t"+seedLandingPage, "name\tLanding Page", "err:Note: the page's own route answered 401")
	oneLine("page get", page)

	refused := c.run("", with(token, "folder", "create", "--name", "Spring")...)
	refused.want(t, 1, "err:funnels folder create: create folder refused to this sign-in (403 This route is not yet supported by the IAM Service. Please update your IAM config.): it needs web-app access with write rights (no published scope)")
	oneLine("folder create", refused)

	scope := c.run("", with(readOnly, "redirects", "create", "--domain", "offers.lakesidefit.com", "--path", "/ro",
		"--target", "https://offers.lakesidefit.com/spring-sale-opt-in", "--action", "url")...)
	// The refusal, then where the scope is granted (the token came by flag: either kind).
	scope.want(t, 1, "err:funnels redirects create: redirect writes refused to this sign-in (401 The token is not authorized for this scope.): it needs scope funnels/redirect.write\n",
		"err:funnels redirects create: to grant it to a private integration token: Settings → Private Integrations → edit the integration → tick funnels/redirect.write (a new token may be needed)\n",
		"err:funnels redirects create: to an OAuth app: add funnels/redirect.write to the app's scopes and sign in again\n")
	if n := strings.Count(scope.stderr, "\n"); n != 3 {
		t.Errorf("redirects create, read-only: want the refusal and two lines of guidance, got:\n%s", scope.stderr)
	}
	if scope.stdout != "" || refused.stdout != "" {
		t.Errorf("a refused write printed on stdout: %q %q", scope.stdout, refused.stdout)
	}

	made := c.run("", with(token, "redirects", "create", "--domain", "offers.lakesidefit.com", "--path", "/e2e",
		"--target", "https://offers.lakesidefit.com/spring-sale-opt-in", "--action", "url")...)
	made.want(t, 0, "err:Created redirect https://offers.lakesidefit.com/e2e")
	id := strings.TrimSpace(made.stdout)
	c.run("", with(token, "redirects", "list", "--search", "/e2e")...).want(t, 0, id+"\toffers.lakesidefit.com\t/e2e\t")
	c.run("", with(token, "redirects", "delete", id)...).want(t, 2, "err:add --yes")
	c.run("", with(token, "redirects", "delete", id, "--yes")...).want(t, 0, "err:Deleted redirect "+id)
}
