package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	hostileapi "github.com/funnelsdev/funnels/client/hostile"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// hostileCLI runs the binary against a hostile API, with its settings as flags and a
// config file of config (none when "").
func hostileCLI(t *testing.T, modes hostileapi.Mode, config string, args ...string) (cliResult, *hostileapi.Server) {
	t.Helper()
	h := hostileapi.StartT(t, modes, sandbox.Options{})
	c := &binCLI{t: t, env: testEnv(t)}
	if config != "" {
		var dir string
		for _, kv := range c.env {
			if v, ok := strings.CutPrefix(kv, "XDG_CONFIG_HOME="); ok {
				dir = filepath.Join(v, "funnels")
			}
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(config), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	res := c.run("", append(args, "--base-url", h.URL, "--token", h.Sandbox.DemoToken(), "--location", h.Sandbox.LocationID())...)
	for _, out := range []string{res.stdout, res.stderr} {
		if strings.Contains(out, h.Sandbox.DemoToken()) {
			t.Errorf("the token was printed:\n%s", out)
		}
	}
	return res, h
}

// TestCommandsOnAHostileServer: a rate limit centuries away ends a command at once
// with exit 1, saying it is a year or more; a server that never ends a list ends it with exit 1,
// the rows read printed and why it stopped.
func TestCommandsOnAHostileServer(t *testing.T) {
	for _, mode := range []hostileapi.Mode{hostileapi.FarFutureReset, hostileapi.FarFutureRetryAfter} {
		res, h := hostileCLI(t, mode, "", "folders")
		res.want(t, cmdutil.ExitAPI, "err:429 rate limited for a year or more", "err:try later")
		if n := h.Count("GET", "/funnels/funnel/folder/entities"); n != 1 {
			t.Errorf("mode %d: %d requests", mode, n)
		}
	}

	// The same 20 pages at every offset: the 20 are printed, the command says why it
	// stopped and exits 1.
	funnelID := seededFunnelID(t)
	res, _ := hostileCLI(t, hostileapi.EndlessPages, "", "pages", funnelID, "--json")
	res.want(t, cmdutil.ExitAPI, "err:list stopped after 20 items in 2 requests", "err:already sent")
	var out struct{ Pages []struct{ ID string } }
	res.decode(t, &out)
	if len(out.Pages) != 20 {
		t.Errorf("printed %d pages, want the 20 read", len(out.Pages))
	}

	// Full funnel pages for ever with a count of a billion: [limits] ends the walk.
	const limits = "[limits]\nmax_list_items = 300\n"
	res, h := hostileCLI(t, hostileapi.EndlessFunnelPages, limits, "steps", "NoSuchFunnel000000000")
	res.want(t, cmdutil.ExitAPI, "err:list stopped after 300 items in 3 requests", "err:at most 300 items")
	if n := h.Count("GET", "/funnels/funnel/list"); n != 3 {
		t.Errorf("%d funnel pages asked for, want 3", n)
	}
	// A funnel among those read is found all the same.
	res, _ = hostileCLI(t, hostileapi.EndlessFunnelPages, limits, "steps", funnelID)
	res.want(t, cmdutil.ExitOK, "err:steps") // piped: the funnel's line is on stderr
}

// seededFunnelID is the id of the first funnel of the seed.
func seededFunnelID(t *testing.T) string {
	t.Helper()
	c := newBinCLI(t, sandbox.Options{})
	res := c.api("folders", "--json")
	var out struct{ Funnels []struct{ ID string } }
	res.decode(t, &out)
	if len(out.Funnels) == 0 {
		t.Fatal("no funnel at the root of the seed")
	}
	return out.Funnels[0].ID
}
