package redirects

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// RedirectsImportOptions are what `funnels redirects import` works from.
type RedirectsImportOptions struct {
	File   string
	Format string // "" from the file's extension
	Prune  bool
	DryRun bool
	Yes    bool
	Set    cmdutil.SetOptions
	cmdutil.Exporter
}

func newCmdRedirectsImport(f *cmdutil.Factory) *cmdutil.Command {
	opts := &RedirectsImportOptions{}
	cmd := &cobra.Command{
		Use:   "import FILE|- [--prune] [--dry-run] [--yes]",
		Short: "Make the location's redirects what a file says, after showing the plan",
		Long: `Reads redirects from a CSV, JSON or JSONL file (the columns of 'funnels redirects
export': domain, path, target, action, id; header names in any case, a byte order
mark and CRLF accepted, an empty action meaning url), or from standard input for -
(in --format, else JSON when the rows start with [ or {, else CSV), checks every row first (host,
path, target, action, a domain and path twice in the file, a domain not attached to
the location, a target that loops to its own address or lands on another redirect)
and prints the plan: + add, ~ change (old → new), − delete (only with --prune: the
redirects the file leaves out), = same, ! refused (with the reason). Totals follow.

--dry-run stops there: exit 0 when no row is refused, 1 otherwise. Otherwise, on a
terminal it asks once; without a terminal it sends only with --yes (else exit 2,
nothing sent). Refused rows are never sent.

The writes go at the rate limit, behind any other request of yours, with a progress
line on standard error; each row's outcome is written to a journal as it lands, so
the same command run again after an interruption (Ctrl-C, a kill, a lost connection)
sends no row twice and skips what landed. A row the service refuses (422) is
reported and the rest go on. Before the first write, the location's redirects are
saved as a version ('funnels redirects versions', 'funnels redirects restore').
With --readonly the plan is shown and nothing is sent. Across sub-accounts (a set
named on the command line, never a default) every plan is shown first, by name,
and one question covers them all: "Apply 37 changes in 3 sub-accounts?".`,
		Example: `funnels redirects import moving.csv --dry-run
funnels redirects import moving.csv
funnels redirects import moving.jsonl --prune --yes --json
funnels redirects export | sed 's/old-offer/spring-offer/' | funnels redirects import - --dry-run`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			return redirectsImportRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "FILE", Field: "file"})
	fl := cmd.Flags()
	fl.BoolVar(&opts.Prune, "prune", false, "also delete the location's redirects that the file leaves out")
	fl.BoolVar(&opts.DryRun, "dry-run", false, "show the plan and send nothing (exit 1 when a row is refused)")
	fl.BoolVarP(&opts.Yes, "yes", "y", false, "apply without asking")
	fl.StringVar(&opts.Format, "format", "", "csv, json or jsonl (default: from the file's extension)")
	_ = cmd.RegisterFlagCompletionFunc("format", cmdutil.FixedValues(redirectplan.Formats()))
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(cmdutil.MemberTag{}, applyRecord{}))
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyRedirectWrite, Plans: true, SSH: cmdutil.Offered(), Files: []cmdutil.File{importFile()}, Tools: importTools(), Set: planRows().Output}
}

func redirectsImportRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsImportOptions) error {
	rows, err := readImportFile(f.IO.In, opts.File, opts.Format)
	if err != nil {
		return err
	}
	if opts.Set.Given(f) {
		return redirectsImportSetRun(ctx, f, opts, rows)
	}
	return importRows(ctx, f, redirectplan.ImportOf(rows, opts.Prune, importName(opts.File)), opts.DryRun, opts.Yes, &opts.Exporter)
}

// importRows plans the import w against the location's redirects and applies it as
// dryRun and yes say: what `redirects import` does once its rows are read, and the
// MCP import tools with rows given inline.
func importRows(ctx context.Context, f *cmdutil.Factory, w redirectplan.Wanted, dryRun, yes bool, e *cmdutil.Exporter) error {
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c, cfg := sess.Client, sess.Config
	plan, current, err := redirectplan.Prepare(ctx, c, w)
	if err != nil {
		return err
	}
	return applyPlan(ctx, f, c, cfg, plan, current, applyRequest{wanted: w, dryRun: dryRun, yes: yes, exporter: e})
}

// importName is what an import from the file name is called in its journal and
// notes: the file's name, or standard input for "-".
func importName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return filepath.Base(name)
}

