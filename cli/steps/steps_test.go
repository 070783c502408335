package steps_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestStepsOnATerminalAndPiped(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})

	term := h.TTY("steps", clitest.SeedTrialFunnel).Want(t, 0, `funnel "Free 7-Day Trial"`, "4 steps", "join.lakesidefit.com/free-trial", "SEQ", clitest.SeedTrialLanding, "misc_funnel_page")
	if lines := term.Lines(); len(lines) != 6 || !strings.HasPrefix(lines[1], "SEQ") || !strings.HasPrefix(lines[2], "1 ") {
		t.Errorf("on a terminal: the funnel's line, a header, 4 rows:\n%s", term.Stdout)
	}

	// Piped: the rows alone on stdout; the funnel's line goes to stderr.
	piped := h.Run("steps", clitest.SeedTrialFunnel).Want(t, 0, "err:4 steps")
	lines := piped.Lines()
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "1\t"+clitest.SeedTrialLanding+"\tLanding Page\t/free-trial-landing\t") || strings.Contains(piped.Stdout, "steps") {
		t.Errorf("piped stdout:\n%s", piped.Stdout)
	}
	if !strings.HasSuffix(lines[1], "\t2") {
		t.Errorf("the sign-up step has two pages: %q", lines[1])
	}

	h.Run("steps", "AAAAAAAAAAAAAAAAAAAA").Want(t, 1, `err:no funnel with id "AAAAAAAAAAAAAAAAAAAA"`)
	h.Run("steps").Want(t, 2, "err:FUNNEL_ID is required", "err:Usage: funnels steps FUNNEL_ID")
	h.Run("steps", "../x").Want(t, 2, "err:FUNNEL_ID must be an id")
}

func TestStepsJSON(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	var whole struct {
		ID    string
		Steps []struct{ ID string }
	}
	// A bare --json before the argument still takes no value: the word is the funnel.
	h.Run("steps", "--json", clitest.SeedTrialFunnel).Decode(t, &whole)
	if whole.ID != clitest.SeedTrialFunnel || len(whole.Steps) != 4 {
		t.Errorf("--json: %+v", whole)
	}
	// With the funnel given elsewhere, the word after --json is its field list.
	for _, args := range [][]string{
		{"steps", "--json", "id,url", clitest.SeedTrialFunnel},
		{"steps", clitest.SeedTrialFunnel, "--json", "id,url"},
		{"steps", clitest.SeedTrialFunnel, "--json=id,url"},
	} {
		var steps []map[string]any
		h.Run(args...).Decode(t, &steps)
		if len(steps) != 4 || len(steps[0]) != 2 || steps[0]["url"] != "/free-trial-landing" {
			t.Errorf("%v: %v", args, steps)
		}
	}
	h.Run("steps", clitest.SeedTrialFunnel, "--json", "nope").Want(t, 2, `err:unknown field "nope"`, "err:sequence")
	h.Run("steps", clitest.SeedTrialFunnel, "--jq", ".steps[].url").Want(t, 0, "/free-trial-landing\n/free-trial-sign-up\n")
}

// TestStepsFromTheIndex: a funnel the local index holds is answered from it with no
// request; --fresh asks the service.
func TestStepsFromTheIndex(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	h.Run("index").Want(t, 0)
	h.SB.Server.ResetLog()
	h.Run("steps", clitest.SeedTrialFunnel).Want(t, 0, "err:4 steps")
	if n := len(h.SB.Server.Requests()); n != 0 {
		t.Errorf("steps of an indexed funnel sent %d requests, want none", n)
	}
	h.Run("steps", clitest.SeedTrialFunnel, "--fresh").Want(t, 0, "err:4 steps")
	if len(h.SB.Server.Requests()) == 0 {
		t.Error("steps --fresh sent no request")
	}
}
