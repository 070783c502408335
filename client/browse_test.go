package client_test

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/hostile"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func funnelIDs(fs []client.Funnel) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.ID
	}
	slices.Sort(out)
	return out
}

// TestBrowseFolderFallsBackToTheFunnelList: with folder entities refused, the root
// lists the funnels without a folder and one folder per parentId (named by its id),
// and each folder the funnels the web app's listing has there, with full steps.
func TestBrowseFolderFallsBackToTheFunnelList(t *testing.T) {
	pub, _ := newTestClient(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	seed, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	want, _, err := seed.BrowseFolder(ctx, "")
	if err != nil || want.Via != client.FamilyFolders || want.Note() != "" {
		t.Fatalf("seed root: %+v %v", want, err)
	}
	got, _, err := pub.BrowseFolder(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if got.Via != client.FamilyFunnelList || !got.Grouped || got.Refusal == nil || got.Refusal.StatusCode != 403 {
		t.Fatalf("public root: via %q grouped %v refusal %v", got.Via, got.Grouped, got.Refusal)
	}
	if note := got.Note(); !strings.Contains(note, "403") || !strings.Contains(note, "funnel list") {
		t.Errorf("note %q", note)
	}
	if !slices.Equal(funnelIDs(got.Funnels), funnelIDs(want.Funnels)) {
		t.Errorf("root funnels differ: %v vs %v", funnelIDs(got.Funnels), funnelIDs(want.Funnels))
	}
	if len(got.Folders) == 0 {
		t.Fatal("no folders grouped from parentId")
	}
	all, _, err := seed.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, fo := range got.Folders {
		if fo.Name != fo.ID {
			t.Errorf("folder %q: named %q, want its id", fo.ID, fo.Name)
		}
		in, _, err := pub.BrowseFolder(ctx, fo.ID)
		if err != nil {
			t.Fatal(err)
		}
		var expect []client.Funnel
		for _, f := range all {
			if f.ParentID == fo.ID {
				expect = append(expect, f)
			}
		}
		if len(in.Funnels) == 0 || !slices.Equal(funnelIDs(in.Funnels), funnelIDs(expect)) {
			t.Errorf("folder %s: %v, want %v", fo.ID, funnelIDs(in.Funnels), funnelIDs(expect))
		}
		for _, f := range in.Funnels {
			if !f.StepsKnown || len(f.Steps) == 0 {
				t.Errorf("funnel %q of the funnel list has no steps", f.Name)
			}
		}
	}
}

// TestFunnelsWithStepsAsksOncePerFolder: a folder listing of summaries gets its
// funnels' steps (and domains) from one funnel-list request for the folder, never one
// per funnel, and they equal the funnel list's.
func TestFunnelsWithStepsAsksOncePerFolder(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{Dialect: sandbox.Dialect{Summaries: true}})
	ctx := ctxT(t)
	full, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]client.Funnel{}
	for _, f := range full {
		byID[f.ID] = f
	}
	root, _, err := c.BrowseFolder(ctx, "")
	if err != nil || root.Via != client.FamilyFolders {
		t.Fatal(err)
	}
	folder := root.Folders[0].ID
	for _, id := range []string{"", folder} {
		l, _, err := c.BrowseFolder(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !l.StepsMissing() {
			t.Fatalf("folder %q: summaries came with steps", id)
		}
		for _, f := range l.Funnels {
			if f.StepsKnown || f.Steps != nil {
				t.Fatalf("a summary claims its steps: %+v", f)
			}
		}
		sb.Server.ResetLog()
		filled, _, err := c.FunnelsWithSteps(ctx, id, l.Funnels)
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := countRequests(sb, "GET", "/funnels/funnel/list"); n != 1 {
			t.Errorf("folder %q: %d funnel-list requests for %d funnels, want 1", id, n, len(l.Funnels))
		}
		for _, f := range filled {
			w := byID[f.ID]
			if !f.StepsKnown || len(f.Steps) != len(w.Steps) || f.DomainName != w.DomainName {
				t.Errorf("%q: %d steps, domain %q; the funnel list has %d, %q", f.Name, len(f.Steps), f.DomainName, len(w.Steps), w.DomainName)
			}
		}
		// Nothing missing, nothing asked.
		sb.Server.ResetLog()
		if _, _, err := c.FunnelsWithSteps(ctx, id, filled); err != nil {
			t.Fatal(err)
		}
		if n := len(sb.Server.Requests()); n != 0 {
			t.Errorf("%d requests for funnels that have their steps", n)
		}
	}
}

// TestPageDetailFallsBackToTheListedRecord: where page by id is refused the detail is
// the page list's record, marked partial, and the refused route is not asked again.
func TestPageDetailFallsBackToTheListedRecord(t *testing.T) {
	for _, surface := range []sandbox.Surface{sandbox.SurfacePublic, sandbox.SurfaceSeed} {
		c, sb := newTestClient(t, sandbox.Options{Surface: surface})
		ctx := ctxT(t)
		funnelID := firstFunnelID(t, c)
		pages, _, err := c.ListPages(ctx, client.ListPagesParams{FunnelID: funnelID})
		if err != nil || len(pages) < 2 {
			t.Fatalf("%s: pages %v", surface, err)
		}
		for _, r := range sb.Server.Requests() {
			if r.Path == "/funnels/page" {
				q, _ := url.ParseQuery(r.Query)
				if q.Get("limit") != "20" || q.Get("offset") != "0" || q.Get("locationId") == "" {
					t.Errorf("the page list was asked %q; it always sends locationId, limit and offset", r.Query)
				}
			}
		}
		read, _, err := c.PageDetail(ctx, funnelID, pages[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		if surface == sandbox.SurfaceSeed {
			if read.Partial || read.Page.URL == "" {
				t.Errorf("seed: %+v", read)
			}
			continue
		}
		if !read.Partial || read.Refusal == nil || read.Refusal.StatusCode != 401 || read.Page.ID != pages[0].ID ||
			read.Page.URL != "" || read.Page.Name != pages[0].Name {
			t.Fatalf("public: %+v", read)
		}
		sb.Server.ResetLog()
		again, _, err := c.PageDetail(ctx, funnelID, pages[1].ID)
		if err != nil || !again.Partial || again.Page.ID != pages[1].ID || !errors.Is(again.Refusal, client.ErrRouteUnavailable) {
			t.Fatalf("again: %+v %v", again, err)
		}
		for _, r := range sb.Server.Requests() {
			if r.Path != "/funnels/page" && r.Path != "/funnels/page/count" {
				t.Errorf("%s %s asked though page by id is known to be refused", r.Method, r.Path)
			}
		}
		if _, _, err := c.PageDetail(ctx, funnelID, "NoSuchPage"); !errors.Is(err, client.ErrRouteUnavailable) {
			t.Errorf("a page the list does not have: %v", err)
		}
		// Without the funnel, the funnel list's steps say which funnel holds the page.
		live := ""
		for _, p := range pages {
			if !p.Deleted {
				live = p.ID
			}
		}
		found, _, err := c.PageDetail(ctx, "", live)
		if err != nil || !found.Partial || found.Page.ID != live || found.Page.FunnelID != funnelID {
			t.Errorf("found without the funnel: %+v %v", found, err)
		}
	}
}

// TestProbeAsksEachReadFamilyOnce: one GET per read family (none for writes), rows
// saying what answered and what to ask for.
func TestProbeAsksEachReadFamilyOnce(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	rows, err := c.Probe(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	byFamily := map[client.Family]client.ProbeRow{}
	for _, r := range rows {
		byFamily[r.Family] = r
	}
	if len(rows) != len(client.RouteFamilies()) {
		t.Errorf("%d rows for %d families", len(rows), len(client.RouteFamilies()))
	}
	for _, tc := range []struct {
		f      client.Family
		answer client.Answer
		result string
		ask    string
	}{
		{client.FamilyFunnelList, client.AnswerOpen, "200", ""},
		{client.FamilyPageList, client.AnswerOpen, "200", ""},
		{client.FamilyPageCount, client.AnswerOpen, "200", ""},
		{client.FamilyFolders, client.AnswerRouteRefused, "403 IAM refusal", "web-app access"},
		{client.FamilyPageByID, client.AnswerRouteRefused, "401 IAM refusal", "web-app access"},
		{client.FamilyGeoLocation, client.AnswerRouteRefused, "401 IAM refusal", "web-app access"},
		{client.FamilyCreateStep, client.AnswerUnknown, "not asked", ""},
		{client.FamilyRedirectWrite, client.AnswerUnknown, "not asked", "scope funnels/redirect.write"},
	} {
		r := byFamily[tc.f]
		if r.Answer != tc.answer || r.Result != tc.result || !strings.Contains(r.AskFor, tc.ask) || (tc.ask == "" && r.AskFor != "") {
			t.Errorf("%s: %+v, want %v %q ask %q", tc.f, r, tc.answer, tc.result, tc.ask)
		}
	}
	seen := map[string]int{}
	for _, r := range sb.Server.Requests() {
		if r.Method != "GET" {
			t.Errorf("the probe sent %s %s", r.Method, r.Path)
		}
		seen[r.Path]++
	}
	for p, n := range seen {
		if n != 1 {
			t.Errorf("%s asked %d times", p, n)
		}
	}
}

// TestBrowseFolderKeepsAStoppedFunnelList: a funnel list that never ends stops at the
// client's bounds; the fallback listing keeps what was read and says why it is not
// whole.
func TestBrowseFolderKeepsAStoppedFunnelList(t *testing.T) {
	h := hostile.StartT(t, hostile.EndlessFunnelPages, sandbox.Options{Surface: sandbox.SurfacePublic})
	c, err := client.New(client.Options{BaseURL: h.URL, LocationID: h.Sandbox.LocationID(), MaxListRequests: 5,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: h.Sandbox.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	l, _, err := c.BrowseFolder(ctxT(t), "")
	if !errors.Is(err, client.ErrIncompleteList) || l == nil || len(l.Funnels)+len(l.Folders) == 0 || l.Via != client.FamilyFunnelList {
		t.Fatalf("listing %+v, err %v", l, err)
	}
}
