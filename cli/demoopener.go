package cli

import (
	"context"
	"fmt"
	"net/http"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui"
)

// DemoOpener opens the sub-accounts of the embedded sandbox's agency (its gyms), each
// with its own static token, client and session index, for `funnels --demo`.
type DemoOpener struct {
	sb        *sandbox.Running
	transport http.RoundTripper
	userAgent string
	settings  *config.Config // the run's read-only and API version
	cmdutil.OpenedAccounts
}

// demoAccount names a sub-account of the demo in the switcher.
func demoAccount(id string) string { return "demo/" + id }

func (o *DemoOpener) List(context.Context) ([]ui.Account, error) {
	var out []ui.Account
	for _, sub := range o.sb.Server.SubAccounts() {
		if sub.Installed {
			out = append(out, ui.Account{Name: demoAccount(sub.ID), Profile: "demo", Location: sub.ID, LocationName: sub.Name,
				Kind: "demo", ReadOnly: o.settings.ReadOnly})
		}
	}
	return out, nil
}

func (o *DemoOpener) Open(_ context.Context, name string) (ui.Opened, error) {
	return o.Get(name, func() (ui.Opened, error) {
		for _, sub := range o.sb.Server.SubAccounts() {
			if demoAccount(sub.ID) != name || !sub.Installed {
				continue
			}
			s, err := openDemoSession(o.sb, sub.ID, sub.DemoToken, o.transport, o.userAgent, o.settings)
			if err != nil {
				return ui.Opened{}, err
			}
			s.Label = "demo / " + sub.Name
			return s.Opened()
		}
		return ui.Opened{}, fmt.Errorf("the demo has no sub-account %q", name)
	})
}

// Indexes of the demo: the session indexes of the gyms opened this run.
func (o *DemoOpener) Indexes(context.Context, []ui.Account) map[string]*index.Store {
	return o.OpenedIndexes()
}
