package steps_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestStepCreateOnATerminalAndPiped(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	h.TTY("step", "create", "--funnel", clitest.SeedTrialFunnel, "--name", "Upsell Offer", "--path", "Trial-Upsell", "--type", "upsell").
		Want(t, 0, `Created step "Upsell Offer" in funnel "Free 7-Day Trial"`, "Path:      /trial-upsell", "upsell_funnel_page", "Sequence:  5")

	var sent struct {
		Step struct{ Sequence int }
	}
	for _, r := range h.SB.Server.Requests() {
		if r.Path == "/funnels/funnel/create-step" {
			_ = json.Unmarshal([]byte(r.Body), &sent)
		}
	}
	if sent.Step.Sequence != 5 { // client.NextSequence of the four steps, as the browser's form proposes
		t.Errorf("sent sequence %d, want 5 (after the funnel's four steps)", sent.Step.Sequence)
	}

	piped := h.Run("step", "create", "--funnel", clitest.SeedTrialFunnel, "--name", "Bonus", "--path", "/trial-bonus").Want(t, 0, `err:Created step "Bonus"`)
	if id := strings.TrimSpace(piped.Stdout); !clitest.UuidV4.MatchString(id) {
		t.Errorf("piped stdout should be the new step's id alone: %q", piped.Stdout)
	}

	var out struct {
		FunnelID string
		Step     struct{ ID, URL string }
	}
	h.Run("step", "create", "--funnel", clitest.SeedTrialFunnel, "--name", "Third", "--path", "/trial-third", "--json").Decode(t, &out)
	if out.FunnelID != clitest.SeedTrialFunnel || out.Step.URL != "/trial-third" {
		t.Errorf("--json: %+v", out)
	}
	h.Run("step", "create", "--funnel", clitest.SeedTrialFunnel, "--name", "Again", "--path", "/trial-bonus").
		Want(t, 2, "err:--path /trial-bonus is already the path of step")
	h.Run("step", "create", "--name", " ", "--path", "/My Offer", "--type", "checkout").
		Want(t, 2, "err:--funnel is required", "err:--name is required", "err:--path must not contain spaces", "err:--type must be one of optin, sales")
}
