package cli

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// everySurface is the sandbox as the spec has it, as the real service meets a private
// integration token, as a server with only the documented routes, and with folder
// listings that leave the steps out.
func everySurface() map[string]sandbox.Options {
	return map[string]sandbox.Options{
		"seed":       {},
		"public":     {Surface: sandbox.SurfacePublic},
		"documented": {Surface: sandbox.SurfaceDocumented},
		"summaries":  {Dialect: sandbox.Dialect{Summaries: true}},
	}
}

// notes are the lines of stderr.
func notes(r result) []string {
	if r.stderr == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
}

// TestFoldersOnEverySurface: the top level and a folder, piped and on a terminal.
// Where folder entities are refused or not on this server the funnels come from the
// funnel list, folders named by id, exit 0 and one note saying which; where a listing leaves steps out they are counted
// from the funnel list, never shown as 0.
func TestFoldersOnEverySurface(t *testing.T) {
	for name, opts := range everySurface() {
		t.Run(name, func(t *testing.T) {
			h := signedIn(t, opts)
			why := map[string]string{"public": "folder entities answered 403 (IAM refusal)", "documented": "folder entities are not on this server (404)"}[name]
			for _, tty := range []bool{false, true} {
				r := h.runWith(tty, "", "folders").want(t, 0, seedArchive, seedTrialFunnel, "Free 7-Day Trial", "join.lakesidefit.com")
				if why != "" {
					if n := notes(r); len(n) != 1 || !strings.Contains(n[0], "folders shown by id: "+why) {
						t.Errorf("tty %v: want one note, got %q", tty, n)
					}
					if strings.Contains(r.stdout, "Archive") {
						t.Errorf("tty %v: folder names cannot be had here:\n%s", tty, r.stdout)
					}
				} else {
					if r.stderr != "" {
						t.Errorf("tty %v: nothing to note, got %q", tty, r.stderr)
					}
					if !strings.Contains(r.stdout, "Archive") {
						t.Errorf("tty %v: folder names are missing:\n%s", tty, r.stdout)
					}
				}
				trial := ""
				for _, l := range strings.Split(r.stdout, "\n") {
					if strings.Contains(l, seedTrialFunnel) {
						trial = l
					}
				}
				if sep := map[bool]string{false: "\t", true: "  "}[tty]; !strings.Contains(trial, sep+"4"+sep) {
					t.Errorf("tty %v: Free 7-Day Trial has 4 steps: %q", tty, trial)
				}
			}
			h.run("folders", "--parent", seedArchive).want(t, 0, "Old Homepage Funnel")

			var out struct {
				Via     string
				ByID    bool
				Funnels []struct {
					ID    string
					Steps []struct{ ID string }
				}
			}
			h.run("folders", "--json").decode(t, &out)
			if out.Via != map[bool]string{true: "funnel list", false: "folder entities"}[why != ""] || out.ByID != (why != "") {
				t.Errorf("--json: via %q, byId %v", out.Via, out.ByID)
			}
			for _, fu := range out.Funnels {
				if fu.ID == seedTrialFunnel && len(fu.Steps) != 4 {
					t.Errorf("--json: the trial funnel has %d steps", len(fu.Steps))
				}
			}
		})
	}
}

// TestStepsOnEverySurface: the documented funnel list carries the steps on every
// surface, so steps reads the same everywhere and notes nothing.
func TestStepsOnEverySurface(t *testing.T) {
	for name, opts := range everySurface() {
		t.Run(name, func(t *testing.T) {
			h := signedIn(t, opts)
			piped := h.run("steps", seedTrialFunnel).want(t, 0, seedTrialLanding+"\tLanding Page\t/free-trial-landing", seedTrialSignUp+"\tSign Up\t/free-trial-sign-up\toptin_funnel_page\t2\n")
			if n := notes(piped); len(piped.lines()) != 4 || len(n) != 1 || !strings.HasPrefix(n[0], `funnel "Free 7-Day Trial"`) {
				t.Errorf("piped: 4 rows, and on stderr only the funnel's line:\n%s\nstderr: %s", piped.stdout, piped.stderr)
			}
			term := h.tty("steps", seedTrialFunnel).want(t, 0, `funnel "Free 7-Day Trial" (`+seedTrialFunnel+`), 4 steps, join.lakesidefit.com/free-trial`, "SEQ", "Welcome")
			if term.stderr != "" {
				t.Errorf("on a terminal: nothing to note, got %q", term.stderr)
			}
		})
	}
}

