package cli

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestStepsOnATerminalAndPiped(t *testing.T) {
	h := signedIn(t, sandbox.Options{})

	term := h.tty("steps", seedTrialFunnel).want(t, 0, `funnel "Free 7-Day Trial"`, "4 steps", "join.lakesidefit.com/free-trial", "SEQ", seedTrialLanding, "misc_funnel_page")
	if lines := term.lines(); len(lines) != 6 || !strings.HasPrefix(lines[1], "SEQ") || !strings.HasPrefix(lines[2], "1 ") {
		t.Errorf("on a terminal: the funnel's line, a header, 4 rows:\n%s", term.stdout)
	}

	// Piped: the rows alone on stdout; the funnel's line goes to stderr.
	piped := h.run("steps", seedTrialFunnel).want(t, 0, "err:4 steps")
	lines := piped.lines()
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "1\t"+seedTrialLanding+"\tLanding Page\t/free-trial-landing\t") || strings.Contains(piped.stdout, "steps") {
		t.Errorf("piped stdout:\n%s", piped.stdout)
	}
	if !strings.HasSuffix(lines[1], "\t2") {
		t.Errorf("the sign-up step has two pages: %q", lines[1])
	}

	h.run("steps", "AAAAAAAAAAAAAAAAAAAA").want(t, 1, `err:no funnel with id "AAAAAAAAAAAAAAAAAAAA"`)
	h.run("steps").want(t, 2, "err:FUNNEL_ID is required", "err:Usage: funnels steps FUNNEL_ID")
	h.run("steps", "../x").want(t, 2, "err:FUNNEL_ID must be an id")
}

func TestStepsJSON(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	var whole struct {
		ID    string
		Steps []struct{ ID string }
	}
	// A bare --json before the argument still takes no value: the word is the funnel.
	h.run("steps", "--json", seedTrialFunnel).decode(t, &whole)
	if whole.ID != seedTrialFunnel || len(whole.Steps) != 4 {
		t.Errorf("--json: %+v", whole)
	}
	// With the funnel given elsewhere, the word after --json is its field list.
	for _, args := range [][]string{
		{"steps", "--json", "id,url", seedTrialFunnel},
		{"steps", seedTrialFunnel, "--json", "id,url"},
		{"steps", seedTrialFunnel, "--json=id,url"},
	} {
		var steps []map[string]any
		h.run(args...).decode(t, &steps)
		if len(steps) != 4 || len(steps[0]) != 2 || steps[0]["url"] != "/free-trial-landing" {
			t.Errorf("%v: %v", args, steps)
		}
	}
	h.run("steps", seedTrialFunnel, "--json", "nope").want(t, 2, `err:unknown field "nope"`, "err:sequence")
	h.run("steps", seedTrialFunnel, "--jq", ".steps[].url").want(t, 0, "/free-trial-landing\n/free-trial-sign-up\n")
}
