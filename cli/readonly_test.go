package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// writesSent lists the sandbox's logged requests that write, and clears the log.
func writesSent(sb *sandbox.Running) []string {
	var out []string
	for _, r := range sb.Server.Requests() {
		if client.Writes(r.Method, r.Path) {
			out = append(out, r.Method+" "+r.Path)
		}
	}
	sb.Server.ResetLog()
	return out
}

// Every command that writes, in read-only mode (flag, environment, [ui] or the
// profile's table), exits 2 saying so before it asks or sends anything; reads work.
func TestReadOnlyRefusesEveryWritingCommand(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	writes := [][]string{
		{"folder", "create", "--name", "Spring 2027"},
		{"step", "create", "--funnel", seedTrialFunnel, "--name", "Bonus", "--path", "/bonus"},
		{"domain", "attach", "--domain", "shop.lakesidefit.com"},
		{"event", "conversion", "--event-name", "Lead", "--email", "jo@example.com"},
		{"event", "page-view", "--funnel", seedTrialFunnel, "--step", seedTrialLanding, "--page-url", "/free-trial-landing"},
		{"redirects", "create", "--domain", "offers.lakesidefit.com", "--path", "/ro", "--target", "https://example.com", "--action", "url"},
		{"redirects", "update", "AAAAAAAAAAAAAAAAAAAA", "--target", "https://example.com", "--action", "url"},
		{"redirects", "delete", "AAAAAAAAAAAAAAAAAAAA"}, // no --yes: read-only ends it before the question
		{"api", "POST", "/funnels/funnel/folder/create", "--data", `{"name":"x"}`},
		{"api", "DELETE", "/funnels/lookup/redirect/abc"},
	}
	for _, args := range writes {
		h.run(append(args, "--readonly")...).want(t, ExitUsage, "err:read-only mode is on", "err:nothing was sent")
		if len(args) < 1 || args[0] != "step" && args[0] != "api" {
			if reqs := h.sb.Server.Requests(); len(reqs) > 0 {
				t.Errorf("%v sent %d requests before refusing", args, len(reqs))
			}
		}
		if w := writesSent(h.sb); len(w) > 0 {
			t.Errorf("%v sent %v", args, w)
		}
	}
	h.run("folders", "--readonly").want(t, ExitOK, "Lead Generation")

	h.vars["FUNNELS_READONLY"] = "1"
	h.run("folder", "create", "--name", "x").want(t, ExitUsage, "err:read-only mode is on")
	delete(h.vars, "FUNNELS_READONLY")

	cfgDir := filepath.Join(h.vars["XDG_CONFIG_HOME"], "funnels")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{"[ui]\nreadonly = true\n", "[profiles.default]\nreadonly = true\n"} {
		if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		h.run("folder", "create", "--name", "x").want(t, ExitUsage, "err:read-only mode is on")
		h.run("folders").want(t, ExitOK, "Lead Generation")
	}
	if w := writesSent(h.sb); len(w) > 0 {
		t.Errorf("sent %v", w)
	}
	if err := os.Remove(filepath.Join(cfgDir, "config.toml")); err != nil {
		t.Fatal(err)
	}
	h.run("folder", "create", "--name", "Allowed again").want(t, ExitOK)
}

func TestExitCodesOfReadOnlyAndAgencyMistakes(t *testing.T) {
	for _, err := range []error{client.ErrReadOnly, &client.ReadOnlyError{Method: "POST", Path: "/x"},
		&auth.NoSubAccountError{Profile: "agency"}, auth.ErrAgencyNeedsOAuth} {
		if got := ExitCode(err); got != ExitUsage {
			t.Errorf("ExitCode(%v) = %d, want 2", err, got)
		}
	}
	if got := ExitCode(&auth.AgencyError{Op: "minting a token", Status: 403}); got != ExitAPI {
		t.Errorf("the agency routes' refusal: %d, want 1", got)
	}
}
