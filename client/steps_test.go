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

// TestNextSequence: a new step goes after the last one and at a position the steps do
// not fill already, whether the funnel counts from 1, from 0, or has gaps or repeats.
func TestNextSequence(t *testing.T) {
	for _, c := range []struct {
		name string
		seqs []int
		want int
	}{
		{"empty", nil, 1},
		{"from 1", []int{1, 2, 3}, 4},
		{"from 0", []int{0, 1, 2}, 4},
		{"a gap", []int{1, 5}, 6},
		{"a repeat", []int{1, 1, 2}, 4},
		{"out of order", []int{3, 1, 2}, 4},
	} {
		f := client.Funnel{}
		for _, n := range c.seqs {
			f.Steps = append(f.Steps, client.Step{Sequence: n})
		}
		if got := client.NextSequence(c.seqs); got != c.want {
			t.Errorf("%s: NextSequence(%v) = %d, want %d", c.name, c.seqs, got, c.want)
		}
		if got := f.NextSequence(); got != c.want {
			t.Errorf("%s: Funnel.NextSequence = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestFirstStep: the lowest sequence, the first listed of equals, nil for none.
func TestFirstStep(t *testing.T) {
	f := client.Funnel{Steps: []client.Step{{ID: "b", Sequence: 1}, {ID: "a", Sequence: 0}, {ID: "c", Sequence: 0}}}
	if s := f.FirstStep(); s == nil || s.ID != "a" {
		t.Errorf("first step %+v, want a", s)
	}
	if s := (&client.Funnel{}).FirstStep(); s != nil {
		t.Errorf("a funnel without steps has no first step: %+v", s)
	}
}

// TestSplitRolesAndTheArchiveRule: during a split test the first page is the control
// with the control's share and the second the variation with the rest; a flag
// without a second page, or a page outside the two, has no role. A live page can be
// archived only while another stays.
func TestSplitRolesAndTheArchiveRule(t *testing.T) {
	split := client.Step{Split: true, ControlTraffic: 70, Pages: []string{"p1", "p2"}}
	for _, c := range []struct {
		step  client.Step
		page  string
		role  client.PageRole
		share float64
	}{
		{split, "p1", client.Control, 70},
		{split, "p2", client.Variation, 30},
		{split, "p3", client.NoRole, 0},
		{client.Step{Split: true, ControlTraffic: 70, Pages: []string{"p1"}}, "p1", client.NoRole, 0},
		{client.Step{ControlTraffic: 70, Pages: []string{"p1", "p2"}}, "p1", client.NoRole, 0},
	} {
		role, share := c.step.Role(c.page)
		if role != c.role || share != c.share {
			t.Errorf("%+v: page %s is %q %v, want %q %v", c.step, c.page, role, share, c.role, c.share)
		}
	}
	if client.Control.String() != "control" || client.Variation.String() != "variation" || client.NoRole.String() != "" {
		t.Error("role names")
	}
	if !split.SplitRunning() || (client.Step{Split: true, Pages: []string{"p1"}}).SplitRunning() {
		t.Error("a split test runs with the flag and two pages")
	}
	if !split.CanArchivePage() || (client.Step{Pages: []string{"p1"}}).CanArchivePage() || (client.Step{}).CanArchivePage() {
		t.Error("a page can be archived only while another stays live")
	}
}