// TestPagesOnEverySurface: the page list is documented; where it sends no paths (the
// public surface) PATH is each page's step's path, read from the funnel list, with one
// note; --step narrows even where the service ignores it.
func TestPagesOnEverySurface(t *testing.T) {
	for name, opts := range everySurface() {
		t.Run(name, func(t *testing.T) {
			h := signedIn(t, opts)
			for _, tty := range []bool{false, true} {
				r := h.runWith(tty, "", "pages", seedTrialFunnel).want(t, 0, seedLandingPage, "Sign Up (Variation B)", "/free-trial-landing", "/free-trial-sign-up", "live")
				n := notes(r)
				documentedList := name == "public" || name == "documented"
				switch {
				case documentedList && (len(n) != 1 || n[0] != "Note: the page list sent no paths; PATH is each page's step's path, from the funnel list."):
					t.Errorf("tty %v: want one note, got %q", tty, n)
				case !documentedList && len(n) != 0:
					t.Errorf("tty %v: nothing to note, got %q", tty, n)
				}
			}
			step := h.run("pages", seedTrialFunnel, "--step", seedTrialSignUp).want(t, 0, "Sign Up (Variation B)")
			if len(step.lines()) != 2 || strings.Contains(step.stdout, "Landing Page") {
				t.Errorf("--step kept other steps' pages:\n%s", step.stdout)
			}
			var out struct{ Pages []struct{ ID, StepID string } }
			r := h.run("pages", seedTrialFunnel, "--json")
			r.decode(t, &out)
			if len(out.Pages) != 5 || r.stderr != "" {
				t.Errorf("--json: %d pages, stderr %q (the records are the service's: nothing is filled in, nothing noted)", len(out.Pages), r.stderr)
			}
		})
	}
}

// TestPageGetOnEverySurface: where the page's own route is refused (401 on the
// public surface) or not on this server (404 on the documented one) the page list's
// fields stand in, exit 0, one note naming the refusal and the access it needs, or
// that the server does not have the route; --json says partial.
func TestPageGetOnEverySurface(t *testing.T) {
	for name, opts := range everySurface() {
		t.Run(name, func(t *testing.T) {
			h := signedIn(t, opts)
			for _, tty := range []bool{false, true} {
				r := h.runWith(tty, "", "page", "get", seedLandingPage).want(t, 0, seedLandingPage, "Landing Page", seedTrialFunnel)
				n := notes(r)
				switch name {
				case "documented":
					if len(n) != 1 || n[0] != "Note: the page's own route is not on this server (404); these are the fields the page list has." {
						t.Errorf("tty %v: want one note, got %q", tty, n)
					}
					if strings.Contains(r.stdout, "pageVersion") {
						t.Errorf("tty %v: fields the page list does not have:\n%s", tty, r.stdout)
					}
				case "public":
					if len(n) != 1 || !strings.Contains(n[0], "the page's own route answered 401 This route is not yet supported by the IAM Service") ||
						!strings.Contains(n[0], "it needs web-app access (no published scope); these are the fields the page list has") {
						t.Errorf("tty %v: want one note, got %q", tty, n)
					}
					if strings.Contains(r.stdout, "pageVersion") {
						t.Errorf("tty %v: fields the page list does not have:\n%s", tty, r.stdout)
					}
				default:
					if len(n) != 0 || !strings.Contains(r.stdout, "pageVersion") {
						t.Errorf("tty %v: the whole page and no note: %q\n%s", tty, n, r.stdout)
					}
				}
			}
			var out struct {
				ID      string
				Partial bool
				Raw     map[string]any
			}
			h.run("page", "get", seedLandingPage, "--json").decode(t, &out)
			if out.ID != seedLandingPage || out.Partial != (name == "public" || name == "documented") || out.Raw["name"] != "Landing Page" {
				t.Errorf("--json: %+v", out)
			}
			h.run("page", "get", seedLandingPage, "--funnel", seedTrialFunnel).want(t, 0, "Landing Page")
			h.run("page", "get", seedLandingPage, "--funnel", "a b").want(t, 2, "err:--funnel must be an id")
		})
	}
}

