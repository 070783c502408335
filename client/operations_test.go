package client_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestBrowseOperations walks the read side the way the browser does: root entities,
// a nested folder, a funnel's steps and pages, one page in full.
func TestBrowseOperations(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	root, resp, err := c.FolderEntities(ctx, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || len(root.Folders) == 0 || len(root.Funnels) == 0 {
		t.Fatalf("root: status %d, %d folders, %d funnels", resp.StatusCode, len(root.Folders), len(root.Funnels))
	}
	// Find a nested folder: some folder's entities hold another folder.
	nested := false
	for _, f := range root.Folders {
		inner, _, err := c.FolderEntities(ctx, "", f.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, sub := range inner.Folders {
			if sub.ParentID != f.ID {
				t.Errorf("folder %s in %s has parentId %q", sub.ID, f.ID, sub.ParentID)
			}
			nested = true
		}
	}
	if !nested {
		t.Errorf("no nested folder in the seed")
	}

	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 25 {
		t.Fatalf("ListAllFunnels read %d funnels, want ≥ 25", len(all))
	}
	seen := map[string]bool{}
	for _, f := range all {
		if seen[f.ID] {
			t.Fatalf("funnel %s read twice while paging", f.ID)
		}
		seen[f.ID] = true
		if len(f.Steps) < 2 || len(f.Steps) > 8 {
			t.Errorf("funnel %q has %d steps", f.Name, len(f.Steps))
		}
	}
	page1, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{Limit: 5})
	if err != nil || len(page1.Funnels) != 5 || page1.Count != len(all) {
		t.Fatalf("ListFunnels limit 5: %d funnels, count %d, err %v", len(page1.Funnels), page1.Count, err)
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

func TestLookupOperations(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	fonts, _, err := c.CustomFonts(ctx)
	if err != nil || len(fonts) == 0 || fonts[0].FontFamily == "" {
		t.Fatalf("fonts: %+v %v", fonts, err)
	}
	// custom-fonts carries only the Authorization header: no body.
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/custom-fonts" && r.Body != "" {
			t.Errorf("custom-fonts sent a body %q", r.Body)
		}
	}
	redirects, _, err := c.RegexRedirects(ctx, "")
	if err != nil || len(redirects) == 0 || redirects[0].Regex == "" {
		t.Fatalf("redirects: %+v %v", redirects, err)
	}
	products, _, err := c.OrderFormProducts(ctx, "")
	if err != nil || len(products) == 0 {
		t.Fatalf("products: %+v %v", products, err)
	}
	one, _, err := c.OrderFormProducts(ctx, products[0].ID)
	if err != nil || len(one) != 1 || one[0].ID != products[0].ID || one[0].Price != products[0].Price {
		t.Fatalf("one product: %+v %v", one, err)
	}
	if _, _, err := c.OrderFormProducts(ctx, "nope"); !isStatus(err, 404) {
		t.Errorf("unknown product: want 404, got %v", err)
	}
	geo, _, err := c.GeoLocation(ctx)
	if err != nil || len(geo.Country) != 2 {
		t.Fatalf("geo: %+v %v", geo, err)
	}

	// A domain a funnel uses answers with that funnel.
	all, _, _ := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
	var withDomain *client.Funnel
	for i := range all {
		if all[i].DomainName != "" {
			withDomain = &all[i]
			break
		}
	}
	if withDomain == nil {
		t.Fatal("no funnel with a domain in the seed")
	}
	fw, _, err := c.FunnelWithDomain(ctx, withDomain.DomainName)
	if err != nil || fw.Domain == nil || fw.Domain.URL != withDomain.DomainName || !hasFunnel(fw.Funnels, withDomain.ID) {
		t.Fatalf("funnel-with-domain %s: %+v %v", withDomain.DomainName, fw, err)
	}
	if _, _, err := c.FunnelWithDomain(ctx, "not-attached.example.com"); !isStatus(err, 404) {
		t.Errorf("unattached domain: want 404, got %v", err)
	}

	// The path check: a step's own path is taken, a new one is free.
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

func TestWriteOperationsShowInLaterReads(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	// New folder → in the root entities.
	folder, resp, err := c.CreateFolder(ctx, client.CreateFolderRequest{Name: "Holiday Promos", Type: "funnel", UserID: sb.Server.UserID()})
	if err != nil || folder.ID == "" || resp.StatusCode != 201 {
		t.Fatalf("create folder: %+v %v", folder, err)
	}
	root, _, _ := c.FolderEntities(ctx, "", "", "")
	if !hasFolder(root.Folders, folder.ID) {
		t.Errorf("new folder %s not in the root entities", folder.ID)
	}

	// New step → in its funnel, with a first page.
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

	// Attach a domain → funnel-with-domain knows it.
	d, resp, err := c.AttachDomain(ctx, client.AttachDomainRequest{Domain: "promo.lakeside-fitness.com"})
	if err != nil || d.URL != "promo.lakeside-fitness.com" || resp.StatusCode != 201 {
		t.Fatalf("attach: %+v %v", d, err)
	}
	fw, _, err := c.FunnelWithDomain(ctx, "promo.lakeside-fitness.com")
	if err != nil || fw.Domain == nil {
		t.Fatalf("attached domain not found: %v", err)
	}
	if _, _, err := c.AttachDomain(ctx, client.AttachDomainRequest{Domain: "https://bad/path"}); !isStatus(err, 422) {
		t.Errorf("bad host: want 422, got %v", err)
	}

	// Archive the new step's only page → refused; add a page by restoring… instead use a
	// seeded split step: end the split test, the loser is archived.
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

	// Lookup/multiple, trigger, social attach.
	rows, _, resp, err := c.LookupMultiple(ctx, json.RawMessage(`{"lookups":[{"target":"/spring-sale","action":"publish"}]}`))
	if err != nil || resp.StatusCode != 201 || len(rows) != 1 || rows[0].Target != "/spring-sale" {
		t.Fatalf("lookup/multiple: %+v %v", rows, err)
	}
	if _, _, _, err := c.LookupMultiple(ctx, json.RawMessage(`[1,2]`)); err == nil {
		t.Errorf("a non-object lookup body must be refused before sending")
	}
	tr, resp, err := c.TriggerPageView(ctx, "", client.PageViewRequest{FunnelID: f.ID, StepID: f.Steps[0].ID, PageURL: f.Steps[0].URL})
	if err != nil || resp.StatusCode != 200 || !tr.Success {
		t.Fatalf("trigger: %+v %v", tr, err)
	}
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/page/view/workflow/trigger" && !strings.Contains(r.Query, "locationId=") {
			t.Errorf("trigger sent no locationId: %q", r.Query)
		}
	}
	sr, resp, err := c.AttachSocialAccount(ctx, "", "facebook", "acct-1", json.RawMessage(`{"originId":"o1","name":"Lakeside","type":"page"}`))
	if err != nil || resp.StatusCode != 201 || !sr.Success {
		t.Fatalf("social: %+v %v", sr, err)
	}
	if _, _, err := c.AttachSocialAccount(ctx, "", "myspace", "acct-1", nil); !isStatus(err, 422) {
		t.Errorf("unknown platform: want 422, got %v", err)
	}
}

