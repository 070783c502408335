package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// defaultStepType is the type of a step created without --type.
const defaultStepType = validate.DefaultStepType

func stepsSpec() cmdSpec {
	return cmdSpec{
		path:     "steps",
		summary:  "the steps of a funnel, in order",
		synopsis: "funnels steps FUNNEL_ID [flags]",
		about: `Lists the steps of a funnel in order: sequence, id, name, path, type and pages
(two during a split test, with the traffic each gets).`,
		example: `funnels steps tKvx487I4yks06qt7ovC
funnels steps tKvx487I4yks06qt7ovC --json | jq -r '.steps[] | .url'`,
		args:  []argDef{{name: "FUNNEL_ID", field: "funnelId"}},
		flags: []flagDef{jsonFlag()},
		api:   true,
		run:   runSteps,
	}
}

func runSteps(in *invocation) int {
	funnelID, err := validate.ID("funnelId", in.args[0])
	if err != nil {
		return in.fail(err)
	}
	c, code := in.openAPI(true)
	if code != exitOK {
		return code
	}
	f, code := in.funnel(c, funnelID)
	if code != exitOK {
		return code
	}
	slices.SortStableFunc(f.Steps, func(a, b client.Step) int { return a.Sequence - b.Sequence })
	if f.Steps == nil {
		f.Steps = []client.Step{}
	}
	if in.wantsJSON() {
		return in.printJSON(f)
	}
	where := f.URL
	if f.DomainName != "" {
		where = validate.DisplayHost(f.DomainName) + f.URL
	}
	fmt.Fprintf(in.env.Stdout, "%s %q (%s), %s, %s\n", orDefault(f.Type, "funnel"), cleanLine(f.Name), cleanLine(f.ID),
		plural(len(f.Steps), "step", "steps"), cleanLine(orDefault(where, "no path")))
	if len(f.Steps) == 0 {
		return exitOK
	}
	rows := make([][]string, 0, len(f.Steps))
	for _, s := range f.Steps {
		rows = append(rows, []string{strconv.Itoa(s.Sequence), s.ID, s.Name, s.URL, orDash(s.Type), pagesCell(s)})
	}
	return in.printTable([]string{"SEQ", "ID", "NAME", "PATH", "TYPE", "PAGES"}, rows)
}

// pagesCell is a step's page count, with the traffic split during a split test.
func pagesCell(s client.Step) string {
	n := strconv.Itoa(len(s.Pages))
	if s.Split && len(s.Pages) == 2 {
		return fmt.Sprintf("%s (split test %g/%g)", n, s.ControlTraffic, s.VariationTraffic())
	}
	return n
}

// funnel finds a funnel by id in the location's list (the API has no read of one
// funnel). Not finding it ends the command with exit 1.
func (in *invocation) funnel(c *client.Client, id string) (*client.Funnel, int) {
	f, err := findFunnel(in.ctx, c, id)
	if err != nil {
		return nil, in.fail(err)
	}
	if f == nil {
		fmt.Fprintf(in.env.Stderr, "funnels %s: no funnel with id %s in location %s\n", in.spec.path, quoteInput(id), cleanLine(c.LocationID()))
		return nil, exitAPI
	}
	return f, exitOK
}

func findFunnel(ctx context.Context, c *client.Client, id string) (*client.Funnel, error) {
	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 100)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].ID == id {
			return &all[i], nil
		}
	}
	return nil, nil
}

func stepCreateSpec() cmdSpec {
	return cmdSpec{
		path:     "step create",
		summary:  "add a step at the end of a funnel",
		synopsis: "funnels step create --funnel ID --name NAME --path /PATH [--type TYPE] [--domain HOST] [flags]",
		about: `Adds a step at the end of a funnel. The step's id is a new UUID made here and
its sequence is the next free one. The path must not be taken: it is checked with the
service first, which suggests a free one if it is. After the step is created the
funnel is read again and the new step, with the page the service made for it, is
printed.`,
		example: `funnels step create --funnel tKvx487I4yks06qt7ovC --name "Upsell" --path /trial-upsell --type upsell`,
		flags: []flagDef{
			{name: "funnel", meta: "ID", usage: "the funnel to add the step to", field: "funnelId"},
			{name: "name", meta: "NAME", usage: "the step's name", field: "step.name"},
			{name: "path", meta: "/PATH", usage: "the step's path: lowercase letters, digits, -, _ and /", field: "step.url"},
			{name: "type", meta: "TYPE", usage: "the step's type", field: "step.type", values: validate.StepTypes, def: defaultStepType},
			{name: "domain", meta: "HOST", usage: "the domain of the step, sent as domainName (the path check uses the funnel's when not given)", field: "domainName"},
			jsonFlag(),
		},
		api: true,
		run: runStepCreate,
	}
}

