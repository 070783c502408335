package steps

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// defaultStepType is the type of a step created without --type.
const defaultStepType = validate.DefaultStepType

func newCmdStep(f *cmdutil.Factory) *cmdutil.Command {
	return cmdutil.Group(cmdutil.SectionBrowse, "step", "Add a step to a funnel (step create)", newCmdStepCreate(f))
}

// StepCreateOptions are what `funnels step create` works from.
type StepCreateOptions struct {
	FunnelID, Name, Path, Type, Domain string
	Exporter                           cmdutil.Exporter
}

// stepCreateOutput is the --json shape of `funnels step create`.
type stepCreateOutput struct {
	FunnelID string       `json:"funnelId"`
	Step     *client.Step `json:"step"`
}

func newCmdStepCreate(f *cmdutil.Factory) *cmdutil.Command {
	opts := &StepCreateOptions{}
	cmd := &cobra.Command{
		Use:   "create --funnel ID --name NAME --path /PATH",
		Short: "Add a step at the end of a funnel",
		Long: `Adds a step at the end of a funnel. The step's id is a new UUID made here and
its sequence is the next free one. The path must not be taken: it is checked with the
service first, which suggests a free one if it is. After the step is created the
funnel is read again and the new step, with the page the service made for it, is
printed (piped, only its id).`,
		Example: `funnels step create --funnel tKvx487I4yks06qt7ovC --name "Upsell" --path /trial-upsell --type upsell`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return stepCreateRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.FunnelID, "funnel", "", "the funnel to add the step to (its id)")
	fl.StringVar(&opts.Name, "name", "", "the step's name")
	fl.StringVar(&opts.Path, "path", "", "the step's /path: lowercase letters, digits, -, _ and /")
	fl.StringVar(&opts.Type, "type", defaultStepType, "the step's type: "+stepTypeNames()+" (each also with _funnel_page)")
	fl.StringVar(&opts.Domain, "domain", "", "the domain of the step, sent as domainName (the path check uses the funnel's when not given)")
	cmdutil.FieldFlag(cmd, "funnel", "funnelId")
	cmdutil.FieldFlag(cmd, "name", "step.name")
	cmdutil.FieldFlag(cmd, "path", "step.url")
	cmdutil.FieldFlag(cmd, "type", "step.type")
	cmdutil.FieldFlag(cmd, "domain", "domainName")
	_ = cmd.RegisterFlagCompletionFunc("funnel", cmdutil.CompleteFunnels(f))
	_ = cmd.RegisterFlagCompletionFunc("type", cmdutil.FixedValues(validate.StepTypes()))
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(client.Step{}))
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyCreateStep, SSH: cmdutil.Offered()}
}

func stepCreateRun(ctx context.Context, f *cmdutil.Factory, opts *StepCreateOptions) error {
	body, err := validate.NormalizeCreateStep(client.CreateStepRequest{
		FunnelID:   opts.FunnelID,
		DomainName: opts.Domain,
		Step:       client.NewStep{ID: uuid.NewString(), Name: opts.Name, URL: opts.Path, Type: opts.Type, Pages: []string{}},
	})
	if err != nil {
		return err
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	l, err := cmdutil.FindFunnel(ctx, sess, body.FunnelID, true)
	if err != nil {
		return err
	}
	fu := l.Funnel
	for _, s := range fu.Steps {
		if s.URL == body.Step.URL {
			return cmdutil.Usagef("--path %s is already the path of step %q in this funnel", body.Step.URL, termtext.Line(s.Name))
		}
	}
	body.Step.Sequence = fu.NextSequence()
	domain := cmdutil.OrDefault(body.DomainName, fu.DomainName)
	check, _, err := c.CheckStepPath(ctx, client.PathCheckParams{FunnelID: fu.ID, Name: body.Step.Name, Path: body.Step.URL, Domain: domain})
	unchecked := ""
	switch {
	case errors.Is(err, client.ErrRouteUnavailable), errors.Is(err, client.ErrScope), errors.Is(err, client.ErrRouteMissing):
		// The check is a courtesy: the create itself refuses a taken path.
		var api *client.APIError
		errors.As(err, &api)
		unchecked = "the service's path check answered " + api.Summary() + ", so --path was checked against this funnel's steps only"
	case err != nil:
		return err
	case check.UniqueURL != "" && !check.Free():
		return cmdutil.Usagef("--path %s is taken; the service suggests %s", body.Step.URL, termtext.Line(check.Suggestion()))
	}
	res, _, err := c.CreateStep(ctx, body)
	if err != nil {
		return err
	}
	if unchecked != "" {
		f.Notice("Note: %s.", unchecked)
	}
	id := body.Step.ID
	if res != nil && res.ID != "" {
		id = res.ID
	}
	step := rereadStep(ctx, sess, fu.ID, id, body.Step.URL)
	if step == nil {
		f.Notice("Created step %q (id %s), but the funnel does not list it yet; run 'funnels steps %s' in a moment.",
			body.Step.Name, termtext.Line(id), fu.ID)
		step = &client.Step{ID: id, Name: body.Step.Name, URL: body.Step.URL, Type: body.Step.Type, Sequence: body.Step.Sequence, Pages: []string{}}
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, stepCreateOutput{FunnelID: fu.ID, Step: step}, step)
	}
	f.Prose("Created step %q in funnel %q.", termtext.Line(step.Name), cmdutil.Cut(fu.Name, cmdutil.MaxCell))
	if !f.IO.OutTTY {
		f.Data(step.ID)
		return nil
	}
	pages := "-"
	if len(step.Pages) > 0 {
		pages = strings.Join(step.Pages, ", ")
	}
	return cmdutil.PrintFields(f.IO, []cmdutil.KV{
		{Key: "ID", Value: step.ID}, {Key: "Path", Value: step.URL}, {Key: "Type", Value: step.Type}, {Key: "Sequence", Value: strconv.Itoa(step.Sequence)}, {Key: "Pages", Value: pages},
	})
}

// stepTypeNames lists the step types by their short names: "optin, sales … or misc".
func stepTypeNames() string {
	var short []string
	for _, t := range validate.StepTypes() {
		short = append(short, strings.TrimSuffix(t, "_funnel_page"))
	}
	return cmdutil.OrList(short)
}

// rereadStep reads the funnel again until it lists the new step (the service's
// answer to create-step is not reliable, and lists lag a little after a write).
func rereadStep(ctx context.Context, sess *cmdutil.Session, funnelID, stepID, path string) *client.Step {
	for _, wait := range []time.Duration{0, 500 * time.Millisecond, 1500 * time.Millisecond} {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		l, err := cmdutil.LookupFunnel(ctx, sess, funnelID, true)
		fu := l.Funnel
		if err != nil || fu == nil {
			continue
		}
		for i := range fu.Steps {
			if fu.Steps[i].ID == stepID {
				return &fu.Steps[i]
			}
		}
		for i := range fu.Steps {
			if fu.Steps[i].URL == path { // a server that chose its own id
				return &fu.Steps[i]
			}
		}
	}
	return nil
}
