package cmdutil_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFoldersOnEverySurface: the top level and a folder, piped and on a terminal.
// Where folder entities are refused or not on this server the funnels come from the
// funnel list, folders named by id, exit 0 and one note saying which; where a listing leaves steps out they are counted
// from the funnel list, never shown as 0.
func TestFoldersOnEverySurface(t *testing.T) {
	for name, opts := range clitest.EverySurface() {
		t.Run(name, func(t *testing.T) {
			h := clitest.SignedIn(t, opts)
			why := map[string]string{"public": "folder entities answered 403 (IAM refusal)", "documented": "folder entities are not on this server (404)"}[name]
			for _, tty := range []bool{false, true} {
				r := h.RunWith(tty, "", "folders").Want(t, 0, clitest.SeedArchive, clitest.SeedTrialFunnel, "Free 7-Day Trial", "join.lakesidefit.com")
				if why != "" {
					if n := clitest.Notes(r); len(n) != 1 || !strings.Contains(n[0], "folders shown by id: "+why) {
						t.Errorf("tty %v: want one note, got %q", tty, n)
					}
					if strings.Contains(r.Stdout, "Archive") {
						t.Errorf("tty %v: folder names cannot be had here:\n%s", tty, r.Stdout)
					}
				} else {
					if r.Stderr != "" {
						t.Errorf("tty %v: nothing to note, got %q", tty, r.Stderr)
					}
					if !strings.Contains(r.Stdout, "Archive") {
						t.Errorf("tty %v: folder names are missing:\n%s", tty, r.Stdout)
					}
				}
				trial := ""
				for _, l := range strings.Split(r.Stdout, "\n") {
					if strings.Contains(l, clitest.SeedTrialFunnel) {
						trial = l
					}
				}
				if sep := map[bool]string{false: "\t", true: "  "}[tty]; !strings.Contains(trial, sep+"4"+sep) {
					t.Errorf("tty %v: Free 7-Day Trial has 4 steps: %q", tty, trial)
				}
			}
			h.Run("folders", "--parent", clitest.SeedArchive).Want(t, 0, "Old Homepage Funnel")

			var out struct {
				Via     string
				ByID    bool
				Funnels []struct {
					ID    string
					Steps []struct{ ID string }
				}
			}
			h.Run("folders", "--json").Decode(t, &out)
			if out.Via != map[bool]string{true: "funnel list", false: "folder entities"}[why != ""] || out.ByID != (why != "") {
				t.Errorf("--json: via %q, byId %v", out.Via, out.ByID)
			}
			for _, fu := range out.Funnels {
				if fu.ID == clitest.SeedTrialFunnel && len(fu.Steps) != 4 {
					t.Errorf("--json: the trial funnel has %d steps", len(fu.Steps))
				}
			}
		})
	}
}

// TestStepsOnEverySurface: the documented funnel list carries the steps on every
// surface, so steps reads the same everywhere and notes nothing.
func TestStepsOnEverySurface(t *testing.T) {
	for name, opts := range clitest.EverySurface() {
		t.Run(name, func(t *testing.T) {
			h := clitest.SignedIn(t, opts)
			piped := h.Run("steps", clitest.SeedTrialFunnel).Want(t, 0, clitest.SeedTrialLanding+"\tLanding Page\t/free-trial-landing", clitest.SeedTrialSignUp+"\tSign Up\t/free-trial-sign-up\toptin_funnel_page\t2\n")
			if n := clitest.Notes(piped); len(piped.Lines()) != 4 || len(n) != 1 || !strings.HasPrefix(n[0], `funnel "Free 7-Day Trial"`) {
				t.Errorf("piped: 4 rows, and on stderr only the funnel's line:\n%s\nstderr: %s", piped.Stdout, piped.Stderr)
			}
			term := h.TTY("steps", clitest.SeedTrialFunnel).Want(t, 0, `funnel "Free 7-Day Trial" (`+clitest.SeedTrialFunnel+`), 4 steps, join.lakesidefit.com/free-trial`, "SEQ", "Welcome")
			if term.Stderr != "" {
				t.Errorf("on a terminal: nothing to note, got %q", term.Stderr)
			}
		})
	}
}

