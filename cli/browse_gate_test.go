package cli

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui"
)

// indexedAccounts is a switcher whose every account has a local index, recording
// which accounts it was asked about.
type indexedAccounts struct {
	accounts []ui.Account
	dir      string
	asked    []string
}

func (s *indexedAccounts) List(context.Context) ([]ui.Account, error) { return s.accounts, nil }
func (s *indexedAccounts) Open(context.Context, string) (ui.Opened, error) {
	return ui.Opened{}, nil
}
func (s *indexedAccounts) Indexes(_ context.Context, accounts []ui.Account) map[string]*index.Store {
	out := map[string]*index.Store{}
	for _, a := range accounts {
		s.asked = append(s.asked, a.Name)
		out[a.Name] = index.Open(filepath.Join(s.dir, a.Location+".db"), a.Location)
	}
	return out
}

// grants is a gate of the team server that allows the sub-accounts it holds.
type grants struct {
	cmdutil.Gate
	locations []string
}

func (g grants) Allows(location string) bool { return slices.Contains(g.locations, location) }

// TestTheGatedSwitcherFindsOnlyGrantedIndexes: over the team server, the indexes
// read across sub-accounts (go to anything, the Health view) are those of the
// sub-accounts granted to the person, even when asked about another's; the
// switcher behind it is never asked about the others.
func TestTheGatedSwitcherFindsOnlyGrantedIndexes(t *testing.T) {
	inner := &indexedAccounts{dir: t.TempDir(), accounts: []ui.Account{
		{Name: "agency/mine", Location: "loc-mine"}, {Name: "agency/theirs", Location: "loc-theirs"}, {Name: "nolocation"},
	}}
	g := gatedSwitcher{Switcher: inner, gate: grants{locations: []string{"loc-mine"}}}
	listed, err := g.List(context.Background())
	if err != nil || len(listed) != 1 || listed[0].Name != "agency/mine" {
		t.Fatalf("listed %v, %v; want agency/mine alone", listed, err)
	}
	found := g.Indexes(context.Background(), inner.accounts) // asked about every one, as a caller might
	if len(found) != 1 || found["agency/mine"] == nil {
		t.Fatalf("found the indexes of %v; want agency/mine's alone", found)
	}
	if !slices.Equal(inner.asked, []string{"agency/mine"}) {
		t.Fatalf("the switcher was asked about %v; want agency/mine alone", inner.asked)
	}
}
