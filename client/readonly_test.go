package client_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// A read-only client refuses every operation that writes — the conversion event and
// the page-view trigger included — before anything is sent, and still reads (custom
// fonts is a POST that only reads).
func TestReadOnlyRefusesEveryWrite(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{}, func(o *client.Options) { o.ReadOnly = true })
	ctx := ctxT(t)
	if !c.ReadOnly() {
		t.Fatal("ReadOnly() = false")
	}
	step := client.Step{ID: "b25072e3-6b93-49dc-999b-445db8bad6fd", Pages: []string{"p1", "p2"}}
	writes := map[string]func() error{
		"UpdateFunnelAndPage": func() error {
			_, _, err := c.UpdateFunnelAndPage(ctx, client.UpdateFunnelAndPageRequest{FunnelID: "f", StepID: "s", RestorePageID: "p"})
			return err
		},
		"ArchivePage":  func() error { _, _, err := c.ArchivePage(ctx, "f", step, "p1"); return err },
		"RestorePage":  func() error { _, _, err := c.RestorePage(ctx, "f", step.ID, "p1"); return err },
		"EndSplitTest": func() error { _, _, err := c.EndSplitTest(ctx, "f", step, "p1"); return err },
		"CreateStep": func() error {
			_, _, err := c.CreateStep(ctx, client.CreateStepRequest{FunnelID: "f", Step: client.NewStep{Name: "x", URL: "/x", Type: "optin_funnel_page"}})
			return err
		},
		"CreateFolder": func() error {
			_, _, err := c.CreateFolder(ctx, client.CreateFolderRequest{Name: "x", Type: "funnel"})
			return err
		},
		"AttachDomain": func() error {
			_, _, err := c.AttachDomain(ctx, client.AttachDomainRequest{Domain: "x.example.com"})
			return err
		},
		"LookupMultiple": func() error {
			_, _, _, err := c.LookupMultiple(ctx, json.RawMessage(`{"lookups":[]}`))
			return err
		},
		"AttachSocialAccount": func() error {
			_, _, err := c.AttachSocialAccount(ctx, sb.Server.LocationID(), "facebook", "a", json.RawMessage(`{}`))
			return err
		},
		"SendConversion": func() error {
			_, _, err := c.SendConversion(ctx, client.ConversionRequest{EventName: "optin", Contact: client.ContactInfo{Email: "a@b.co"}})
			return err
		},
		"TriggerPageView": func() error {
			_, _, err := c.TriggerPageView(ctx, "", client.PageViewRequest{FunnelID: "f", StepID: "s", PageURL: "/x"})
			return err
		},
		"CreateRedirect": func() error {
			_, _, err := c.CreateRedirect(ctx, client.CreateRedirectRequest{Domain: "offers.lakesidefit.com", Path: "/x", Target: "https://a.example", Action: "url"})
			return err
		},
		"UpdateRedirect": func() error {
			_, _, err := c.UpdateRedirect(ctx, "id1", client.UpdateRedirectRequest{Target: "https://a.example", Action: "url"})
			return err
		},
		"DeleteRedirect": func() error { _, err := c.DeleteRedirect(ctx, "id1"); return err },
		"Raw POST": func() error {
			_, _, err := c.Raw(ctx, "post", "/funnels/funnel/folder/create", nil, []byte(`{}`))
			return err
		},
		"Raw PUT": func() error {
			_, _, err := c.Raw(ctx, http.MethodPut, "/funnels/lookup/multiple", nil, nil)
			return err
		},
		"Raw conversion": func() error {
			_, _, err := c.Raw(ctx, http.MethodPost, "/funnels/event/conversion", nil, []byte(`{}`))
			return err
		},
	}
	for name, write := range writes {
		err := write()
		var ro *client.ReadOnlyError
		if !errors.Is(err, client.ErrReadOnly) || !errors.As(err, &ro) || ro.Method == "" {
			t.Errorf("%s: err = %v, want a *ReadOnlyError", name, err)
		}
	}
	if reqs := sb.Server.Requests(); len(reqs) != 0 {
		t.Fatalf("a read-only client sent %d requests, first %s %s", len(reqs), reqs[0].Method, reqs[0].Path)
	}
	// Reads go through, the POST that reads too.
	if _, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{Limit: 5}); err != nil {
		t.Fatalf("read refused: %v", err)
	}
	if _, _, err := c.CustomFonts(ctx); err != nil {
		t.Fatalf("custom fonts refused: %v", err)
	}
	if _, _, err := c.Raw(ctx, http.MethodGet, "/funnels/funnel/list", nil, nil); err != nil {
		t.Fatalf("raw GET refused: %v", err)
	}
	if n := len(sb.Server.Requests()); n != 3 {
		t.Fatalf("reads sent %d requests, want 3", n)
	}
}

