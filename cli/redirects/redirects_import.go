package redirects

import (
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
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// RedirectsImportOptions are what `funnels redirects import` works from.
type RedirectsImportOptions struct {
	File        string
	Format      string // "" told by the file's name or content
	Domain      string // the domain of a file that lists paths only
	Prune       bool
	DryRun      bool
	Yes         bool
	AllowShadow bool
	Set         cmdutil.SetOptions
	cmdutil.Exporter
}

func newCmdRedirectsImport(f *cmdutil.Factory) *cmdutil.Command {
	opts := &RedirectsImportOptions{}
	cmd := &cobra.Command{
		Use:   "import FILE|- [--prune] [--dry-run] [--yes]",
		Short: "Make the location's redirects what a file says, after showing the plan",
		Long: `Reads redirects from a file, or from standard input for -: ours (CSV, JSON or JSONL
in the columns of 'funnels redirects export': domain, path, target, action, id;
header names in any case, a byte order mark and CRLF accepted, an empty action
meaning url) or another platform's (Shopify's CSV, WordPress Redirection's CSV, a
_redirects file of Netlify or Cloudflare Pages, vercel.json), told by the file's
name or content or named by --format. Files that list paths only take --domain.

It checks every row first (host, path, target, action, a domain and path twice in
the file, a domain not attached to the location, a target that loops to its own
address or lands on another redirect, a rule another platform has that a HighLevel
redirect cannot be) and prints the plan: + add, ~ change (old → new), − delete
(only with --prune: the redirects the file leaves out), = same, ! refused (with
where and why). No address or target is ever cut: a step too long for one line
wraps onto the next. Totals follow.

--dry-run stops there: exit 0 when no row is refused, 1 otherwise. An add at a
live step's own address (it would hide the step, and the redirects leading there
would chain) is marked, and such a plan is sent only with --allow-shadow: --yes
alone stops before the first write (exit 2). Otherwise, on a terminal it asks once;
without a terminal it sends only with --yes (else exit 2, nothing sent). Refused
rows are never sent.

The writes go at the rate limit, behind any other request of yours, with a progress
line on standard error; each row's outcome is written to a journal as it lands, so
the same command run again after an interruption (Ctrl-C, a kill, a lost connection)
sends no row twice and skips what landed. A row the service refuses (422) is
reported and the rest go on. Before the first write, the location's redirects are
saved as a version ('funnels redirects versions', 'funnels redirects restore').
With --readonly the plan is shown and nothing is sent. Across sub-accounts (a set
named on the command line, never a default) every plan is shown first, under its
sub-account's name, and one question covers them all: "Send 37 writes (+30 ~5 −2)
to 3 sub-accounts?".`,
		Example: `funnels redirects import moving.csv --dry-run
funnels redirects import moving.csv
funnels redirects import moving.jsonl --prune --yes --json
funnels redirects import shopify.csv --domain offers.example.com --dry-run
funnels redirects import over-a-step.csv --yes --allow-shadow
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
	fl.BoolVar(&opts.AllowShadow, "allow-shadow", false, "send a plan that adds a redirect at a live step's address (its visitors are redirected)")
	fl.StringVar(&opts.Format, "format", "", cmdutil.OrList(redirectplan.ReadFormats())+" (default: told by the file's name or content)")
	fl.StringVar(&opts.Domain, "domain", "", "the domain the file's paths are on, for a file that lists paths only (Shopify, WordPress, _redirects, vercel.json)")
	cmdutil.TextFlag(cmd, "domain", 253)
	cmdutil.FieldFlag(cmd, "domain", "domain")
	_ = cmd.RegisterFlagCompletionFunc("format", cmdutil.FixedValues(redirectplan.ReadFormats()))
	_ = cmd.RegisterFlagCompletionFunc("domain", cmdutil.CompleteDomains(f))
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(cmdutil.MemberTag{}, applyRecord{}))
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyRedirectWrite, Plans: true, SSH: cmdutil.Offered(), Files: []cmdutil.File{importFile()}, Tools: importTools(), Set: planRows().Output}
}

func redirectsImportRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsImportOptions) error {
	ro := redirectplan.ReadOptions{}
	if opts.Format != "" {
		fm, ok := redirectplan.ParseReadFormat(opts.Format)
		if !ok {
			return cmdutil.Usagef("--format must be %s, not %s", cmdutil.OrList(redirectplan.ReadFormats()), cmdutil.QuoteInput(opts.Format))
		}
		ro.Format = fm
	}
	if opts.Domain != "" {
		host, err := validate.HostName(opts.Domain)
		if err != nil {
			return err
		}
		ro.Domain = host
	}
	rows, err := readImportFile(f.IO.In, opts.File, ro)
	if err != nil {
		return err
	}
	w := redirectplan.ImportOf(rows, opts.Prune, importName(opts.File))
	ch := planChoices{dryRun: opts.DryRun, yes: opts.Yes, allowShadow: opts.AllowShadow, exporter: &opts.Exporter}
	if opts.Set.Given(f) {
		return planSet(ctx, f, "funnels redirects import", &opts.Set, w, ch)
	}
	return planOne(ctx, f, "funnels redirects import", ch, func(*cmdutil.Session) (redirectplan.Wanted, error) { return w, nil })
}

// importName is what an import from the file name is called in its journal and
// notes: the file's name, or standard input for "-".
func importName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return filepath.Base(name)
}

// readImportFile reads the rows of the file name as o says ("-": from in, at most
// redirectplan.MaxFileBytes), in the format o names or the one the file's name or
// content tells.
func readImportFile(in io.Reader, name string, o redirectplan.ReadOptions) ([]redirectplan.Row, error) {
	var rows []redirectplan.Row
	var err error
	shown := termtext.Line(name)
	if name == "-" {
		shown = "standard input"
		rows, _, err = redirectplan.ReadFrom(in, o)
	} else {
		rows, _, err = redirectplan.ReadFileWith(name, o)
	}
	var pe *redirectplan.ParseError
	switch {
	case err == nil:
		return rows, nil
	case errors.Is(err, os.ErrNotExist):
		return nil, cmdutil.Usagef("no file %s", cmdutil.QuoteInput(name))
	case errors.Is(err, redirectplan.ErrTooLarge):
		return nil, cmdutil.Usagef("%s is %s", shown, redirectplan.ErrTooLarge)
	case errors.Is(err, redirectplan.ErrUnknownFormat):
		return nil, cmdutil.Usagef("%s: its name and content do not tell its format: give --format (%s)", shown, cmdutil.OrList(redirectplan.ReadFormats()))
	case errors.Is(err, redirectplan.ErrNeedsDomain) && errors.As(err, &pe):
		return nil, cmdutil.Usagef("%s: %s (--domain HOST)", shown, termtext.Line(pe.Error()))
	case errors.As(err, &pe):
		return nil, cmdutil.Usagef("%s: %s", shown, termtext.Line(pe.Error()))
	}
	return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("reading %s: %w", shown, err))
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
		Description: "The plan of making the sub-account's redirects what the rows say (+ add, ~ change, - delete with prune, = same, ! refused with the reason). Rows inline as CSV text or a JSON array (columns domain, path, target, action, id). Other platforms' files (Shopify, WordPress Redirection, _redirects, vercel.json) are read too, with domain for the paths they list. Nothing is sent. The result is the --json of 'funnels redirects import - --dry-run': the steps, and the marks of adds at a live step's address (the step would be hidden, the redirects leading there would chain).",
		Fixed:       []string{"--dry-run"},
		Leave:       map[string]string{"dry-run": "this tool only plans", "yes": "this tool sends nothing", "allow-shadow": "this tool sends nothing: the plan marks what would be shadowed"},
		Stdin:       "rows", StdinHelp: rows,
		Plans: true,
	}, {
		Name:        "apply_redirect_import",
		Description: "Make the sub-account's redirects what the rows say. dry_run defaults to true: the plan comes back and nothing is sent. With dry_run false it applies as 'funnels redirects import - --yes': paced, each row journaled (a rerun sends nothing twice), the redirects saved as a version first. A plan with marks (an add at a live step's address) is sent only with allow_shadow true. Show the plan and its marks to the person and apply only when they agree.",
		Fixed:       []string{"--yes"},
		Defaults:    map[string]string{"dry-run": "true"},
		Leave:       map[string]string{"yes": "the assistant applies with dry_run false, once the person agreed"},
		Stdin:       "rows", StdinHelp: rows,
	}}
}
