package cmdutil_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestCompletionScriptsForEveryShell: each script is generated, is for funnels, and
// parses in its shell where that shell is installed.
func TestCompletionScriptsForEveryShell(t *testing.T) {
	h := clitest.NewHome(t)
	for shell, c := range map[string]struct {
		marker string
		check  []string
	}{
		"bash":       {"complete -o default -F __start_funnels funnels", []string{"bash", "-n"}},
		"zsh":        {"#compdef funnels", []string{"zsh", "-n"}},
		"fish":       {"complete -c funnels", []string{"fish", "--no-execute"}},
		"powershell": {"Register-ArgumentCompleter -CommandName 'funnels'", []string{"pwsh", "-NoProfile", "-File"}},
	} {
		r := h.Run("completion", shell)
		if r.Code != 0 || r.Stderr != "" || !strings.Contains(r.Stdout, c.marker) {
			t.Errorf("completion %s: exit %d, stderr %q, marker %q missing", shell, r.Code, r.Stderr, c.marker)
			continue
		}
		if _, err := exec.LookPath(c.check[0]); err != nil {
			t.Logf("%s is not installed; its script is not parsed", c.check[0])
			continue
		}
		file := filepath.Join(t.TempDir(), "funnels."+shell)
		if shell == "powershell" {
			file += ".ps1"
		}
		if err := os.WriteFile(file, []byte(r.Stdout), 0o600); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(c.check[0], append(c.check[1:], file)...).CombinedOutput(); err != nil {
			t.Errorf("%s does not parse its script: %v\n%s", shell, err, out)
		}
	}
	h.Run("completion").Want(t, 2, "err:SHELL is required")
	h.Run("completion", "tcsh").Want(t, 2, "err:SHELL must be bash, zsh, fish or powershell")
}

func TestCompletionOfCommandsFlagsAndValues(t *testing.T) {
	h := clitest.NewHome(t)
	for line, want := range map[string][]string{
		"fol":                               {"folder", "folders"},
		"folder ":                           {"create"},
		"folder create --ty":                {"--type"},
		"folder create --type ":             {"funnel", "website"},
		"step create --type s":              {"sales_funnel_page"},
		"event ":                            {"conversion", "page-view"},
		"event conversion --event-name Pur": {"Purchase"},
		"event conversion --px":             {"--pxp", "--pxc", "--pxclid", "--px-event-id"},
		"api ":                              {"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"},
		"completion ":                       {"bash", "zsh", "fish", "powershell"},
		"steps abc --j":                     {"--jq", "--json"},
		"steps abc --json=id,na":            {"id,name"},
		"pages abc --base":                  {"--base-url"},
		"sandbox --dialect bare,c":          {"bare,camel"},
		"--dem":                             {"--demo"},
		"--deb":                             {"--debug"},
		"auth ":                             {"list", "status", "switch", "token"},
		"config ":                           {"get", "list", "path", "set"},
		"config get ui.":                    {"ui.mouse", "ui.readonly", "ui.theme"},
		"login --with":                      {"--with-token"},
		"--profile work fold":               {"folder", "folders"},
		"help fol":                          {"folder", "folders"},
	} {
		got := clitest.Values(h.Complete(t, strings.Split(line, " ")...))
		slices.Sort(got)
		w := slices.Clone(want)
		slices.Sort(w)
		if !slices.Equal(got, w) {
			t.Errorf("%q completes to %q, want %q", line, got, w)
		}
	}
	// Commands come with their summary.
	if !slices.Contains(h.Complete(t, "fold"), "folders\tWhat a folder holds: its folders, then its funnels, with ids") {
		t.Errorf("no description: %q", h.Complete(t, "fold"))
	}
}

// TestCompletionOfIdsFromTheAPI: funnel, step and page ids come from the profile's
// location, each with its name.
func TestCompletionOfIdsFromTheAPI(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	funnels := h.Complete(t, "steps", "")
	if len(funnels) != 25 || !slices.Contains(funnels, clitest.SeedTrialFunnel+"\tFree 7-Day Trial") {
		t.Errorf("steps FUNNEL_ID: %d offers: %q", len(funnels), funnels)
	}
	if got := h.Complete(t, "pages", "tKvx"); len(got) != 1 || got[0] != clitest.SeedTrialFunnel+"\tFree 7-Day Trial" {
		t.Errorf("a typed prefix: %q", got)
	}
	if got := h.Complete(t, "steps", clitest.SeedTrialFunnel, ""); len(got) != 0 {
		t.Errorf("a second FUNNEL_ID is offered: %q", got)
	}
	steps := h.Complete(t, "pages", clitest.SeedTrialFunnel, "--step", "")
	if len(steps) != 4 || steps[0] != clitest.SeedTrialLanding+"\tLanding Page" {
		t.Errorf("pages --step: %q", steps)
	}
	if got := h.Complete(t, "event", "page-view", "--funnel", clitest.SeedTrialFunnel, "--step", ""); !slices.Equal(got, steps) {
		t.Errorf("event page-view --step: %q", got)
	}
	if got := h.Complete(t, "step", "create", "--funnel", "tKvx"); len(got) != 1 {
		t.Errorf("step create --funnel: %q", got)
	}
	pages := h.Complete(t, "page", "get", "")
	if !slices.Contains(pages, clitest.SeedLandingPage+"\tFree 7-Day Trial › Landing Page") {
		t.Errorf("page get PAGE_ID: %q", pages)
	}
}

