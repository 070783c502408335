package cmdutil_test

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/ui"
)

var (
	_ ui.IndexFinder = (*cmdutil.ProfileOpener)(nil)
	_ ui.IndexFinder = (*cli.DemoOpener)(nil)
)

// The profile opener finds the index of a profile that was indexed (its file in the
// index directory) and leaves out one never indexed, creating no file.
func TestProfileOpenerFindsTheIndexesOnDisk(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	var summit sandbox.SubAccount
	for _, sub := range r.Server.SubAccounts() {
		if sub.Name == "Summit Strength" {
			summit = sub
		}
	}
	if code, stderr := h.WithToken(r.Server.DemoToken(), "--profile", "lake", "--base-url", r.URL, "--location", r.Server.LocationID()); code != cmdutil.ExitOK {
		t.Fatalf("login lake: %s", stderr)
	}
	if code, stderr := h.WithToken(summit.DemoToken, "--profile", "gym", "--base-url", r.URL, "--location", summit.ID); code != cmdutil.ExitOK {
		t.Fatalf("login gym: %s", stderr)
	}
	if code, _, stderr := h.Run(nil, "index", "--profile", "lake"); code != cmdutil.ExitOK {
		t.Fatalf("index lake: %d %s", code, stderr)
	}
	f := h.Factory(h.Streams(strings.NewReader(""), &clitest.AuthLockedBuffer{}, &clitest.AuthLockedBuffer{}))
	store, err := f.Store()
	if err != nil {
		t.Fatal(err)
	}
	op := cmdutil.NewProfileOpener(f, store, http.DefaultTransport)
	ctx := context.Background()
	accounts, err := op.List(ctx)
	if err != nil || len(accounts) != 2 {
		t.Fatalf("accounts %+v, %v", accounts, err)
	}
	found := op.Indexes(ctx, accounts)
	if len(found) != 1 || found["lake"] == nil {
		t.Fatalf("found %v; want lake's index only", found)
	}
	set, err := index.ReadCatalogSet(ctx, []*index.Store{found["lake"]})
	if err != nil || set.Len() < 100 {
		t.Fatalf("lake's index holds %d items (%v)", set.Len(), err)
	}
	dir, _ := index.Dir(h.Getenv)
	if matches, _ := filepath.Glob(filepath.Join(dir, "index", "gym", "*.db")); len(matches) != 0 {
		t.Fatalf("an index file was made for gym: %v", matches)
	}
}
