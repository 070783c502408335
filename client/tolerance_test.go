package client_test

import (
	"reflect"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// snapshot reads the same things through every decoder the browser uses.
type snapshot struct {
	Root    client.Entities
	Funnels []client.Funnel
	Pages   []client.Page
	Page    client.Page
	Fonts   []client.Font
	Redir   []client.RegexRedirect
	Prods   []client.Product
	URLs    []client.Redirect
}

func read(t *testing.T, c *client.Client) snapshot {
	t.Helper()
	ctx := ctxT(t)
	var s snapshot
	root, _, err := c.FolderEntities(ctx, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	s.Root = *root
	if s.Funnels, _, err = c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 10); err != nil {
		t.Fatal(err)
	}
	if s.Pages, _, err = c.ListAllPages(ctx, client.ListPagesParams{FunnelID: s.Funnels[0].ID}); err != nil {
		t.Fatal(err)
	}
	p, _, err := c.Page(ctx, s.Pages[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	s.Page = *p
	if s.Fonts, _, err = c.CustomFonts(ctx); err != nil {
		t.Fatal(err)
	}
	if s.Redir, _, err = c.RegexRedirects(ctx, ""); err != nil {
		t.Fatal(err)
	}
	if s.Prods, _, err = c.OrderFormProducts(ctx, ""); err != nil {
		t.Fatal(err)
	}
	// Pages of 3, so a list without a count (bare) is walked to its short last page.
	if s.URLs, _, err = c.ListAllRedirects(ctx, client.ListRedirectsParams{Limit: 3}); err != nil {
		t.Fatal(err)
	}
	return s
}

// clearRaw drops what legitimately differs between dialects: the raw bodies.
func clearRaw(s *snapshot) {
	for i := range s.Root.Folders {
		s.Root.Folders[i].Raw = nil
	}
	for _, fs := range [][]client.Funnel{s.Root.Funnels, s.Funnels} {
		for i := range fs {
			fs[i].Raw = nil
			for j := range fs[i].Steps {
				fs[i].Steps[j].Raw = nil
			}
		}
	}
	for i := range s.Pages {
		s.Pages[i].Raw = nil
	}
	s.Page.Raw = nil
	for i := range s.Fonts {
		s.Fonts[i].Raw = nil
	}
	for i := range s.Redir {
		s.Redir[i].Raw = nil
	}
	for i := range s.Prods {
		s.Prods[i].Raw = nil
	}
	for i := range s.URLs {
		s.URLs[i].Raw = nil
	}
}

// TestToleranceOverHTTP: the sandbox answering in each shape the real service uses
// (bare or wrapped lists, id or _id, camelCase steps, numbers as strings) gives the
// client the very same records.
func TestToleranceOverHTTP(t *testing.T) {
	base, _ := newTestClient(t, sandbox.Options{})
	want := read(t, base)
	clearRaw(&want)
	if len(want.Funnels) == 0 || len(want.Funnels[0].Steps) == 0 || want.Funnels[0].Steps[0].Sequence == 0 || len(want.URLs) != 8 {
		t.Fatalf("default dialect read nothing useful: %+v", want.Funnels)
	}
	for name, d := range map[string]sandbox.Dialect{
		"bare lists":     {BareLists: true},
		"wrapped lists":  {WrappedLists: true},
		"plain ids":      {PlainIDs: true},
		"camel steps":    {CamelSteps: true},
		"string numbers": {StringNumbers: true},
		"all at once":    {WrappedLists: true, PlainIDs: true, CamelSteps: true, StringNumbers: true},
	} {
		t.Run(name, func(t *testing.T) {
			c, _ := newTestClient(t, sandbox.Options{Dialect: d})
			got := read(t, c)
			clearRaw(&got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("dialect %s decodes differently\n got funnels[0]: %+v\nwant funnels[0]: %+v\n got redirects: %+v\nwant redirects: %+v",
					name, got.Funnels[0], want.Funnels[0], got.URLs, want.URLs)
			}
		})
	}
}
