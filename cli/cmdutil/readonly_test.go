package cmdutil_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// Every command that writes, in read-only mode (flag, environment, [ui] or the
// profile's table), exits 2 saying so before it asks or sends anything; reads work.
func TestReadOnlyRefusesEveryWritingCommand(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	writes := [][]string{
		{"folder", "create", "--name", "Spring 2027"},
		{"step", "create", "--funnel", clitest.SeedTrialFunnel, "--name", "Bonus", "--path", "/bonus"},
		{"domain", "attach", "--domain", "shop.lakesidefit.com"},
		{"event", "conversion", "--event-name", "Lead", "--email", "jo@example.com"},
		{"event", "page-view", "--funnel", clitest.SeedTrialFunnel, "--step", clitest.SeedTrialLanding, "--page-url", "/free-trial-landing"},
		{"redirects", "create", "--domain", "offers.lakesidefit.com", "--path", "/ro", "--target", "https://example.com", "--action", "url"},
		{"redirects", "update", "AAAAAAAAAAAAAAAAAAAA", "--target", "https://example.com", "--action", "url"},
		{"redirects", "delete", "AAAAAAAAAAAAAAAAAAAA"}, // no --yes: read-only ends it before the question
		{"api", "POST", "/funnels/funnel/folder/create", "--data", `{"name":"x"}`},
		{"api", "DELETE", "/funnels/lookup/redirect/abc"},
	}
	for _, args := range writes {
		h.Run(append(args, "--readonly")...).Want(t, cmdutil.ExitUsage, "err:read-only mode is on", "err:nothing was sent")
		if len(args) < 1 || args[0] != "step" && args[0] != "api" {
			if reqs := h.SB.Server.Requests(); len(reqs) > 0 {
				t.Errorf("%v sent %d requests before refusing", args, len(reqs))
			}
		}
		if w := clitest.WritesSent(h.SB); len(w) > 0 {
			t.Errorf("%v sent %v", args, w)
		}
	}
	h.Run("folders", "--readonly").Want(t, cmdutil.ExitOK, "Lead Generation")

	h.Vars["FUNNELS_READONLY"] = "1"
	h.Run("folder", "create", "--name", "x").Want(t, cmdutil.ExitUsage, "err:read-only mode is on")
	delete(h.Vars, "FUNNELS_READONLY")

	cfgDir := filepath.Join(h.Vars["XDG_CONFIG_HOME"], "funnels")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{"[ui]\nreadonly = true\n", "[profiles.default]\nreadonly = true\n"} {
		if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		h.Run("folder", "create", "--name", "x").Want(t, cmdutil.ExitUsage, "err:read-only mode is on")
		h.Run("folders").Want(t, cmdutil.ExitOK, "Lead Generation")
	}
	if w := clitest.WritesSent(h.SB); len(w) > 0 {
		t.Errorf("sent %v", w)
	}
	if err := os.Remove(filepath.Join(cfgDir, "config.toml")); err != nil {
		t.Fatal(err)
	}
	h.Run("folder", "create", "--name", "Allowed again").Want(t, cmdutil.ExitOK)
}

func TestExitCodesOfReadOnlyAndAgencyMistakes(t *testing.T) {
	for _, err := range []error{client.ErrReadOnly, &client.ReadOnlyError{Method: "POST", Path: "/x"},
		&auth.NoSubAccountError{Profile: "agency"}, auth.ErrAgencyNeedsOAuth} {
		if got := cmdutil.ExitCode(err); got != cmdutil.ExitUsage {
			t.Errorf("ExitCode(%v) = %d, want 2", err, got)
		}
	}
	if got := cmdutil.ExitCode(&auth.AgencyError{Op: "minting a token", Status: 403}); got != cmdutil.ExitAPI {
		t.Errorf("the agency routes' refusal: %d, want 1", got)
	}
}