// TestPagesOnEverySurface: the page list is documented; where it sends no paths (the
// public surface) PATH is each page's step's path, read from the funnel list, with one
// note; --step narrows even where the service ignores it.
func TestPagesOnEverySurface(t *testing.T) {
	for name, opts := range clitest.EverySurface() {
		t.Run(name, func(t *testing.T) {
			h := clitest.SignedIn(t, opts)
			for _, tty := range []bool{false, true} {
				r := h.RunWith(tty, "", "pages", clitest.SeedTrialFunnel).Want(t, 0, clitest.SeedLandingPage, "Sign Up (Variation B)", "/free-trial-landing", "/free-trial-sign-up", "live")
				n := clitest.Notes(r)
				documentedList := name == "public" || name == "documented"
				switch {
				case documentedList && (len(n) != 1 || n[0] != "Note: the page list sent no paths; PATH is each page's step's path, from the funnel list."):
					t.Errorf("tty %v: want one note, got %q", tty, n)
				case !documentedList && len(n) != 0:
					t.Errorf("tty %v: nothing to note, got %q", tty, n)
				}
			}
			step := h.Run("pages", clitest.SeedTrialFunnel, "--step", clitest.SeedTrialSignUp).Want(t, 0, "Sign Up (Variation B)")
			if len(step.Lines()) != 2 || strings.Contains(step.Stdout, "Landing Page") {
				t.Errorf("--step kept other steps' pages:\n%s", step.Stdout)
			}
			var out struct{ Pages []struct{ ID, StepID string } }
			r := h.Run("pages", clitest.SeedTrialFunnel, "--json")
			r.Decode(t, &out)
			if len(out.Pages) != 5 || r.Stderr != "" {
				t.Errorf("--json: %d pages, stderr %q (the records are the service's: nothing is filled in, nothing noted)", len(out.Pages), r.Stderr)
			}
		})
	}
}

// TestPageGetOnEverySurface: where the page's own route is refused (401 on the
// public surface) or not on this server (404 on the documented one) the page list's
// fields stand in, exit 0, one note naming the refusal and the access it needs, or
// that the server does not have the route; --json says partial.
func TestPageGetOnEverySurface(t *testing.T) {
	for name, opts := range clitest.EverySurface() {
		t.Run(name, func(t *testing.T) {
			h := clitest.SignedIn(t, opts)
			for _, tty := range []bool{false, true} {
				r := h.RunWith(tty, "", "page", "get", clitest.SeedLandingPage).Want(t, 0, clitest.SeedLandingPage, "Landing Page", clitest.SeedTrialFunnel)
				n := clitest.Notes(r)
				switch name {
				case "documented":
					if len(n) != 1 || n[0] != "Note: the page's own route is not on this server (404); these are the fields the page list has." {
						t.Errorf("tty %v: want one note, got %q", tty, n)
					}
					if strings.Contains(r.Stdout, "pageVersion") {
						t.Errorf("tty %v: fields the page list does not have:\n%s", tty, r.Stdout)
					}
				case "public":
					if len(n) != 1 || !strings.Contains(n[0], "the page's own route answered 401 This route is not yet supported by the IAM Service") ||
						!strings.Contains(n[0], "it needs web-app access (no published scope); these are the fields the page list has") {
						t.Errorf("tty %v: want one note, got %q", tty, n)
					}
					if strings.Contains(r.Stdout, "pageVersion") {
						t.Errorf("tty %v: fields the page list does not have:\n%s", tty, r.Stdout)
					}
				default:
					if len(n) != 0 || !strings.Contains(r.Stdout, "pageVersion") {
						t.Errorf("tty %v: the whole page and no note: %q\n%s", tty, n, r.Stdout)
					}
				}
			}
			var out struct {
				ID      string
				Partial bool
				Raw     map[string]any
			}
			h.Run("page", "get", clitest.SeedLandingPage, "--json").Decode(t, &out)
			if out.ID != clitest.SeedLandingPage || out.Partial != (name == "public" || name == "documented") || out.Raw["name"] != "Landing Page" {
				t.Errorf("--json: %+v", out)
			}
			h.Run("page", "get", clitest.SeedLandingPage, "--funnel", clitest.SeedTrialFunnel).Want(t, 0, "Landing Page")
			h.Run("page", "get", clitest.SeedLandingPage, "--funnel", "a b").Want(t, 2, "err:--funnel must be an id")
		})
	}
}

