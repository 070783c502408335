package folders

import (
	"context"
	"errors"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// FoldersOptions are what `funnels folders` works from.
type FoldersOptions struct {
	Parent   string
	Exporter cmdutil.Exporter
	Set      cmdutil.SetOptions
}

// foldersOutput is the --json shape of `funnels folders`.
type foldersOutput struct {
	ParentID string          `json:"parentId"` // "" for the top level
	Via      string          `json:"via"`      // the route family that listed it: "folder entities" or "funnel list"
	ByID     bool            `json:"byId"`     // folders named by their id: their names could not be had
	Folders  []client.Folder `json:"folders"`
	Funnels  []client.Funnel `json:"funnels"`
}

// folderItem and funnelItem are the rows --json FIELDS picks from: folders first,
// then funnels, each with its kind.
type folderItem struct {
	Kind string `json:"kind"`
	client.Folder
}

type funnelItem struct {
	Kind string `json:"kind"`
	client.Funnel
}

func newCmdFolders(f *cmdutil.Factory) *cmdutil.Command {
	opts := &FoldersOptions{}
	cmd := &cobra.Command{
		Use:   "folders",
		Short: "What a folder holds: its folders, then its funnels, with ids",
		Long: `Lists what one folder holds: its folders first, then its funnels and websites,
each with its id. Without --parent it lists the top level of the location.`,
		Example: `funnels folders
funnels folders --parent 5n3BCYO90Tpw1TDRS8EK --json id,name,kind
funnels folders | cut -f2   # ids: piped, rows are tab-separated without a header`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return foldersRun(cmd.Context(), f, opts, cmd.Flags().Changed("parent"))
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmd.Flags().StringVar(&opts.Parent, "parent", "", "the folder to list (default: the top level)")
	cmdutil.FieldFlag(cmd, "parent", "parentId")
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, append([]string{"kind"}, cmdutil.FieldsOf(client.Folder{}, client.Funnel{}, cmdutil.MemberTag{})...))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, SSH: cmdutil.Offered(), Tools: []cmdutil.Tool{foldersTool()}, Set: foldersRows().Output}
}

func foldersRun(ctx context.Context, f *cmdutil.Factory, opts *FoldersOptions, parentGiven bool) error {
	parent := opts.Parent
	if parentGiven {
		p, err := validate.ID("parentId", parent)
		if err != nil {
			return err
		}
		parent = p
	}
	if opts.Set.Given(f) {
		return foldersSetRun(ctx, f, opts, parent)
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	l, note, err := browseFolder(ctx, c, parent)
	var stopped *client.ListStoppedError
	if err != nil && !errors.As(err, &stopped) {
		return err
	}
	if note != "" {
		f.Notice("Note: %s.", note)
	}
	if err := printFolder(ctx, f, opts, parent, l); err != nil || stopped == nil {
		return err
	}
	return stopped // what was read is printed; the funnel list is not whole: exit 1
}

// browseFolder lists a folder as the browser does: folder entities where they are
// open to this sign-in, the documented funnel list where they are refused (folders
// then named by id), and the steps of funnels a folder listing sent without them
// from the funnel list of the folder. note says, in one line, what is not as the web
// app would show it; "" when everything could be had.
func browseFolder(ctx context.Context, c *client.Client, parent string) (*client.Listing, string, error) {
	l, _, err := c.BrowseFolder(ctx, parent)
	if l == nil {
		return nil, "", err
	}
	note := l.Note()
	if l.StepsMissing() {
		full, _, serr := c.FunnelsWithSteps(ctx, parent, l.Funnels)
		l.Funnels = full
		if n := unknownSteps(full); n > 0 {
			why := "the funnel list does not have them"
			if serr != nil {
				why = "the funnel list could not be read: " + cmdutil.ErrorLine(serr)
			}
			stepsNote := "the folder listing sent " + cmdutil.Plural(n, "funnel", "funnels") + " without steps (STEPS ?) and " + why
			note = cmdutil.JoinNotes(note, stepsNote)
		}
	}
	return l, note, err
}

// unknownSteps counts the funnels whose steps are not known.
func unknownSteps(funnels []client.Funnel) int {
	n := 0
	for i := range funnels {
		if !funnels[i].StepsKnown {
			n++
		}
	}
	return n
}

// printFolder prints what `funnels folders` lists.
func printFolder(ctx context.Context, f *cmdutil.Factory, opts *FoldersOptions, parent string, l *client.Listing) error {
	items := listed(l)
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, foldersOutput{ParentID: parent, Via: string(l.Via), ByID: l.Grouped,
			Folders: cmdutil.OrEmpty(l.Folders), Funnels: cmdutil.OrEmpty(l.Funnels)}, items)
	}
	if len(items) == 0 {
		f.Notice("Nothing here: the folder holds no folders and no funnels.")
		return nil
	}
	return foldersRows().Table(f.IO, items).Print()
}

