package pages

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// PagesOptions are what `funnels pages` works from.
type PagesOptions struct {
	FunnelID, StepID string
	Exporter         cmdutil.Exporter
}

// pagesOutput is the --json shape of `funnels pages`.
type pagesOutput struct {
	FunnelID string        `json:"funnelId"`
	StepID   string        `json:"stepId,omitempty"`
	Pages    []client.Page `json:"pages"`
}

func newCmdPages(f *cmdutil.Factory) *cmdutil.Command {
	opts := &PagesOptions{}
	cmd := &cobra.Command{
		Use:   "pages FUNNEL_ID",
		Short: "The pages of a funnel, or of one of its steps",
		Long: `Lists the pages of a funnel, archived ones included (marked), or only those of
one step with --step.`,
		Example: `funnels pages tKvx487I4yks06qt7ovC
funnels pages tKvx487I4yks06qt7ovC --step d8beadee-6139-4161-b7e0-93a42c093720 --json id,name,deleted`,
		ValidArgsFunction: cmdutil.CompleteFunnelArg(f),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.FunnelID = args[0]
			return pagesRun(cmd.Context(), f, opts, cmd.Flags().Changed("step"))
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "FUNNEL_ID", Field: "funnelId"})
	cmd.Flags().StringVar(&opts.StepID, "step", "", "only the pages of this step (its id)")
	cmdutil.FieldFlag(cmd, "step", "stepId")
	_ = cmd.RegisterFlagCompletionFunc("step", cmdutil.CompleteStepsOfArg(f))
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(client.Page{}))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, SSH: cmdutil.Offered(), Tools: []cmdutil.Tool{pagesTool()}}
}

func pagesRun(ctx context.Context, f *cmdutil.Factory, opts *PagesOptions, stepGiven bool) error {
	funnelID, err := validate.ID("funnelId", opts.FunnelID)
	if err != nil {
		return err
	}
	stepID := opts.StepID
	if stepGiven {
		if stepID, err = validate.ID("stepId", stepID); err != nil {
			return err
		}
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	pages, _, err := c.ListAllPages(ctx, client.ListPagesParams{FunnelID: funnelID, StepID: stepID})
	var stopped *client.ListStoppedError
	if err != nil && !errors.As(err, &stopped) {
		return err
	}
	pages = cmdutil.OrEmpty(pages)
	var paths, stepNames map[string]string
	missing := pathsMissing(pages)
	if !opts.Exporter.Enabled() && (missing || f.IO.OutTTY && len(pages) > 0) {
		// The documented page list sends no url: a page is served at its step's path,
		// which the funnel list has, with the step's name a terminal shows.
		l, ferr := cmdutil.LookupFunnel(ctx, sess, funnelID, false)
		fu := l.Funnel
		switch {
		case fu != nil:
			paths, stepNames = map[string]string{}, map[string]string{}
			for _, s := range fu.Steps {
				paths[s.ID], stepNames[s.ID] = s.URL, s.Name
			}
			if missing {
				f.Notice("Note: the page list sent no paths; PATH is each page's step's path, from the funnel list.")
			}
		case ferr != nil && missing:
			f.Notice("Note: the page list sent no paths, and the funnel list that has its steps' paths could not be read: %s.", cmdutil.ErrorLine(ferr))
		}
	}
	if err := printPages(ctx, f, opts, funnelID, stepID, pages, paths, stepNames); err != nil || stopped == nil {
		return err
	}
	return stopped // the pages read are printed; the list is not whole: exit 1
}

// pathsMissing reports whether a page came without its path.
func pathsMissing(pages []client.Page) bool {
	for _, p := range pages {
		if p.URL == "" && p.StepID != "" {
			return true
		}
	}
	return false
}

// printPages prints the pages of `funnels pages`; stepPaths (step id → path) stands in
// for the path of a page that came without one; on a terminal STEP is the step's
// name where stepNames has it (piped, its id).
func printPages(ctx context.Context, f *cmdutil.Factory, opts *PagesOptions, funnelID, stepID string, pages []client.Page, stepPaths, stepNames map[string]string) error {
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, pagesOutput{FunnelID: funnelID, StepID: stepID, Pages: pages}, pages)
	}
	if len(pages) == 0 {
		f.Notice("No pages.")
		return nil
	}
	t := cmdutil.NewTable(f.IO, cmdutil.IDColumn("ID"), cmdutil.NameColumn("NAME").Tells(), cmdutil.NameColumn("STEP"), cmdutil.NameColumn("PATH"), cmdutil.TextColumn("STATUS"), cmdutil.TextColumn("UPDATED"))
	for _, p := range pages {
		status := "live"
		if p.Deleted {
			status = "archived"
		}
		updated := "-"
		if !p.DateUpdated.IsZero() {
			updated = p.DateUpdated.UTC().Format("2006-01-02 15:04")
		}
		path := p.URL
		if path == "" {
			path = stepPaths[p.StepID]
		}
		step := p.StepID
		if name := stepNames[step]; name != "" && f.IO.OutTTY {
			step = name
		}
		t.Row(p.ID, p.Name, cmdutil.OrDash(step), cmdutil.OrDash(path), status, updated)
	}
	return t.Print()
}

// pagesTool is `funnels pages` for an assistant.
func pagesTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "list_pages", Description: "The pages of a funnel, or of one of its steps with step, archived ones included. The result is the --json of 'funnels pages'."}
}

// Commands are the commands of pages: `funnels pages` and `funnels page get`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdPages(f), newCmdPage(f)}
}
