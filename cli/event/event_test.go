package event_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestEventConversionOnATerminalAndPiped(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	delete(h.Vars, "FUNNELS_TOKEN") // needs no sign-in at all
	h.TTY("event", "conversion", "--event-name", "purchase", "--email", "Jo@Example.COM", "--value", "49.90", "--currency", "usd").
		Want(t, 0, "Sent Purchase event ", "accepted")
	piped := h.Run("event", "conversion", "--event-name", "Lead").Want(t, 0, "err:Sent Lead event")
	if id := strings.TrimSpace(piped.Stdout); !clitest.UuidV4.MatchString(id) {
		t.Errorf("piped stdout should be the event id alone: %q", piped.Stdout)
	}
	var out struct {
		EventID string
		Success bool
	}
	h.Run("event", "conversion", "--event-name", "Lead", "--event-id", "evt-42", "--json").Decode(t, &out)
	if out.EventID != "evt-42" || !out.Success {
		t.Errorf("--json: %+v", out)
	}
	h.Run("event", "conversion", "--event-name", "Bought", "--email", "jo@").
		Want(t, 2, "err:--event-name must be one of PageView, Purchase", "err:--email must be an email address")
	h.Run("event").Want(t, 2, "err:a command is needed: conversion, page-view")
}

func TestEventPageViewOnATerminalAndPiped(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	args := []string{"event", "page-view", "--funnel", clitest.SeedTrialFunnel, "--step", clitest.SeedTrialLanding, "--page-url", "free-trial-landing"}
	h.TTY(args...).Want(t, 0, "Triggered the page-view workflows of /free-trial-landing", "Workflow triggered")
	piped := h.Run(args...).Want(t, 0, "err:Triggered the page-view workflows")
	if piped.Stdout != "" {
		t.Errorf("piped, nothing for a script on stdout: %q", piped.Stdout)
	}
	var res struct{ Success bool }
	h.Run(append(args, "--json")...).Decode(t, &res)
	if !res.Success {
		t.Errorf("--json: %+v", res)
	}
	h.Run("event", "page-view", "--page-url", "https://x.io/offer").
		Want(t, 2, "err:--funnel is required", "err:--step is required", "err:--page-url must be a path within the funnel")
}
