package steps

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// StepsOptions are what `funnels steps` works from.
type StepsOptions struct {
	FunnelID string
	Fresh    bool
	Exporter cmdutil.Exporter
}

func newCmdSteps(f *cmdutil.Factory) *cmdutil.Command {
	opts := &StepsOptions{}
	cmd := &cobra.Command{
		Use:   "steps FUNNEL_ID",
		Short: "The steps of a funnel, in order",
		Long: `Lists the steps of a funnel in order: sequence, id, name, path, type and pages
(two during a split test, with the traffic each gets). On a terminal a line about the
funnel comes first; piped, only the rows. A funnel the local index holds is read from
it, with no request (a note says how old it is); --fresh asks the service.`,
		Example: `funnels steps tKvx487I4yks06qt7ovC
funnels steps tKvx487I4yks06qt7ovC --json id,name,url
funnels steps tKvx487I4yks06qt7ovC --jq '.steps[] | .url'`,
		ValidArgsFunction: cmdutil.CompleteFunnelArg(f),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.FunnelID = args[0]
			return stepsRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "FUNNEL_ID", Field: "funnelId"})
	cmd.Flags().BoolVar(&opts.Fresh, "fresh", false, "ask the service even when the local index has the funnel")
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(client.Step{}))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, SSH: cmdutil.Offered(), Tools: []cmdutil.Tool{stepsTool()}}
}

// indexNoteAfter is how old the index's answer is before steps says where it came from.
const indexNoteAfter = 10 * time.Minute

func stepsRun(ctx context.Context, f *cmdutil.Factory, opts *StepsOptions) error {
	funnelID, err := validate.ID("funnelId", opts.FunnelID)
	if err != nil {
		return err
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	l, err := cmdutil.FindFunnel(ctx, sess, funnelID, opts.Fresh)
	if err != nil {
		return err
	}
	fu := l.Funnel
	// An answer the index had from the service minutes ago is as good as a fresh
	// one; an older one says how old it is.
	if age := time.Since(l.Seen); l.FromIndex && (l.Seen.IsZero() || age > indexNoteAfter) {
		when := ""
		if !l.Seen.IsZero() {
			when = ", as the service listed it " + cmdutil.AgeText(age) + " ago"
		}
		f.Notice("Note: from the local index%s (--fresh asks the service).", when)
	}
	slices.SortStableFunc(fu.Steps, func(a, b client.Step) int { return a.Sequence - b.Sequence })
	count := cmdutil.Plural(len(fu.Steps), "step", "steps")
	if fu.StepsKnown {
		fu.Steps = cmdutil.OrEmpty(fu.Steps)
	} else {
		// Never "0 steps" for steps that were not sent: JSON says null.
		count = "steps unknown"
		f.Notice("Note: the funnel list sent this funnel without its steps; nothing else lists them.")
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, fu, cmdutil.OrEmpty(fu.Steps))
	}
	where := fu.URL
	if fu.DomainName != "" {
		where = validate.DisplayHost(fu.DomainName) + fu.URL
	}
	f.Prose("%s %q (%s), %s, %s", termtext.Line(cmdutil.OrDefault(fu.Type, "funnel")), cmdutil.Cut(fu.Name, cmdutil.MaxCell), termtext.Line(fu.ID),
		count, cmdutil.Cut(cmdutil.OrDefault(where, "no path"), cmdutil.MaxCell))
	if len(fu.Steps) == 0 {
		return nil
	}
	t := cmdutil.NewTable(f.IO, cmdutil.TextColumn("SEQ"), cmdutil.IDColumn("ID"), cmdutil.NameColumn("NAME"), cmdutil.NameColumn("PATH").Tells(), cmdutil.TextColumn("TYPE"), cmdutil.TextColumn("PAGES"))
	for _, s := range fu.Steps {
		t.Row(strconv.Itoa(s.Sequence), s.ID, s.Name, s.URL, cmdutil.OrDash(s.Type), pagesCell(s))
	}
	return t.Print()
}

// pagesCell is a step's page count, with the traffic split during a split test.
func pagesCell(s client.Step) string {
	n := strconv.Itoa(len(s.Pages))
	if s.Split && len(s.Pages) == 2 {
		return fmt.Sprintf("%s (split test %g/%g)", n, s.ControlTraffic, s.VariationTraffic())
	}
	return n
}

// stepsTool is `funnels steps` for an assistant.
func stepsTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "list_steps", Description: "The steps of a funnel in order (sequence, id, name, path, type, pages, split tests). The result is the --json of 'funnels steps'."}
}

// Commands are the commands of steps: `funnels steps` and `funnels step create`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdSteps(f), newCmdStep(f)}
}
