package cli

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func TestStepCreateOnATerminalAndPiped(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	h.tty("step", "create", "--funnel", seedTrialFunnel, "--name", "Upsell Offer", "--path", "Trial-Upsell", "--type", "upsell").
		want(t, 0, `Created step "Upsell Offer" in funnel "Free 7-Day Trial"`, "Path:      /trial-upsell", "upsell_funnel_page", "Sequence:  5")

	var sent struct {
		Step struct{ Sequence int }
	}
	for _, r := range h.sb.Server.Requests() {
		if r.Path == "/funnels/funnel/create-step" {
			_ = json.Unmarshal([]byte(r.Body), &sent)
		}
	}
	if sent.Step.Sequence != 5 { // client.NextSequence of the four steps, as the browser's form proposes
		t.Errorf("sent sequence %d, want 5 (after the funnel's four steps)", sent.Step.Sequence)
	}

	piped := h.run("step", "create", "--funnel", seedTrialFunnel, "--name", "Bonus", "--path", "/trial-bonus").want(t, 0, `err:Created step "Bonus"`)
	if id := strings.TrimSpace(piped.stdout); !uuidV4.MatchString(id) {
		t.Errorf("piped stdout should be the new step's id alone: %q", piped.stdout)
	}

	var out struct {
		FunnelID string
		Step     struct{ ID, URL string }
	}
	h.run("step", "create", "--funnel", seedTrialFunnel, "--name", "Third", "--path", "/trial-third", "--json").decode(t, &out)
	if out.FunnelID != seedTrialFunnel || out.Step.URL != "/trial-third" {
		t.Errorf("--json: %+v", out)
	}
	h.run("step", "create", "--funnel", seedTrialFunnel, "--name", "Again", "--path", "/trial-bonus").
		want(t, 2, "err:--path /trial-bonus is already the path of step")
	h.run("step", "create", "--name", " ", "--path", "/My Offer", "--type", "checkout").
		want(t, 2, "err:--funnel is required", "err:--name is required", "err:--path must not contain spaces", "err:--type must be one of optin, sales")
}
