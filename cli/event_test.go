package cli

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestEventConversionOnATerminalAndPiped(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	delete(h.vars, "FUNNELS_TOKEN") // needs no sign-in at all
	h.tty("event", "conversion", "--event-name", "purchase", "--email", "Jo@Example.COM", "--value", "49.90", "--currency", "usd").
		want(t, 0, "Sent Purchase event ", "accepted")
	piped := h.run("event", "conversion", "--event-name", "Lead").want(t, 0, "err:Sent Lead event")
	if id := strings.TrimSpace(piped.stdout); !uuidV4.MatchString(id) {
		t.Errorf("piped stdout should be the event id alone: %q", piped.stdout)
	}
	var out struct {
		EventID string
		Success bool
	}
	h.run("event", "conversion", "--event-name", "Lead", "--event-id", "evt-42", "--json").decode(t, &out)
	if out.EventID != "evt-42" || !out.Success {
		t.Errorf("--json: %+v", out)
	}
	h.run("event", "conversion", "--event-name", "Bought", "--email", "jo@").
		want(t, 2, "err:--event-name must be one of PageView, Purchase", "err:--email must be an email address")
	h.run("event").want(t, 2, "err:a command is needed: conversion, page-view")
}

func TestEventPageViewOnATerminalAndPiped(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	args := []string{"event", "page-view", "--funnel", seedTrialFunnel, "--step", seedTrialLanding, "--page-url", "free-trial-landing"}
	h.tty(args...).want(t, 0, "Triggered the page-view workflows of /free-trial-landing", "Workflow triggered")
	piped := h.run(args...).want(t, 0, "err:Triggered the page-view workflows")
	if piped.stdout != "" {
		t.Errorf("piped, nothing for a script on stdout: %q", piped.stdout)
	}
	var res struct{ Success bool }
	h.run(append(args, "--json")...).decode(t, &res)
	if !res.Success {
		t.Errorf("--json: %+v", res)
	}
	h.run("event", "page-view", "--page-url", "https://x.io/offer").
		want(t, 2, "err:--funnel is required", "err:--step is required", "err:--page-url must be a path within the funnel")
}
