package folders

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// topLevelNote says where a new folder lands: the create body has no parent field.
const topLevelNote = "New folders appear at the top level: the API takes no parent folder, so move it in the web app if it belongs elsewhere."

func newCmdFolder(f *cmdutil.Factory) *cmdutil.Command {
	return cmdutil.Group(cmdutil.SectionBrowse, "folder", "Make a folder (folder create)", newCmdFolderCreate(f))
}

// FolderCreateOptions are what `funnels folder create` works from.
type FolderCreateOptions struct {
	Name, Type, UserID string
	Exporter           cmdutil.Exporter
}

func newCmdFolderCreate(f *cmdutil.Factory) *cmdutil.Command {
	opts := &FolderCreateOptions{}
	cmd := &cobra.Command{
		Use:   "create --name NAME",
		Short: "Make a folder (it appears at the top level)",
		Long: `Makes a folder for funnels or websites and prints its id (piped, only the id).
` + topLevelNote,
		Example: `funnels folder create --name "Spring Campaigns"
funnels folder create --name "Club Sites" --type website --json`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return folderCreateRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.Name, "name", "", "the folder's name")
	fl.StringVar(&opts.Type, "type", "funnel", "what it holds: funnel or website")
	fl.StringVar(&opts.UserID, "user-id", "", "the id of the user who creates it")
	cmdutil.FieldFlag(cmd, "name", "name")
	cmdutil.FieldFlag(cmd, "type", "type")
	cmdutil.FieldFlag(cmd, "user-id", "userId")
	_ = cmd.RegisterFlagCompletionFunc("type", cmdutil.FixedValues(validate.FolderTypes()))
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(client.Folder{}))
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyCreateFolder, SSH: cmdutil.Offered()}
}

func folderCreateRun(ctx context.Context, f *cmdutil.Factory, opts *FolderCreateOptions) error {
	body, err := validate.NormalizeCreateFolder(client.CreateFolderRequest{Name: opts.Name, Type: opts.Type, UserID: opts.UserID})
	if err != nil {
		return err
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	folder, _, err := c.CreateFolder(ctx, body)
	if err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		f.Notice("%s", topLevelNote)
		return opts.Exporter.Write(ctx, f.IO, folder, folder)
	}
	id := folder.ID
	if id == "" {
		id = "not returned by the server"
	}
	f.Prose("Created %s folder %q (id %s) at the top level.\n%s",
		termtext.Line(cmdutil.OrDefault(folder.Type, body.Type)), termtext.Line(cmdutil.OrDefault(folder.Name, body.Name)), termtext.Line(id), topLevelNote)
	f.Data(folder.ID)
	return nil
}