// TestCompletionIsSilentWhenNotSignedIn: no token, or one the API refuses, offers
// nothing and prints nothing; with no token nothing is even sent.
func TestCompletionIsSilentWhenNotSignedIn(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	delete(h.Vars, "FUNNELS_TOKEN")
	h.SB.Server.ResetLog()
	if got := h.Complete(t, "steps", ""); len(got) != 0 {
		t.Errorf("offers without a sign-in: %q", got)
	}
	if reqs := h.SB.Server.Requests(); len(reqs) != 0 {
		t.Errorf("not signed in, completion still sent %d request(s)", len(reqs))
	}
	h.Vars["FUNNELS_TOKEN"] = "pit-refused"
	r := h.Run("__complete", "page", "get", "")
	if r.Code != 0 || strings.Contains(r.Stdout, "401") || len(h.Complete(t, "page", "get", "")) != 0 {
		t.Errorf("a refused token: exit %d\n%s", r.Code, r.Stdout)
	}
}

func TestCompletionOfProfiles(t *testing.T) {
	h := clitest.NewHome(t)
	sb := sandboxtest.Start(t, sandbox.Options{})
	h.RunWith(false, sb.Server.DemoToken(), "login", "--profile", "stored", "--base-url", sb.URL, "--location", sb.Server.LocationID(), "--with-token").Want(t, 0)
	h.Run("config", "set", "location_id", "L1", "--profile", "configured").Want(t, 0)
	got := h.Complete(t, "--profile", "")
	if !slices.Equal(got, []string{"configured\tin the config file, not signed in", "stored\tsigned in: a private integration token"}) {
		t.Errorf("--profile: %q", got)
	}
	if got := clitest.Values(h.Complete(t, "steps", "x", "--profile", "st")); !slices.Equal(got, []string{"stored"}) {
		t.Errorf("--profile after a command: %q", got)
	}
}

// TestCompletionOfAnAgencysSubAccounts: after an agency's login (which keeps its
// listing), `auth switch agency/` offers each sub-account with its name and
// --location each id, from the kept listing: no request.
func TestCompletionOfAnAgencysSubAccounts(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	if code, stderr := h.LoginByPaste(clitest.AgencyLoginArgs(r)); code != 0 {
		t.Fatalf("login --agency: exit %d\n%s", code, stderr)
	}
	r.Server.ResetLog()
	complete := func(args ...string) []string {
		t.Helper()
		code, out, errOut := h.Run(nil, append([]string{"__complete"}, args...)...)
		if code != 0 {
			t.Fatalf("__complete %q: exit %d: %s", args, code, errOut)
		}
		var got []string
		for _, l := range strings.Split(out, "\n") {
			if l != "" && !strings.HasPrefix(l, ":") && !strings.HasPrefix(l, "Completion") {
				got = append(got, l)
			}
		}
		return got
	}
	want := []string{"agency/LakesideFit2026Loc01\tLakeside Fit", "agency/RiversideBoxingLoc03\tRiverside Boxing Club",
		"agency/SummitStrengthLoc002\tSummit Strength"}
	if got := complete("auth", "switch", "agency/"); !slices.Equal(got, want) {
		t.Errorf("auth switch agency/: %q", got)
	}
	if got := complete("auth", "switch", "agency/S"); !slices.Equal(got, want[2:]) {
		t.Errorf("auth switch agency/S: %q", got)
	}
	if got := complete("folders", "--profile", "agency", "--location", ""); len(got) != 3 || !slices.Contains(got, "SummitStrengthLoc002") {
		t.Errorf("--location: %q", got)
	}
	if n := len(r.Server.Requests()); n != 0 {
		t.Errorf("completion sent %d requests; the kept listing serves", n)
	}
}
