package client_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestPagesOfAFunnelAndAStep lists a funnel's pages, counts them, lists one step's,
// reads one page in full, and is refused a page size the service refuses.
func TestPagesOfAFunnelAndAStep(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)
	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
	if err != nil {
		t.Fatal(err)
	}

	f := all[0]
	pages, _, err := c.ListAllPages(ctx, client.ListPagesParams{FunnelID: f.ID})
	if err != nil {
		t.Fatal(err)
	}
	n, _, err := c.CountPages(ctx, "", f.ID)
	if err != nil || n != len(pages) || n == 0 {
		t.Fatalf("CountPages %d (err %v), ListAllPages %d", n, err, len(pages))
	}
	step := f.Steps[0]
	stepPages, _, err := c.ListAllPages(ctx, client.ListPagesParams{FunnelID: f.ID, StepID: step.ID})
	if err != nil || len(stepPages) == 0 {
		t.Fatalf("pages of step: %d, %v", len(stepPages), err)
	}
	for _, p := range stepPages {
		if p.StepID != step.ID {
			t.Errorf("page %s of step %s listed under %s", p.ID, p.StepID, step.ID)
		}
	}
	page, _, err := c.Page(ctx, stepPages[0].ID)
	if err != nil || page.ID != stepPages[0].ID || page.FunnelID != f.ID || len(page.Raw) == 0 {
		t.Fatalf("Page: %+v, %v", page, err)
	}
	if _, _, err := c.ListPages(ctx, client.ListPagesParams{FunnelID: f.ID, Limit: 50}); !isStatus(err, 422) {
		t.Errorf("limit 50 on pages: want 422, got %v", err)
	}
}

func TestEveryPagedListMatchesBigFunnels(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)
	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, f := range all {
		pages, _, err := c.ListAllPages(ctx, client.ListPagesParams{FunnelID: f.ID})
		if err != nil {
			t.Fatal(err)
		}
		total += len(pages)
		ids := map[string]bool{}
		for _, p := range pages {
			ids[p.ID] = true
		}
		for _, s := range f.Steps {
			for _, id := range s.Pages {
				if !ids[id] {
					t.Errorf("funnel %q step %q names page %s that /funnels/page does not list", f.Name, s.Name, id)
				}
			}
		}
	}
	if total < 25*2 {
		t.Errorf("only %d pages in the seed", total)
	}
}

// TestEndSplitRestoreAndArchiveShowInLaterReads ends a seeded split test (the loser
// is archived), restores the loser, archives it again, and is refused the last page.
func TestEndSplitRestoreAndArchiveShowInLaterReads(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	split := findSplit(t, c)
	winner, loser := split.step.Pages[0], split.step.Pages[1]
	if _, resp, err := c.EndSplitTest(ctx, split.funnel.ID, split.step, winner); err != nil || resp.StatusCode != 201 {
		t.Fatalf("end split: %v", err)
	}
	after := stepOf(reread(t, c, split.funnel.ID), split.step.ID)
	if after.Split || len(after.Pages) != 1 || after.Pages[0] != winner {
		t.Fatalf("after ending the split: %+v", after)
	}
	lp, _, _ := c.Page(ctx, loser)
	if lp == nil || !lp.Deleted {
		t.Fatalf("loser page not archived: %+v", lp)
	}
	// Restore the loser → back in the step and live.
	if _, _, err := c.RestorePage(ctx, split.funnel.ID, split.step.ID, loser); err != nil {
		t.Fatal(err)
	}
	after = stepOf(reread(t, c, split.funnel.ID), split.step.ID)
	if len(after.Pages) != 2 {
		t.Fatalf("after restore: %+v", after)
	}
	// Archive it again through ArchivePage.
	if _, _, err := c.ArchivePage(ctx, split.funnel.ID, after, loser); err != nil {
		t.Fatal(err)
	}
	after = stepOf(reread(t, c, split.funnel.ID), split.step.ID)
	if len(after.Pages) != 1 {
		t.Fatalf("after archive: %+v", after)
	}
	if _, _, err := c.ArchivePage(ctx, split.funnel.ID, after, after.Pages[0]); !isStatus(err, 422) {
		t.Errorf("archiving the last page: want 422, got %v", err)
	}
}

// TestArchivingTheLastPageIsRefusedForThatReason: the body says the step would be left
// with no page (pages: []), so the refusal is about that, not about a missing field.
func TestArchivingTheLastPageIsRefusedForThatReason(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	f := reread(t, c, "tKvx487I4yks06qt7ovC") // Free 7-Day Trial
	step := f.Steps[0]
	if len(step.Pages) != 1 {
		t.Fatalf("seed changed: step %q has %d pages", step.Name, len(step.Pages))
	}
	_, _, err := c.ArchivePage(ctxT(t), f.ID, step, step.Pages[0])
	var apiErr *client.APIError
	if !errorsAs(err, &apiErr) || apiErr.StatusCode != 422 || strings.Contains(apiErr.Message(), "should not be empty") {
		t.Fatalf("archiving the only page: %v", err)
	}
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/funnel/update-funnel-and-page" && !strings.Contains(r.Body, `"pages":[]`) {
			t.Errorf("body without pages: []: %s", r.Body)
		}
	}
	t.Logf("refused: %s", apiErr.Summary())
}

type splitStep struct {
	funnel client.Funnel
	step   client.Step
}

func findSplit(t *testing.T, c *client.Client) splitStep {
	t.Helper()
	all, _, err := c.ListAllFunnels(ctxT(t), client.ListFunnelsParams{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range all {
		for _, s := range f.Steps {
			if s.Split && len(s.Pages) == 2 {
				return splitStep{f, s}
			}
		}
	}
	t.Fatal("no split test in the seed")
	return splitStep{}
}

func stepOf(f client.Funnel, id string) client.Step {
	for _, s := range f.Steps {
		if s.ID == id {
			return s
		}
	}
	return client.Step{}
}
