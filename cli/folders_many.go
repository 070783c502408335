package cli

import (
	"context"
	"errors"
	"strconv"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// folderSetItem and funnelSetItem are the records of `funnels folders` across a set:
// a folder's or funnel's own, with the sub-account it is in.
type (
	folderSetItem struct {
		memberTag
		folderItem
	}
	funnelSetItem struct {
		memberTag
		funnelItem
	}
)

// foldersSetOutput is the --json shape of `funnels folders` across a set.
type foldersSetOutput struct {
	ParentID string          `json:"parentId"`
	Items    []any           `json:"items"`
	Failures []memberFailure `json:"failures"`
}

// foldersSetRun lists what the folder (the top level without --parent) holds in
// every member of the set, the sub-account first on each row.
func foldersSetRun(ctx context.Context, f *Factory, opts *FoldersOptions, parent string) error {
	fo, err := f.startSet(ctx, &opts.Set, "funnels folders")
	if err != nil {
		return err
	}
	type listed struct {
		*client.Listing
		note string
	}
	done, fails := runSet(ctx, fo, func(ctx context.Context, m *memberRun) (listed, error) {
		l, note, err := browseFolder(ctx, m.Session.Client, parent)
		if err != nil {
			return listed{}, err
		}
		return listed{l, note}, nil
	})
	items := []any{}
	t := newTable(f.IO, nameColumn("SUB-ACCOUNT"), textColumn("KIND"), idColumn("ID"), nameColumn("NAME").tells(), textColumn("STEPS"), nameColumn("DOMAIN"))
	for _, d := range done {
		if d.Result.note != "" {
			f.notice("Note: %s: %s.", quoteName(d.Name), d.Result.note)
		}
		tag := tagOf(d.member)
		for _, fl := range d.Result.Folders {
			items = append(items, folderSetItem{tag, folderItem{Kind: folderKind(fl), Folder: fl}})
			t.row(d.Name, folderKind(fl), fl.ID, fl.Name, "-", "-")
		}
		for _, fu := range d.Result.Funnels {
			items = append(items, funnelSetItem{tag, funnelItem{Kind: orDefault(fu.Type, "funnel"), Funnel: fu}})
			steps := "?"
			if fu.StepsKnown {
				steps = strconv.Itoa(len(fu.Steps))
			}
			t.row(d.Name, orDefault(fu.Type, "funnel"), fu.ID, fu.Name, steps, orDash(validate.DisplayHost(fu.DomainName)))
		}
	}
	switch {
	case opts.Exporter.Enabled():
		err = opts.Exporter.Write(ctx, f.IO, foldersSetOutput{ParentID: parent, Items: items, Failures: orEmpty(fails)}, items)
	case len(items) > 0:
		err = t.print()
	case len(done) > 0:
		f.notice("Nothing here: the folder holds no folders and no funnels in any sub-account.")
	}
	return errors.Join(err, setOutcome(f, len(fo.set.members), fails))
}
