package funneltree

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

func ctxT(t testing.TB) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// fastSandbox is a sandbox whose rate limit does not slow a test down.
func fastSandbox(t testing.TB) *sandbox.Running {
	t.Helper()
	return sandboxtest.Start(t, sandbox.Options{Limit: 1000, Window: time.Second})
}

// location is one sub-account of a sandbox: a client signed in to it and an index
// of its own.
type location struct {
	c     *client.Client
	store *index.Store
}

func newLocation(t testing.TB, sb *sandbox.Running, locationID, token string) *location {
	t.Helper()
	c, err := client.New(client.Options{
		BaseURL: sb.URL, LocationID: locationID, Limit: 1000, Window: time.Second,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: token}),
	})
	if err != nil {
		t.Fatal(err)
	}
	store := index.Open(filepath.Join(t.TempDir(), "index.db"), index.KeyOf(sb.URL, locationID))
	t.Cleanup(func() { _ = store.Close() })
	return &location{c: c, store: store}
}

// tree crawls the location whole and returns the tree of its index.
func (l *location) tree(t testing.TB) *Tree {
	t.Helper()
	if _, err := (&index.Crawler{Client: l.c, Store: l.store}).Run(ctxT(t)); err != nil {
		t.Fatalf("crawl: %v", err)
	}
	tr, _, err := FromIndex(ctxT(t), l.store)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// roundTrip writes the tree as an export and reads it back.
func roundTrip(t testing.TB, tr *Tree, f Format) *Tree {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "export")
	if err := Write(dir, tr, f, false); err != nil {
		t.Fatal(err)
	}
	back, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// funnelNamed is the funnel of the tree with that name.
func funnelNamed(t testing.TB, tr *Tree, name string) *Funnel {
	t.Helper()
	for i := range tr.Funnels {
		if tr.Funnels[i].Name == name {
			return &tr.Funnels[i]
		}
	}
	t.Fatalf("no funnel %q", name)
	return nil
}

// archiveSecondPage archives the second live page of the funnel's step named step.
func archiveSecondPage(t testing.TB, c *client.Client, f *Funnel, step string) string {
	t.Helper()
	for _, s := range f.Steps {
		if s.Name != step {
			continue
		}
		var live []string
		for _, p := range s.Pages {
			if !p.Archived {
				live = append(live, p.ID)
			}
		}
		if len(live) < 2 {
			t.Fatalf("step %q has %d live pages, want 2", step, len(live))
		}
		if _, _, err := c.ArchivePage(ctxT(t), f.ID, client.Step{ID: s.ID, Pages: live}, live[1]); err != nil {
			t.Fatal(err)
		}
		return s.Pages[1].Name
	}
	t.Fatalf("no step %q in %q", step, f.Name)
	return ""
}
