package login_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// TestLoginWithoutAnAppGivesAdvice: `funnels login` without an app's client id is
// advice, not an error: exit 2, the private integration token first with its command
// on a line of its own, no line prefixed "funnels login:", wrapped at the terminal.
func TestLoginWithoutAnAppGivesAdvice(t *testing.T) {
	h := clitest.NewAuthHome(t)
	var stdout, stderr clitest.AuthLockedBuffer
	ios := &cmdutil.IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr, ErrTTY: true, ErrWidth: 60}
	if code := cli.Run(t.Context(), h.Factory(ios), []string{"login", "--no-browser"}); code != cmdutil.ExitUsage {
		t.Fatalf("exit %d, want 2:\n%s", code, stderr.String())
	}
	out := stderr.String()
	if strings.Contains(out, "funnels login:") || strings.Contains(out, "ERROR") {
		t.Errorf("the advice reads as an error:\n%s", out)
	}
	if !strings.Contains(out, "\n  funnels login --with-token --location ID\n") {
		t.Errorf("the token's command is not on a line of its own:\n%s", out)
	}
	if strings.Index(out, "private integration token") > strings.Index(out, "--client-id") {
		t.Errorf("OAuth comes before the private integration token:\n%s", out)
	}
	for _, l := range strings.Split(out, "\n") {
		if w := ansi.StringWidth(l); w > 60 {
			t.Errorf("a line of %d columns at 60:\n%s", w, l)
		}
	}
}
