package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// hostile are the values every input is fed: each must end in exit 2 with a message
// naming the flag, nothing sent, and nothing raw from the value echoed to the terminal.
// (A single argument cannot exceed 128 KiB on Linux, so the long value is 120,000
// bytes here; 1 MB goes through --data @FILE below.)
var hostile = map[string]string{
	"long":       strings.Repeat("a", 120_000),
	"escape":     "\x1b]52;c;cHduZWQ=\x07\x1b[2Jx",
	"control":    "a\x01b\x07c\x7f",
	"line break": "first\nsecond",
	"bidi":       "abc\u202etxt.exe",
}

// TestEveryFlagRefusesHostileValues runs each subcommand with one value replaced at a
// time by each hostile value.
func TestEveryFlagRefusesHostileValues(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	valid := map[string][]string{
		"folder create":                         {"--name", "Promo", "--type", "funnel", "--user-id", "user-1"},
		"step create":                           {"--funnel", seedTrialFunnel, "--name", "Bonus", "--path", "/bonus-step", "--type", "upsell", "--domain", "join.lakesidefit.com"},
		"domain attach":                         {"--domain", "promo.example.com"},
		"redirects create":                      {"--domain", "offers.lakesidefit.com", "--path", "/hostile-check", "--target", "https://offers.lakesidefit.com/spring-sale-opt-in", "--action", "url"},
		"redirects update Ebpsnk4kJ3QsUX4GJegA": {"--target", "https://www.instagram.com/lakesidefit", "--action", "url"},
		"redirects list":                        {"--search", "instagram"},
		"event page-view":                       {"--funnel", seedTrialFunnel, "--step", seedTrialLanding, "--page-url", "/free-trial-landing"},
		"event conversion":                      {"--event-name", "Lead", "--email", "jo@example.com", "--first-name", "Jo", "--last-name", "Lee", "--phone", "+15551234567", "--city", "Austin", "--state", "TX", "--postal-code", "78701", "--country", "US", "--date-of-birth", "1990-04-01", "--url", "https://join.lakesidefit.com/free-trial", "--value", "49.00", "--currency", "USD", "--event-id", "evt-1", "--pxp", "p", "--pxc", "c", "--pxclid", "cl", "--px-event-id", "pe"},
	}
	for cmd, args := range valid {
		// The valid form goes through, so each failure below is the hostile value's.
		c.requests()
		c.api(append(strings.Fields(cmd), args...)...).want(t, 0)
		c.requests()
		for i := 0; i < len(args); i += 2 {
			flag := args[i]
			for kind, v := range hostile {
				bad := append([]string(nil), args...)
				bad[i+1] = v
				r := c.api(append(strings.Fields(cmd), bad...)...)
				what := cmd + " " + flag + " (" + kind + ")"
				if r.code != cmdutil.ExitUsage {
					t.Errorf("%s: exit %d, want 2\n%s", what, r.code, clip(r.stderr))
					continue
				}
				if !strings.Contains(r.stderr, flag) {
					t.Errorf("%s: the message does not name %s: %s", what, flag, clip(r.stderr))
				}
				if strings.ContainsAny(r.stderr+r.stdout, "\x1b\x01\x07\x7f\u202e") {
					t.Errorf("%s: a raw control character reached the terminal: %q", what, clip(r.stderr))
				}
				c.nothingSent(what)
			}
		}
	}
	// Positional ids.
	for _, cmd := range []string{"steps", "pages", "page get"} {
		for kind, v := range hostile {
			r := c.api(append(strings.Fields(cmd), v)...)
			if r.code != cmdutil.ExitUsage || strings.ContainsAny(r.stderr, "\x1b\x01\x07") {
				t.Errorf("%s (%s): exit %d: %q", cmd, kind, r.code, clip(r.stderr))
			}
			c.nothingSent(cmd + " " + kind)
		}
	}
}

// TestAPIRefusesABodyThatIsNotJSON: 1 MB of garbage through --data @FILE, and a body of
// the wrong type through stdin, send nothing.
func TestAPIRefusesABodyThatIsNotJSON(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	file := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(file, []byte(strings.Repeat("\x1b[31m{", 1<<20/6)), 0o600); err != nil {
		t.Fatal(err)
	}
	c.requests()
	r := c.api("api", "POST", "/funnels/lookup/multiple", "--data", "@"+file)
	if r.code != cmdutil.ExitUsage || strings.Contains(r.stderr, "\x1b") {
		t.Errorf("1 MB of garbage: exit %d %q", r.code, clip(r.stderr))
	}
	c.nothingSent("api --data @FILE garbage")
	r = c.run("not json at all", "api", "POST", "/funnels/lookup/multiple", "--data", "@-",
		"--base-url", c.sb.URL, "--token", c.sb.Server.DemoToken())
	if r.code != cmdutil.ExitUsage {
		t.Errorf("stdin garbage: exit %d %q", r.code, clip(r.stderr))
	}
	c.nothingSent("api --data @- garbage")
	// Unicode that is fine stays fine.
	c.api("folder", "create", "--name", "Café Été 🎉 Promo", "--type", "funnel").want(t, 0, "Café Été 🎉 Promo")
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