// TestPageGetOfAPageNobodyHas: with the page's own route refused, a page no funnel's
// steps hold is an error that says both what was refused and where it was looked for.
func TestPageGetOfAPageNobodyHas(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	r := h.Run("page", "get", "AAAAAAAAAAAAAAAAAAAA").Want(t, 1, "err:the page's own route answered 401", `err:no funnel's steps hold page "AAAAAAAAAAAAAAAAAAAA"; an archived page is found with --funnel FUNNEL_ID`)
	clitest.OneLine(t, "no such page", r.Stderr)
	h.Run("page", "get", "AAAAAAAAAAAAAAAAAAAA", "--funnel", clitest.SeedTrialFunnel).
		Want(t, 1, "err:and the page list of funnel "+clitest.SeedTrialFunnel+` does not have page "AAAAAAAAAAAAAAAAAAAA"`)
	clitest.SignedIn(t, sandbox.Options{}).Run("page", "get", "AAAAAAAAAAAAAAAAAAAA").Want(t, 1, "err:funnels page get: 404 Page not found")

	// Without a location there is no page list to fall back on: say so.
	delete(h.Vars, "FUNNELS_LOCATION_ID")
	r = h.Run("page", "get", clitest.SeedLandingPage).Want(t, 1, "err:page by id refused to this sign-in (401 ", "err:with a location (--location ID) the page list's fields are shown instead")
	clitest.OneLine(t, "no location", r.Stderr)
}

// TestRefusedWritesSayWhatAccessTheyNeed: a write the service refuses to this
// sign-in exits 1 with one line — what was refused, its status and message, and what
// to ask for — on a terminal and piped, and prints nothing on stdout.
func TestRefusedWritesSayWhatAccessTheyNeed(t *testing.T) {
	const iam = "This route is not yet supported by the IAM Service. Please update your IAM config."
	public := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	documented := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfaceDocumented})
	// The refusal in words no refusal has: told by the funnel list answering the token.
	worded := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic, RefusalWords: "Route blocked for this app type."})
	readOnly := clitest.SignedIn(t, sandbox.Options{})
	readOnly.Vars["FUNNELS_TOKEN"] = readOnly.SB.Server.ReadOnlyToken()
	for _, c := range []struct {
		h    *clitest.Home
		args []string
		want string
	}{
		{public, []string{"folder", "create", "--name", "Spring"}, "create folder refused to this sign-in (403 " + iam + "): it needs web-app access with write rights (no published scope)"},
		{public, []string{"step", "create", "--funnel", clitest.SeedTrialFunnel, "--name", "Bonus", "--path", "/trial-bonus"}, "create step refused to this sign-in (403 " + iam + "): it needs web-app access with write rights (no published scope)"},
		{public, []string{"domain", "attach", "--domain", "shop.example.com"}, "attach domain refused to this sign-in (401 " + iam + "): it needs web-app access with write rights (no published scope)"},
		{worded, []string{"folder", "create", "--name", "Spring"}, "create folder refused to this sign-in (403 Route blocked for this app type.): it needs web-app access with write rights (no published scope)"},
		{worded, []string{"domain", "attach", "--domain", "shop.example.com"}, "attach domain refused to this sign-in (401 Route blocked for this app type.): it needs web-app access with write rights (no published scope)"},
		{documented, []string{"folder", "create", "--name", "Spring"}, "create folder is not on this server (404 Cannot POST /funnels/funnel/folder/create): the server does not have this route"},
		{readOnly, []string{"folder", "create", "--name", "Spring"}, "create folder refused to this sign-in (403 The token is not authorized for this scope.): it needs web-app access with write rights (no published scope)"},
		{readOnly, []string{"step", "create", "--funnel", clitest.SeedTrialFunnel, "--name", "Bonus", "--path", "/trial-bonus"}, "create step refused to this sign-in (403 The token is not authorized for this scope.)"},
	} {
		for _, tty := range []bool{false, true} {
			r := c.h.RunWith(tty, "", c.args...)
			r.Want(t, 1, "err:funnels "+strings.Join(c.args[:2], " ")+": "+c.want)
			clitest.OneLine(t, strings.Join(c.args, " "), r.Stderr)
			if r.Stdout != "" {
				t.Errorf("%v: stdout %q", c.args, r.Stdout)
			}
		}
	}
}
