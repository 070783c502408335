package folders

import (
	"context"
	"errors"
	"strconv"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// folderSetItem and funnelSetItem are the records of `funnels folders` across a set:
// a folder's or funnel's own, with the sub-account it is in.
type (
	folderSetItem struct {
		cmdutil.MemberTag
		folderItem
	}
	funnelSetItem struct {
		cmdutil.MemberTag
		funnelItem
	}
)

// foldersSetOutput is the --json shape of `funnels folders` across a set.
type foldersSetOutput struct {
	ParentID string                  `json:"parentId"`
	Items    []any                   `json:"items"`
	Failures []cmdutil.MemberFailure `json:"failures"`
}

// foldersSetRun lists what the folder (the top level without --parent) holds in
// every member of the set, the sub-account first on each row.
func foldersSetRun(ctx context.Context, f *cmdutil.Factory, opts *FoldersOptions, parent string) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels folders")
	if err != nil {
		return err
	}
	type listed struct {
		*client.Listing
		note string
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (listed, error) {
		l, note, err := browseFolder(ctx, m.Session.Client, parent)
		if err != nil {
			return listed{}, err
		}
		return listed{l, note}, nil
	})
	items := []any{}
	t := cmdutil.NewTable(f.IO, cmdutil.NameColumn("SUB-ACCOUNT"), cmdutil.TextColumn("KIND"), cmdutil.IDColumn("ID"), cmdutil.NameColumn("NAME").Tells(), cmdutil.TextColumn("STEPS"), cmdutil.NameColumn("DOMAIN"))
	for _, d := range done {
		if d.Result.note != "" {
			f.Notice("Note: %s: %s.", cmdutil.QuoteName(d.Name), d.Result.note)
		}
		tag := cmdutil.TagOf(d.Member)
		for _, fl := range d.Result.Folders {
			items = append(items, folderSetItem{tag, folderItem{Kind: folderKind(fl), Folder: fl}})
			t.Row(d.Name, folderKind(fl), fl.ID, fl.Name, "-", "-")
		}
		for _, fu := range d.Result.Funnels {
			items = append(items, funnelSetItem{tag, funnelItem{Kind: cmdutil.OrDefault(fu.Type, "funnel"), Funnel: fu}})
			steps := "?"
			if fu.StepsKnown {
				steps = strconv.Itoa(len(fu.Steps))
			}
			t.Row(d.Name, cmdutil.OrDefault(fu.Type, "funnel"), fu.ID, fu.Name, steps, cmdutil.OrDash(validate.DisplayHost(fu.DomainName)))
		}
	}
	switch {
	case opts.Exporter.Enabled():
		err = opts.Exporter.Write(ctx, f.IO, foldersSetOutput{ParentID: parent, Items: items, Failures: cmdutil.OrEmpty(fails)}, items)
	case len(items) > 0:
		err = t.Print()
	case len(done) > 0:
		f.Notice("Nothing here: the folder holds no folders and no funnels in any sub-account.")
	}
	return errors.Join(err, cmdutil.SetOutcome(f, len(fo.Set.Members), fails))
}