// stepCreateOutput is the --json shape of `funnels step create`.
type stepCreateOutput struct {
	FunnelID string       `json:"funnelId"`
	Step     *client.Step `json:"step"`
}

func runStepCreate(in *invocation) int {
	body, err := validate.NormalizeCreateStep(client.CreateStep{
		FunnelID:   in.str("funnel"),
		DomainName: in.str("domain"),
		Step:       client.NewStep{ID: uuid.NewString(), Name: in.str("name"), URL: in.str("path"), Type: in.str("type"), Pages: []string{}},
	})
	if err != nil {
		return in.fail(err)
	}
	c, code := in.openAPI(true)
	if code != exitOK {
		return code
	}
	f, code := in.funnel(c, body.FunnelID)
	if code != exitOK {
		return code
	}
	for _, s := range f.Steps {
		body.Step.Sequence = max(body.Step.Sequence, s.Sequence)
		if s.URL == body.Step.URL {
			return in.usageError("--path %s is already the path of step %q in this funnel", body.Step.URL, cleanLine(s.Name))
		}
	}
	body.Step.Sequence = max(body.Step.Sequence, len(f.Steps)) + 1
	domain := orDefault(body.DomainName, f.DomainName)
	check, _, err := c.CheckStepPath(in.ctx, client.PathCheckParams{FunnelID: f.ID, Name: body.Step.Name, Path: body.Step.URL, Domain: domain})
	if err != nil {
		return in.fail(err)
	}
	if check.UniqueURL != "" && !check.Free() {
		return in.usageError("--path %s is taken; the service suggests %s", body.Step.URL, cleanLine(check.Suggestion()))
	}
	res, _, err := c.CreateStep(in.ctx, body)
	if err != nil {
		return in.fail(err)
	}
	id := body.Step.ID
	if res != nil && res.ID != "" {
		id = res.ID
	}
	step := in.rereadStep(c, f.ID, id, body.Step.URL)
	if step == nil {
		in.notice("Created step %q (id %s), but the funnel does not list it yet; run 'funnels steps %s' in a moment.",
			body.Step.Name, cleanLine(id), f.ID)
		step = &client.Step{ID: id, Name: body.Step.Name, URL: body.Step.URL, Type: body.Step.Type, Sequence: body.Step.Sequence, Pages: []string{}}
	}
	if in.wantsJSON() {
		return in.printJSON(stepCreateOutput{FunnelID: f.ID, Step: step})
	}
	fmt.Fprintf(in.env.Stdout, "Created step %q in funnel %q.\n", cleanLine(step.Name), cleanLine(f.Name))
	pages := "-"
	if len(step.Pages) > 0 {
		pages = strings.Join(step.Pages, ", ")
	}
	if err := printFields(in.env.Stdout, []kv{
		{"ID", step.ID}, {"Path", step.URL}, {"Type", step.Type}, {"Sequence", strconv.Itoa(step.Sequence)}, {"Pages", pages},
	}); err != nil {
		return in.fail(err)
	}
	return exitOK
}

// rereadStep reads the funnel again until it lists the new step (the service's
// answer to create-step is not reliable, and lists lag a little after a write).
func (in *invocation) rereadStep(c *client.Client, funnelID, stepID, path string) *client.Step {
	for _, wait := range []time.Duration{0, 500 * time.Millisecond, 1500 * time.Millisecond} {
		select {
		case <-in.ctx.Done():
			return nil
		case <-time.After(wait):
		}
		f, err := findFunnel(in.ctx, c, funnelID)
		if err != nil || f == nil {
			continue
		}
		for i := range f.Steps {
			if f.Steps[i].ID == stepID {
				return &f.Steps[i]
			}
		}
		for i := range f.Steps {
			if f.Steps[i].URL == path { // a server that chose its own id
				return &f.Steps[i]
			}
		}
	}
	return nil
}