// readImportFile reads the rows of name, in format (or the one of its extension);
// "-" reads them from in, in format or the one their first character shows.
func readImportFile(in io.Reader, name, format string) ([]redirectplan.Row, error) {
	if name == "-" {
		return readImportInput(in, format)
	}
	fm, ok := redirectplan.FormatOf(name)
	if format != "" {
		if fm, ok = redirectplan.ParseFormat(format); !ok {
			return nil, cmdutil.Usagef("--format must be %s, not %s", cmdutil.OrList(redirectplan.Formats()), cmdutil.QuoteInput(format))
		}
	}
	if !ok {
		return nil, cmdutil.Usagef("cannot tell the format of %s from its extension: name it .csv, .json or .jsonl, or give --format", cmdutil.QuoteInput(name))
	}
	rows, err := redirectplan.ReadFile(name, fm)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, cmdutil.Usagef("no file %s", cmdutil.QuoteInput(name))
	case errors.Is(err, redirectplan.ErrTooLarge):
		return nil, cmdutil.Usagef("%s is %s", cmdutil.QuoteInput(name), redirectplan.ErrTooLarge)
	}
	var pe *redirectplan.ParseError
	if errors.As(err, &pe) {
		return nil, cmdutil.Usagef("%s: %s", termtext.Line(name), termtext.Line(pe.Error()))
	}
	if err != nil {
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("reading %s: %w", termtext.Line(name), err))
	}
	return rows, nil
}

// readImportInput reads the rows given on standard input: at most
// redirectplan.MaxFileBytes, in format or the one their first character shows (a
// JSON array, JSON lines, else CSV).
func readImportInput(in io.Reader, format string) ([]redirectplan.Row, error) {
	b, err := io.ReadAll(io.LimitReader(in, redirectplan.MaxFileBytes+1))
	if err != nil {
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("reading standard input: %w", err))
	}
	if len(b) > redirectplan.MaxFileBytes {
		return nil, cmdutil.Usagef("standard input is %s", redirectplan.ErrTooLarge)
	}
	fm := redirectplan.CSV
	switch t := bytes.TrimSpace(b); {
	case format != "":
		var ok bool
		if fm, ok = redirectplan.ParseFormat(format); !ok {
			return nil, cmdutil.Usagef("--format must be %s, not %s", cmdutil.OrList(redirectplan.Formats()), cmdutil.QuoteInput(format))
		}
	case len(t) > 0 && t[0] == '[':
		fm = redirectplan.JSON
	case len(t) > 0 && t[0] == '{':
		fm = redirectplan.JSONL
	}
	rows, err := redirectplan.Read(bytes.NewReader(b), fm)
	var pe *redirectplan.ParseError
	if errors.As(err, &pe) {
		return nil, cmdutil.Usagef("standard input: %s", termtext.Line(pe.Error()))
	}
	if err != nil {
		return nil, cmdutil.Usagef("standard input: %s", termtext.Line(err.Error()))
	}
	return rows, nil
}

// importFile is FILE, the file an import reads; "-" reads standard input.
func importFile() cmdutil.File {
	return cmdutil.File{Instead: "give - and send the rows on standard input (ssh HOST redirects import - < redirects.csv)"}
}

// importTools are `funnels redirects import` for an assistant: the plan of rows given
// inline, and with --allow-writes their apply.
func importTools() []cmdutil.Tool {
	const rows = "the redirects wanted: CSV text with a header (domain,path,target,action[,id]) or a JSON array of objects with those keys"
	return []cmdutil.Tool{{
		Name:        "plan_redirect_import",
		Description: "The plan of making the sub-account's redirects what the rows say (+ add, ~ change, - delete with prune, = same, ! refused with the reason). Rows inline as CSV text or a JSON array (columns domain, path, target, action, id). Nothing is sent. The result is the --json of 'funnels redirects import - --dry-run'.",
		Fixed:       []string{"--dry-run"},
		Leave:       map[string]string{"dry-run": "this tool only plans", "yes": "this tool sends nothing"},
		Stdin:       "rows", StdinHelp: rows,
		Plans: true,
	}, {
		Name:        "apply_redirect_import",
		Description: "Make the sub-account's redirects what the rows say. dry_run defaults to true: the plan comes back and nothing is sent. With dry_run false it applies as 'funnels redirects import - --yes': paced, each row journaled (a rerun sends nothing twice), the redirects saved as a version first. Show the plan to the person and apply only when they agree.",
		Fixed:       []string{"--yes"},
		Defaults:    map[string]string{"dry-run": "true"},
		Leave:       map[string]string{"yes": "the assistant applies with dry_run false, once the person agreed"},
		Stdin:       "rows", StdinHelp: rows,
	}}
}
