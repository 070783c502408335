package redirects

import (
	"context"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// redirectSetItem is a redirect of `funnels redirects list` across a set, with the
// sub-account it is in.
type redirectSetItem struct {
	cmdutil.MemberTag
	redirectItem
}

// redirectsSetOutput is the --json shape of `funnels redirects list` across a set.
type redirectsSetOutput struct {
	Search    string                  `json:"search,omitempty"`
	Redirects []redirectSetItem       `json:"redirects"`
	Failures  []cmdutil.MemberFailure `json:"failures"`
}

// redirectsListSetRun lists the redirects of every member of the set, each row with
// its sub-account first. A list the server cut short fails its member: a partial
// list would read as the whole.
func redirectsListSetRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsListOptions, search string) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels redirects list")
	if err != nil {
		return err
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) ([]client.Redirect, error) {
		list, _, err := m.Session.Client.ListAllRedirects(ctx, client.ListRedirectsParams{Search: search})
		return list, err
	})
	items := []redirectSetItem{}
	for _, d := range done {
		for _, r := range d.Result {
			items = append(items, redirectSetItem{cmdutil.TagOf(d.Member), itemOf(r)})
		}
	}
	if opts.Exporter.Enabled() {
		err = opts.Exporter.Write(ctx, f.IO, redirectsSetOutput{Search: search, Redirects: items, Failures: cmdutil.OrEmpty(fails)}, items)
	} else if len(items) > 0 {
		t := cmdutil.NewTable(f.IO, cmdutil.NameColumn("SUB-ACCOUNT"), cmdutil.IDColumn("ID"), cmdutil.NameColumn("DOMAIN"), cmdutil.NameColumn("PATH").Tells(), cmdutil.NameColumn("TARGET"), cmdutil.TextColumn("ACTION"))
		for _, r := range items {
			t.Row(r.LocationName, r.ID, validate.DisplayHost(r.Domain), r.Path, r.Target, cmdutil.OrDash(r.Action))
		}
		err = t.Print()
	} else if len(done) > 0 {
		f.Notice("No redirects in any of the sub-accounts that answered.")
	}
	if err != nil {
		return err
	}
	return cmdutil.SetOutcome(f, len(fo.Set.Members), fails)
}