func TestWrites(t *testing.T) {
	for _, tc := range []struct {
		method, path string
		want         bool
	}{
		{http.MethodGet, "/funnels/funnel/list", false},
		{http.MethodHead, "/funnels/page", false},
		{http.MethodPost, "/funnels/custom-fonts", false},
		{http.MethodPost, "/funnels/event/conversion", true},
		{http.MethodPost, "/funnels/page/view/workflow/trigger", true},
		{http.MethodPatch, "/funnels/lookup/redirect/x", true},
		{http.MethodDelete, "/funnels/lookup/redirect/x", true},
		{"PROPFIND", "/x", true},
	} {
		if got := client.Writes(tc.method, tc.path); got != tc.want {
			t.Errorf("Writes(%s %s) = %v", tc.method, tc.path, got)
		}
	}
}

// A family writes exactly when its routes do, by Writes: what the browser turns off in
// read-only mode (its action table asks FamilyInfo) is what the client refuses.
func TestFamilyWritesAsItsRoutes(t *testing.T) {
	conv, ok := client.FamilyInfo(client.FamilyConversion)
	if !ok {
		t.Fatal("FamilyInfo does not know the conversion")
	}
	for _, rf := range append(client.RouteFamilies(), conv) {
		for _, r := range rf.Routes {
			method, path, _ := strings.Cut(r, " ")
			if got := client.Writes(method, path); got != rf.Write {
				t.Errorf("%s: %s writes %v, the family says %v", rf.Family, r, got, rf.Write)
			}
		}
	}
	for _, rf := range client.RouteFamilies() {
		if rf.Family == client.FamilyConversion {
			t.Error("the conversion is among the access record's families")
		}
	}
}

// One client per sub-account, sharing only the HTTP transport: each paces by its own
// sub-account's limit, so one gym's full window does not hold the other up.
func TestClientPerLocationPacesAlone(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{Limit: 1, Window: time.Minute})
	transport := &http.Transport{}
	t.Cleanup(transport.CloseIdleConnections)
	subs := sb.Server.SubAccounts()
	open := func(sub sandbox.SubAccount) *client.Client {
		c, err := client.New(client.Options{
			BaseURL: sb.URL, LocationID: sub.ID, HTTPClient: &http.Client{Transport: transport},
			TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sub.DemoToken}),
		})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	lakeside, summit := open(subs[0]), open(subs[1])
	ctx := ctxT(t)
	if _, _, err := lakeside.ListFunnels(ctx, client.ListFunnelsParams{Limit: 1}); err != nil {
		t.Fatal(err)
	}
	if r := lakeside.Rate(); r.Remaining != 0 || r.Limit != 1 {
		t.Fatalf("lakeside rate %+v", r)
	}
	// Lakeside's pacer now holds for a minute; a pacer shared with summit would hold
	// summit's request past the test's 30 s.
	list, _, err := summit.ListFunnels(ctx, client.ListFunnelsParams{Limit: 100})
	if err != nil {
		t.Fatalf("summit held up by lakeside's limit: %v", err)
	}
	if r := summit.Rate(); r.Remaining != 0 || r.Limit != 1 || lakeside.Rate().Remaining != 0 {
		t.Fatalf("summit rate %+v", r)
	}
	if len(list.Funnels) == 0 || list.Funnels[0].LocationID != subs[1].ID {
		t.Fatalf("summit's list: %+v", list.Funnels)
	}
}