func TestConversionCarriesNoToken(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)
	res, resp, err := c.SendConversion(ctx, client.ConversionRequest{
		EventName: "Purchase", Contact: client.ContactInfo{Email: "jo@example.com", DateOfBirth: "1990-04-01T00:00:00Z"},
		Currency: "USD", Value: "49.00", URL: "https://offers.example.com/checkout",
	})
	if err != nil || resp.StatusCode != 200 || !res.Success || res.EventID == "" {
		t.Fatalf("conversion: %+v %v", res, err)
	}
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/event/conversion" {
			if r.Auth != "none" {
				t.Errorf("conversion carried a token")
			}
			var body map[string]any
			if err := json.Unmarshal([]byte(r.Body), &body); err != nil || body["value"] != "49.00" || body["contact"] == nil {
				t.Errorf("conversion body %s", r.Body)
			}
		}
	}
	_, _, err = c.SendConversion(ctx, client.ConversionRequest{EventName: "Bought", Contact: client.ContactInfo{}})
	var apiErr *client.APIError
	if !isStatus(err, 422) || !errorsAs(err, &apiErr) || !strings.Contains(apiErr.Message(), "eventName") {
		t.Errorf("bad eventName: want a 422 naming eventName, got %v", err)
	}
}

func reread(t *testing.T, c *client.Client, funnelID string) client.Funnel {
	t.Helper()
	all, _, err := c.ListAllFunnels(ctxT(t), client.ListFunnelsParams{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range all {
		if f.ID == funnelID {
			return f
		}
	}
	t.Fatalf("funnel %s gone", funnelID)
	return client.Funnel{}
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

func hasFunnel(fs []client.Funnel, id string) bool {
	for _, f := range fs {
		if f.ID == id {
			return true
		}
	}
	return false
}

func hasFolder(fs []client.Folder, id string) bool {
	for _, f := range fs {
		if f.ID == id {
			return true
		}
	}
	return false
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
