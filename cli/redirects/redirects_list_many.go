package redirects

import (
	"context"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
)

// redirectsListSetRun lists the redirects of every member of the set, each row with
// its sub-account first. A list the server cut short fails its member: a partial
// list would read as the whole.
func redirectsListSetRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsListOptions, search string) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels redirects list")
	if err != nil {
		return err
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) ([]redirectItem, error) {
		list, _, err := m.Session.Client.ListAllRedirects(ctx, client.ListRedirectsParams{Search: search})
		items := make([]redirectItem, len(list))
		for i, r := range list {
			items[i] = itemOf(r)
		}
		return items, err
	})
	var fields []cmdutil.DocField
	if search != "" {
		fields = append(fields, cmdutil.DocField{Key: "search", Value: search})
	}
	return redirectRows().PrintSet(ctx, f, &opts.Exporter, len(fo.Set.Members), done, fails, fields...)
}
