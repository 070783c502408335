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

func NewCmdFolders(f *cmdutil.Factory) *cobra.Command {
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
			return FoldersRun(cmd.Context(), f, opts, cmd.Flags().Changed("parent"))
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmd.Flags().StringVar(&opts.Parent, "parent", "", "the folder to list (default: the top level)")
	cmdutil.FieldFlag(cmd, "parent", "parentId")
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, append([]string{"kind"}, cmdutil.FieldsOf(client.Folder{}, client.Funnel{}, cmdutil.MemberTag{})...))
	return cmd
}

func FoldersRun(ctx context.Context, f *cmdutil.Factory, opts *FoldersOptions, parentGiven bool) error {
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
	if opts.Exporter.Enabled() {
		items := make([]any, 0, len(l.Folders)+len(l.Funnels))
		for _, fo := range l.Folders {
			items = append(items, folderItem{Kind: folderKind(fo), Folder: fo})
		}
		for _, fu := range l.Funnels {
			items = append(items, funnelItem{Kind: cmdutil.OrDefault(fu.Type, "funnel"), Funnel: fu})
		}
		return opts.Exporter.Write(ctx, f.IO, foldersOutput{ParentID: parent, Via: string(l.Via), ByID: l.Grouped,
			Folders: cmdutil.OrEmpty(l.Folders), Funnels: cmdutil.OrEmpty(l.Funnels)}, items)
	}
	if len(l.Folders)+len(l.Funnels) == 0 {
		f.Notice("Nothing here: the folder holds no folders and no funnels.")
		return nil
	}
	t := cmdutil.NewTable(f.IO, cmdutil.TextColumn("KIND"), cmdutil.IDColumn("ID"), cmdutil.NameColumn("NAME").Tells(), cmdutil.TextColumn("STEPS"), cmdutil.NameColumn("DOMAIN"), cmdutil.NameColumn("PATH"))
	for _, fo := range l.Folders {
		t.Row(folderKind(fo), fo.ID, fo.Name, "-", "-", "-")
	}
	for _, fu := range l.Funnels {
		steps := "?"
		if fu.StepsKnown {
			steps = strconv.Itoa(len(fu.Steps))
		}
		t.Row(cmdutil.OrDefault(fu.Type, "funnel"), fu.ID, fu.Name, steps, cmdutil.OrDash(validate.DisplayHost(fu.DomainName)), cmdutil.OrDash(fu.URL))
	}
	return t.Print()
}

func folderKind(fo client.Folder) string {
	if fo.Type == "website" {
		return "website folder"
	}
	return "folder"
}
