package cli

import (
	"context"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// redirectSetItem is a redirect of `funnels redirects list` across a set, with the
// sub-account it is in.
type redirectSetItem struct {
	memberTag
	redirectItem
}

// redirectsSetOutput is the --json shape of `funnels redirects list` across a set.
type redirectsSetOutput struct {
	Search    string            `json:"search,omitempty"`
	Redirects []redirectSetItem `json:"redirects"`
	Failures  []memberFailure   `json:"failures"`
}

// redirectsListSetRun lists the redirects of every member of the set, each row with
// its sub-account first. A list the server cut short fails its member: a partial
// list would read as the whole.
func redirectsListSetRun(ctx context.Context, f *Factory, opts *RedirectsListOptions, search string) error {
	fo, err := f.startSet(ctx, &opts.Set, "funnels redirects list")
	if err != nil {
		return err
	}
	done, fails := runSet(ctx, fo, func(ctx context.Context, m *memberRun) ([]client.Redirect, error) {
		list, _, err := m.Session.Client.ListAllRedirects(ctx, client.ListRedirectsParams{Search: search})
		return list, err
	})
	items := []redirectSetItem{}
	for _, d := range done {
		for _, r := range d.Result {
			items = append(items, redirectSetItem{tagOf(d.member), itemOf(r)})
		}
	}
	if opts.Exporter.Enabled() {
		err = opts.Exporter.Write(ctx, f.IO, redirectsSetOutput{Search: search, Redirects: items, Failures: orEmpty(fails)}, items)
	} else if len(items) > 0 {
		t := newTable(f.IO, nameColumn("SUB-ACCOUNT"), idColumn("ID"), nameColumn("DOMAIN"), nameColumn("PATH").tells(), nameColumn("TARGET"), textColumn("ACTION"))
		for _, r := range items {
			t.row(r.LocationName, r.ID, validate.DisplayHost(r.Domain), r.Path, r.Target, orDash(r.Action))
		}
		err = t.print()
	} else if len(done) > 0 {
		f.notice("No redirects in any of the sub-accounts that answered.")
	}
	if err != nil {
		return err
	}
	return setOutcome(f, len(fo.set.members), fails)
}
