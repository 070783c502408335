package mcp

import (
	"context"
	"errors"
	"io"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/mcp/stdio"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// MCPOptions are what `funnels mcp` works from.
type MCPOptions struct {
	// AllowWrites opens the client for writes and lists the write tools (each of
	// which plans first: dry_run is true unless the assistant says false).
	AllowWrites bool
	// ExportsDir is where the diff tool may read export directories ("": nowhere).
	ExportsDir string
}

// Surface is what the command line hands the MCP server: the records of its
// commands, whose tools it lists, and a way to run a command line as the command
// line runs it (the tree's checks and all).
type Surface struct {
	Records func() []*cmdutil.Command
	Execute func(ctx context.Context, f *cmdutil.Factory, args []string) error
}

// NewCmdMCP is `funnels mcp`: the tools are the records' of surface.
func NewCmdMCP(f *cmdutil.Factory, surface Surface) *cmdutil.Command {
	opts := &MCPOptions{}
	cmd := &cobra.Command{
		Use:   "mcp [--allow-writes]",
		Short: "Serve the location to an AI assistant over MCP (stdio), read-only by default",
		Long: `Serves the Model Context Protocol on standard input and output, for an AI
assistant started by a desktop app or an editor. Its tools are commands of funnels,
run as the command line runs them and answering with their --json: the location's
folders, funnels, steps and pages, find over the local index, redirects and the
plan of an import of rows given inline, what this sign-in can reach (doctor),
whether every page is live (check: its pages reached as the config file's [check]
says, never at an address the assistant names), the state of the index, what 'funnels export' would write (told, never written: no tool
writes a file) and 'funnels diff'; and a resource with the location's funnels tree.
A tool's arguments are its command's arguments and flags, in snake_case (--dry-run
is dry_run); a tool of a command that runs across sub-accounts also takes location
(ids separated by commas), all_sub_accounts and group, kept to this sign-in.

The diff tool reads an export directory only under --exports-dir, and none without
it, so an assistant cannot have any other path read.

It opens the account as every command does (--profile, --location, the environment,
the saved sign-in); the token is never a tool argument and never in a result. Every
result names the sub-account it is about. Refusals come back as tool errors with
the same sentences as the command line (status code, the access to ask for).

Read-only unless --allow-writes: without it the client refuses every write and no
tool of a command that writes is listed, but for the plans. With it the redirect
import tool is listed, and it returns the plan with nothing sent unless the
assistant passes dry_run false; then it applies as 'funnels redirects import --yes'
does (paced, journaled, the old redirects saved as a version). --readonly still
wins over --allow-writes.`,
		Example: `funnels mcp --profile clinic
funnels mcp --profile clinic --allow-writes
funnels mcp --profile agency --exports-dir ~/funnel-exports`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return mcpRun(cmd.Context(), f, opts, surface)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmd.Flags().StringVar(&opts.ExportsDir, "exports-dir", "", "the directory under which the diff tool may read export directories (none without it)")
	cmd.Flags().BoolVar(&opts.AllowWrites, "allow-writes", false, "list the write tools and open the client for writes (each plans first: dry_run defaults to true)")
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionMore, Machine: cmdutil.Serves, SSH: cmdutil.NotOffered("it serves an assistant on the server's own standard input and output")}
}

// mcpRun opens the account once — a run that is not signed in ends at once with its
// exit code, and every call shares the one client, its pacer and what it learned of
// this sign-in's access — then serves MCP on the run's streams until the assistant
// closes them.
func mcpRun(ctx context.Context, f *cmdutil.Factory, opts *MCPOptions, surface Surface) error {
	if !opts.AllowWrites {
		f.Flags.ReadOnly = true
	}
	exports, err := exportsRoot(opts.ExportsDir)
	if err != nil {
		return err
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	f.Held = sess // every tool call works through this one client and its pacer
	loc := locationOf(ctx, f, sess)
	srv := newServer(&server{f: f, location: loc, exportsDir: exports, surface: surface}, opts.AllowWrites)
	mode := "read-only"
	if opts.AllowWrites && !sess.Client.ReadOnly() {
		mode = "writes allowed, each planned first"
	}
	f.Notice("funnels mcp: serving %s, %s, over standard input and output", termtext.Line(loc.words()), mode)
	if f.IO.InTTY {
		f.Notice("funnels mcp: this is for an AI assistant to start (see 'Use it from an AI assistant' in the README); Ctrl-C stops it")
	}
	err = srv.Run(ctx, stdio.Transport(f.IO.In, f.IO.Out)) // a malformed line is answered, never the end
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) || errors.Is(err, mcp.ErrConnectionClosed) {
		return nil
	}
	return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
}
