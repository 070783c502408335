package cmdutil_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// A stored sign-in's token goes only to the server it was stored for: another base
// URL from the environment or a flag is refused (exit 3) before anything is sent,
// unless --trust-base-url or FUNNELS_TRUST_BASE_URL says to send it; a token given
// with the run is sent wherever the run says.
func TestStoredTokenStaysWithItsBaseURL(t *testing.T) {
	home := sandboxtest.Start(t, sandbox.Options{})
	other := sandboxtest.Start(t, sandbox.Options{})
	homeHost := mustHost(t, home.URL)
	for _, kind := range []string{"private integration token", "oauth"} {
		h := clitest.NewAuthHome(t)
		profile := "pit"
		if kind == "oauth" {
			profile = "sandbox"
			if code, out := h.LoginByPaste(clitest.SandboxLoginArgs(home)); code != cmdutil.ExitOK {
				t.Fatalf("login: %d\n%s", code, out)
			}
		} else if code, stderr := h.WithToken(home.Server.DemoToken(), "--profile", profile, "--base-url", home.URL, "--location", home.Server.LocationID()); code != cmdutil.ExitOK {
			t.Fatalf("login: %d\n%s", code, stderr)
		}
		other.Server.ResetLog()

		for _, run := range [][]string{{"folders", "--profile", profile, "--base-url", other.URL}, {"folders", "--profile", profile}} {
			h.Vars["FUNNELS_BASE_URL"] = other.URL
			code, _, stderr := h.Run(nil, run...)
			if code != cmdutil.ExitAuth || !strings.Contains(stderr, "only sent to "+homeHost) || !strings.Contains(stderr, "--trust-base-url") ||
				!strings.Contains(stderr, "FUNNELS_TOKEN") {
				t.Errorf("%s, %v: exit %d\n%s", kind, run, code, stderr)
			}
			if reqs := other.Server.Requests(); len(reqs) != 0 {
				t.Errorf("%s: the other server was sent %d request(s)", kind, len(reqs))
			}
		}

		h.Vars["FUNNELS_TRUST_BASE_URL"] = "yes"
		h.Run(nil, "folders", "--profile", profile)
		delete(h.Vars, "FUNNELS_TRUST_BASE_URL")
		h.Run(nil, "folders", "--profile", profile, "--trust-base-url")
		if reqs := other.Server.Requests(); len(reqs) < 2 {
			t.Errorf("%s: trusted, the other server was sent %d request(s)", kind, len(reqs))
		}

		delete(h.Vars, "FUNNELS_BASE_URL")
		if code, _, stderr := h.Run(nil, "folders", "--profile", profile); code != cmdutil.ExitOK {
			t.Errorf("%s, its own server: exit %d\n%s", kind, code, stderr)
		}
		h.Vars["FUNNELS_BASE_URL"] = home.URL + "/"
		if code, _, stderr := h.Run(nil, "folders", "--profile", profile); code != cmdutil.ExitOK {
			t.Errorf("%s, its own server named again: exit %d\n%s", kind, code, stderr)
		}
		h.Vars["FUNNELS_BASE_URL"], h.Vars["FUNNELS_TOKEN"] = other.URL, other.Server.DemoToken()
		if code, _, stderr := h.Run(nil, "folders", "--profile", profile); code != cmdutil.ExitOK {
			t.Errorf("%s, a token given for the other server: exit %d\n%s", kind, code, stderr)
		}
		delete(h.Vars, "FUNNELS_TOKEN")
	}
}

func mustHost(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}