// TestPageGetOfAPageNobodyHas: with the page's own route refused, a page no funnel's
// steps hold is an error that says both what was refused and where it was looked for.
func TestPageGetOfAPageNobodyHas(t *testing.T) {
	h := signedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	r := h.run("page", "get", "AAAAAAAAAAAAAAAAAAAA").want(t, 1, "err:the page's own route answered 401", `err:no funnel's steps hold page "AAAAAAAAAAAAAAAAAAAA"; an archived page is found with --funnel FUNNEL_ID`)
	oneLine(t, "no such page", r.stderr)
	h.run("page", "get", "AAAAAAAAAAAAAAAAAAAA", "--funnel", seedTrialFunnel).
		want(t, 1, "err:and the page list of funnel "+seedTrialFunnel+` does not have page "AAAAAAAAAAAAAAAAAAAA"`)
	signedIn(t, sandbox.Options{}).run("page", "get", "AAAAAAAAAAAAAAAAAAAA").want(t, 1, "err:funnels page get: 404 Page not found")

	// Without a location there is no page list to fall back on: say so.
	delete(h.vars, "FUNNELS_LOCATION_ID")
	r = h.run("page", "get", seedLandingPage).want(t, 1, "err:page by id refused to this sign-in (401 ", "err:with a location (--location ID) the page list's fields are shown instead")
	oneLine(t, "no location", r.stderr)
}

// TestRefusedWritesSayWhatAccessTheyNeed: a write the service refuses to this
// sign-in exits 1 with one line — what was refused, its status and message, and what
// to ask for — on a terminal and piped, and prints nothing on stdout.
func TestRefusedWritesSayWhatAccessTheyNeed(t *testing.T) {
	const iam = "This route is not yet supported by the IAM Service. Please update your IAM config."
	public := signedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	documented := signedIn(t, sandbox.Options{Surface: sandbox.SurfaceDocumented})
	readOnly := signedIn(t, sandbox.Options{})
	readOnly.vars["FUNNELS_TOKEN"] = readOnly.sb.Server.ReadOnlyToken()
	for _, c := range []struct {
		h    *home
		args []string
		want string
	}{
		{public, []string{"folder", "create", "--name", "Spring"}, "create folder refused to this sign-in (403 " + iam + "): it needs web-app access with write rights (no published scope)"},
		{public, []string{"step", "create", "--funnel", seedTrialFunnel, "--name", "Bonus", "--path", "/trial-bonus"}, "create step refused to this sign-in (403 " + iam + "): it needs web-app access with write rights (no published scope)"},
		{public, []string{"domain", "attach", "--domain", "shop.example.com"}, "attach domain refused to this sign-in (401 " + iam + "): it needs web-app access with write rights (no published scope)"},
		{documented, []string{"folder", "create", "--name", "Spring"}, "create folder is not on this server (404 Cannot POST /funnels/funnel/folder/create): the server does not have this route"},
		{readOnly, []string{"folder", "create", "--name", "Spring"}, "create folder refused to this sign-in (403 The token is not authorized for this scope.): it needs web-app access with write rights (no published scope)"},
		{readOnly, []string{"step", "create", "--funnel", seedTrialFunnel, "--name", "Bonus", "--path", "/trial-bonus"}, "create step refused to this sign-in (403 The token is not authorized for this scope.)"},
	} {
		for _, tty := range []bool{false, true} {
			r := c.h.runWith(tty, "", c.args...)
			r.want(t, 1, "err:funnels "+strings.Join(c.args[:2], " ")+": "+c.want)
			oneLine(t, strings.Join(c.args, " "), r.stderr)
			if r.stdout != "" {
				t.Errorf("%v: stdout %q", c.args, r.stdout)
			}
		}
	}
}
