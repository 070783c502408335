package client_test

import (
	"encoding/json"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestCreateStepShowsInItsFunnel: a new step is in its funnel with a first page, under
// the uuid the client made; a path already taken is refused.
func TestCreateStepShowsInItsFunnel(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	list, _, _ := c.ListFunnels(ctx, client.ListFunnelsParams{Limit: 1})
	f := list.Funnels[0]
	res, resp, err := c.CreateStep(ctx, client.CreateStepRequest{FunnelID: f.ID, Step: client.NewStep{
		Name: "Bonus Offer", URL: "/bonus-offer", Type: "upsell_funnel_page", Sequence: len(f.Steps) + 1}})
	if err != nil || resp.StatusCode != 201 || res.ID == "" {
		t.Fatalf("create step: %+v %v", res, err)
	}
	var sent struct {
		Step map[string]any `json:"step"`
	}
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/funnel/create-step" {
			_ = json.Unmarshal([]byte(r.Body), &sent)
		}
	}
	if sent.Step["id"] != res.ID || sent.Step["pages"] == nil {
		t.Errorf("create-step body step = %v, want the generated uuid %s and pages: []", sent.Step, res.ID)
	}
	again := reread(t, c, f.ID)
	var newStep *client.Step
	for i := range again.Steps {
		if again.Steps[i].ID == res.ID {
			newStep = &again.Steps[i]
		}
	}
	if newStep == nil || newStep.URL != "/bonus-offer" || len(newStep.Pages) != 1 {
		t.Fatalf("new step after re-read: %+v", newStep)
	}
	if _, _, err := c.CreateStep(ctx, client.CreateStepRequest{FunnelID: f.ID, Step: client.NewStep{Name: "Dup", URL: "/bonus-offer", Type: "upsell_funnel_page"}}); !isStatus(err, 422) {
		t.Errorf("duplicate path: want 422, got %v", err)
	}
}

// TestCheckStepPath: a step's own path is taken, a new one is free.
func TestCheckStepPath(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)
	withDomain := funnelWithADomain(t, c)

	step := withDomain.Steps[0]
	taken, _, err := c.CheckStepPath(ctx, client.PathCheckParams{FunnelID: withDomain.ID, Name: "x", Path: step.URL, Domain: withDomain.DomainName})
	if err != nil || taken.Free() || taken.Suggestion() == "" || !taken.OK {
		t.Fatalf("taken path %s: %+v %v", step.URL, taken, err)
	}
	free, _, err := c.CheckStepPath(ctx, client.PathCheckParams{FunnelID: withDomain.ID, Name: "x", Path: "/brand-new-path-42", Domain: withDomain.DomainName})
	if err != nil || !free.Free() || free.Suggestion() != "" {
		t.Fatalf("free path: %+v %v", free, err)
	}
}