// listed are the records of a listing: its folders, then its funnels, each with
// its kind.
func listed(l *client.Listing) []any {
	items := make([]any, 0, len(l.Folders)+len(l.Funnels))
	for _, fo := range l.Folders {
		items = append(items, folderItem{Kind: folderKind(fo), Folder: fo})
	}
	for _, fu := range l.Funnels {
		items = append(items, funnelItem{Kind: cmdutil.OrDefault(fu.Type, "funnel"), Funnel: fu})
	}
	return items
}

// foldersRows are how `funnels folders` prints its records, of one sub-account or
// of a set.
func foldersRows() cmdutil.Rows[any] {
	return cmdutil.Rows[any]{
		Output: &cmdutil.SetOutput{Key: "items", Columns: []cmdutil.Column{cmdutil.TextColumn("KIND"), cmdutil.IDColumn("ID"),
			cmdutil.NameColumn("NAME").Tells(), cmdutil.TextColumn("STEPS"), cmdutil.NameColumn("DOMAIN"), cmdutil.NameColumn("PATH")}},
		Cells: itemCells,
		Empty: "Nothing here: the folder holds no folders and no funnels in any sub-account.",
	}
}

// itemCells are the cells of a folder's or a funnel's row.
func itemCells(rec any) []string {
	switch it := rec.(type) {
	case folderItem:
		return []string{it.Kind, it.ID, it.Name, "-", "-", "-"}
	case funnelItem:
		steps := "?"
		if it.StepsKnown {
			steps = strconv.Itoa(len(it.Steps))
		}
		return []string{it.Kind, it.ID, it.Name, steps, cmdutil.OrDash(validate.DisplayHost(it.DomainName)), cmdutil.OrDash(it.URL)}
	}
	return nil
}

// foldersTool is `funnels folders` for an assistant.
func foldersTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "list_folders", Description: "What a folder of the sub-account holds: its folders, then its funnels and websites with their steps. Without parent, the top level. The result is the --json of 'funnels folders'."}
}

func folderKind(fo client.Folder) string {
	if fo.Type == "website" {
		return "website folder"
	}
	return "folder"
}

// Commands are the commands of folders: `funnels folders` and `funnels folder create`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdFolders(f), newCmdFolder(f)}
}

// foldersSetRun lists what the folder (the top level without --parent) holds in
// every member of the set, the sub-account first on each row.
func foldersSetRun(ctx context.Context, f *cmdutil.Factory, opts *FoldersOptions, parent string) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels folders")
	if err != nil {
		return err
	}
	type listing struct {
		items []any
		note  string
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (listing, error) {
		l, note, err := browseFolder(ctx, m.Session.Client, parent)
		if err != nil {
			return listing{}, err
		}
		return listing{listed(l), note}, nil
	})
	items := make([]cmdutil.MemberDone[[]any], len(done))
	for i, d := range done {
		if d.Result.note != "" {
			f.Notice("Note: %s: %s.", cmdutil.QuoteName(d.Name), d.Result.note)
		}
		items[i] = cmdutil.MemberDone[[]any]{Member: d.Member, Result: d.Result.items}
	}
	return foldersRows().PrintSet(ctx, f, &opts.Exporter, len(fo.Set.Members), items, fails, cmdutil.DocField{Key: "parentId", Value: parent})
}
