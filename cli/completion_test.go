package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestCompletionScriptsForEveryShell: each script is generated, is for funnels, and
// parses in its shell where that shell is installed.
func TestCompletionScriptsForEveryShell(t *testing.T) {
	h := newHome(t)
	for shell, c := range map[string]struct {
		marker string
		check  []string
	}{
		"bash":       {"complete -o default -F __start_funnels funnels", []string{"bash", "-n"}},
		"zsh":        {"#compdef funnels", []string{"zsh", "-n"}},
		"fish":       {"complete -c funnels", []string{"fish", "--no-execute"}},
		"powershell": {"Register-ArgumentCompleter -CommandName 'funnels'", []string{"pwsh", "-NoProfile", "-File"}},
	} {
		r := h.run("completion", shell)
		if r.code != 0 || r.stderr != "" || !strings.Contains(r.stdout, c.marker) {
			t.Errorf("completion %s: exit %d, stderr %q, marker %q missing", shell, r.code, r.stderr, c.marker)
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
		if err := os.WriteFile(file, []byte(r.stdout), 0o600); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(c.check[0], append(c.check[1:], file)...).CombinedOutput(); err != nil {
			t.Errorf("%s does not parse its script: %v\n%s", shell, err, out)
		}
	}
	h.run("completion").want(t, 2, "err:SHELL is required")
	h.run("completion", "tcsh").want(t, 2, "err:SHELL must be bash, zsh, fish or powershell")
}

// complete asks funnels what it offers after args (the last one is the word being
// typed), as the scripts do, and returns the offers as "value<TAB>description".
func (h *home) complete(t *testing.T, args ...string) []string {
	t.Helper()
	r := h.run(append([]string{"__complete"}, args...)...)
	if r.code != 0 {
		t.Fatalf("__complete %q: exit %d: %s", args, r.code, r.stderr)
	}
	var out []string
	for _, l := range r.lines() {
		if l != "" && !strings.HasPrefix(l, ":") {
			out = append(out, l)
		}
	}
	return out
}

func values(offers []string) []string {
	out := make([]string, len(offers))
	for i, o := range offers {
		out[i], _, _ = strings.Cut(o, "\t")
	}
	return out
}

func TestCompletionOfCommandsFlagsAndValues(t *testing.T) {
	h := newHome(t)
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
		got := values(h.complete(t, strings.Split(line, " ")...))
		slices.Sort(got)
		w := slices.Clone(want)
		slices.Sort(w)
		if !slices.Equal(got, w) {
			t.Errorf("%q completes to %q, want %q", line, got, w)
		}
	}
	// Commands come with their summary.
	if !slices.Contains(h.complete(t, "fold"), "folders\tWhat a folder holds: its folders, then its funnels, with ids") {
		t.Errorf("no description: %q", h.complete(t, "fold"))
	}
}

// TestCompletionOfIdsFromTheAPI: funnel, step and page ids come from the profile's
// location, each with its name.
func TestCompletionOfIdsFromTheAPI(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	funnels := h.complete(t, "steps", "")
	if len(funnels) != 25 || !slices.Contains(funnels, seedTrialFunnel+"\tFree 7-Day Trial") {
		t.Errorf("steps FUNNEL_ID: %d offers: %q", len(funnels), funnels)
	}
	if got := h.complete(t, "pages", "tKvx"); len(got) != 1 || got[0] != seedTrialFunnel+"\tFree 7-Day Trial" {
		t.Errorf("a typed prefix: %q", got)
	}
	if got := h.complete(t, "steps", seedTrialFunnel, ""); len(got) != 0 {
		t.Errorf("a second FUNNEL_ID is offered: %q", got)
	}
	steps := h.complete(t, "pages", seedTrialFunnel, "--step", "")
	if len(steps) != 4 || steps[0] != seedTrialLanding+"\tLanding Page" {
		t.Errorf("pages --step: %q", steps)
	}
	if got := h.complete(t, "event", "page-view", "--funnel", seedTrialFunnel, "--step", ""); !slices.Equal(got, steps) {
		t.Errorf("event page-view --step: %q", got)
	}
	if got := h.complete(t, "step", "create", "--funnel", "tKvx"); len(got) != 1 {
		t.Errorf("step create --funnel: %q", got)
	}
	pages := h.complete(t, "page", "get", "")
	if !slices.Contains(pages, seedLandingPage+"\tFree 7-Day Trial › Landing Page") {
		t.Errorf("page get PAGE_ID: %q", pages)
	}
}

// TestCompletionIsSilentWhenNotSignedIn: no token, or one the API refuses, offers
// nothing and prints nothing; with no token nothing is even sent.
func TestCompletionIsSilentWhenNotSignedIn(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	delete(h.vars, "FUNNELS_TOKEN")
	h.sb.Server.ResetLog()
	if got := h.complete(t, "steps", ""); len(got) != 0 {
		t.Errorf("offers without a sign-in: %q", got)
	}
	if reqs := h.sb.Server.Requests(); len(reqs) != 0 {
		t.Errorf("not signed in, completion still sent %d request(s)", len(reqs))
	}
	h.vars["FUNNELS_TOKEN"] = "pit-refused"
	r := h.run("__complete", "page", "get", "")
	if r.code != 0 || strings.Contains(r.stdout, "401") || len(h.complete(t, "page", "get", "")) != 0 {
		t.Errorf("a refused token: exit %d\n%s", r.code, r.stdout)
	}
}

func TestCompletionOfProfiles(t *testing.T) {
	h := newHome(t)
	sb := sandboxtest.Start(t, sandbox.Options{})
	h.runWith(false, sb.Server.DemoToken(), "login", "--profile", "stored", "--base-url", sb.URL, "--location", sb.Server.LocationID(), "--with-token").want(t, 0)
	h.run("config", "set", "location_id", "L1", "--profile", "configured").want(t, 0)
	got := h.complete(t, "--profile", "")
	if !slices.Equal(got, []string{"configured\tin the config file, not signed in", "stored\tsigned in"}) {
		t.Errorf("--profile: %q", got)
	}
	if got := values(h.complete(t, "steps", "x", "--profile", "st")); !slices.Equal(got, []string{"stored"}) {
		t.Errorf("--profile after a command: %q", got)
	}
}
