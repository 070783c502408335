package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// StepsOptions are what `funnels steps` works from.
type StepsOptions struct {
	FunnelID string
	Exporter Exporter
}

func newCmdSteps(f *Factory) *cobra.Command {
	opts := &StepsOptions{}
	cmd := &cobra.Command{
		Use:   "steps FUNNEL_ID",
		Short: "The steps of a funnel, in order",
		Long: `Lists the steps of a funnel in order: sequence, id, name, path, type and pages
(two during a split test, with the traffic each gets). On a terminal a line about the
funnel comes first; piped, only the rows.`,
		Example: `funnels steps tKvx487I4yks06qt7ovC
funnels steps tKvx487I4yks06qt7ovC --json id,name,url
funnels steps tKvx487I4yks06qt7ovC --jq '.steps[] | .url'`,
		ValidArgsFunction: completeFunnelArg(f),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.FunnelID = args[0]
			return stepsRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = positional(cmd, arg{"FUNNEL_ID", "funnelId"})
	addJSONFlags(cmd, &opts.Exporter, fieldsOf(client.Step{}))
	return cmd
}

func stepsRun(ctx context.Context, f *Factory, opts *StepsOptions) error {
	funnelID, err := validate.ID("funnelId", opts.FunnelID)
	if err != nil {
		return err
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	fu, err := findFunnel(ctx, c, funnelID)
	if err != nil {
		return err
	}
	slices.SortStableFunc(fu.Steps, func(a, b client.Step) int { return a.Sequence - b.Sequence })
	count := plural(len(fu.Steps), "step", "steps")
	if fu.StepsKnown {
		fu.Steps = orEmpty(fu.Steps)
	} else {
		// Never "0 steps" for steps that were not sent: JSON says null.
		count = "steps unknown"
		f.notice("Note: the funnel list sent this funnel without its steps; nothing else lists them.")
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, fu, orEmpty(fu.Steps))
	}
	where := fu.URL
	if fu.DomainName != "" {
		where = validate.DisplayHost(fu.DomainName) + fu.URL
	}
	f.prose("%s %q (%s), %s, %s", termtext.Line(orDefault(fu.Type, "funnel")), cut(fu.Name, maxCell), termtext.Line(fu.ID),
		count, cut(orDefault(where, "no path"), maxCell))
	if len(fu.Steps) == 0 {
		return nil
	}
	t := newTable(f.IO, textColumn("SEQ"), idColumn("ID"), nameColumn("NAME"), nameColumn("PATH").tells(), textColumn("TYPE"), textColumn("PAGES"))
	for _, s := range fu.Steps {
		t.row(strconv.Itoa(s.Sequence), s.ID, s.Name, s.URL, orDash(s.Type), pagesCell(s))
	}
	return t.print()
}

// pagesCell is a step's page count, with the traffic split during a split test.
func pagesCell(s client.Step) string {
	n := strconv.Itoa(len(s.Pages))
	if s.Split && len(s.Pages) == 2 {
		return fmt.Sprintf("%s (split test %g/%g)", n, s.ControlTraffic, s.VariationTraffic())
	}
	return n
}

// errNoFunnel is a funnel id the location does not have (exit 1: the API's answer).
type errNoFunnel struct{ id, location string }

func (e *errNoFunnel) Error() string {
	return fmt.Sprintf("no funnel with id %s in location %s", quoteInput(e.id), termtext.Line(e.location))
}

// findFunnel finds a funnel by id in the location's list (the API has no read of one
// funnel).
func findFunnel(ctx context.Context, c *client.Client, id string) (*client.Funnel, error) {
	fu, err := lookupFunnel(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if fu == nil {
		return nil, withExitCode(ExitAPI, &errNoFunnel{id: id, location: c.LocationID()})
	}
	return fu, nil
}

// lookupFunnel is findFunnel with nil for a funnel that is not there. A listing
// stopped early (a server that never ends it) is an error only when id is not among
// what was read.
func lookupFunnel(ctx context.Context, c *client.Client, id string) (*client.Funnel, error) {
	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 100)
	if err != nil && !errors.Is(err, client.ErrIncompleteList) {
		return nil, err
	}
	for i := range all {
		if all[i].ID == id {
			return &all[i], nil
		}
	}
	return nil, err
}
