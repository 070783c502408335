package cli

import (
	"context"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// FoldersOptions are what `funnels folders` works from.
type FoldersOptions struct {
	Parent   string
	Exporter Exporter
}

// foldersOutput is the --json shape of `funnels folders`.
type foldersOutput struct {
	ParentID string          `json:"parentId"` // "" for the top level
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

func newCmdFolders(f *Factory) *cobra.Command {
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
	cmd.Args = positional(cmd)
	cmd.Flags().StringVar(&opts.Parent, "parent", "", "the folder to list (default: the top level)")
	fieldFlag(cmd, "parent", "parentId")
	addJSONFlags(cmd, &opts.Exporter, append([]string{"kind"}, fieldsOf(client.Folder{}, client.Funnel{})...))
	return cmd
}

func foldersRun(ctx context.Context, f *Factory, opts *FoldersOptions, parentGiven bool) error {
	parent := opts.Parent
	if parentGiven {
		p, err := validate.ID("parentId", parent)
		if err != nil {
			return err
		}
		parent = p
	}
	c, err := f.Client(ctx, true)
	if err != nil {
		return err
	}
	ents, _, err := c.FolderEntities(ctx, "", parent, "")
	if err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		items := make([]any, 0, len(ents.Folders)+len(ents.Funnels))
		for _, fo := range ents.Folders {
			items = append(items, folderItem{Kind: folderKind(fo), Folder: fo})
		}
		for _, fu := range ents.Funnels {
			items = append(items, funnelItem{Kind: orDefault(fu.Type, "funnel"), Funnel: fu})
		}
		return opts.Exporter.Write(ctx, f.IO, foldersOutput{ParentID: parent, Folders: orEmpty(ents.Folders), Funnels: orEmpty(ents.Funnels)}, items)
	}
	if len(ents.Folders)+len(ents.Funnels) == 0 {
		f.notice("Nothing here: the folder holds no folders and no funnels.")
		return nil
	}
	t := newTable(f.IO, "KIND", "ID", "NAME", "STEPS", "DOMAIN", "PATH")
	for _, fo := range ents.Folders {
		t.row(folderKind(fo), fo.ID, fo.Name, "-", "-", "-")
	}
	for _, fu := range ents.Funnels {
		t.row(orDefault(fu.Type, "funnel"), fu.ID, fu.Name, strconv.Itoa(len(fu.Steps)), orDash(validate.DisplayHost(fu.DomainName)), orDash(fu.URL))
	}
	return t.print()
}

func folderKind(fo client.Folder) string {
	if fo.Type == "website" {
		return "website folder"
	}
	return "folder"
}

// orEmpty is s, or an empty slice for nil, so JSON says [] and not null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
