package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

func pagesSpec() cmdSpec {
	return cmdSpec{
		path:     "pages",
		summary:  "the pages of a funnel, or of one of its steps",
		synopsis: "funnels pages FUNNEL_ID [--step STEP_ID] [flags]",
		about: `Lists the pages of a funnel, archived ones included (marked), or only those of
one step with --step.`,
		example: `funnels pages tKvx487I4yks06qt7ovC
funnels pages tKvx487I4yks06qt7ovC --step d8beadee-6139-4161-b7e0-93a42c093720 --json`,
		args: []argDef{{name: "FUNNEL_ID", field: "funnelId"}},
		flags: []flagDef{
			{name: "step", meta: "STEP_ID", usage: "only the pages of this step", field: "stepId"},
			jsonFlag(),
		},
		api: true,
		run: runPages,
	}
}

// pagesOutput is the --json shape of `funnels pages`.
type pagesOutput struct {
	FunnelID string        `json:"funnelId"`
	StepID   string        `json:"stepId,omitempty"`
	Pages    []client.Page `json:"pages"`
}

func runPages(in *invocation) int {
	funnelID, err := validate.ID("funnelId", in.args[0])
	if err != nil {
		return in.fail(err)
	}
	stepID := in.str("step")
	if in.given["step"] {
		if stepID, err = validate.ID("stepId", stepID); err != nil {
			return in.fail(err)
		}
	}
	c, code := in.openAPI(true)
	if code != exitOK {
		return code
	}
	pages, _, err := c.ListAllPages(in.ctx, client.ListPagesParams{FunnelID: funnelID, StepID: stepID})
	var stopped *client.ListStoppedError
	if err != nil && !errors.As(err, &stopped) {
		return in.fail(err)
	}
	if code := in.printPages(funnelID, stepID, pages); code != exitOK || stopped == nil {
		return code
	}
	return in.fail(stopped) // the pages read are printed; the list is not whole: exit 1
}

// printPages prints the pages of `funnels pages`.
func (in *invocation) printPages(funnelID, stepID string, pages []client.Page) int {
	if pages == nil {
		pages = []client.Page{}
	}
	if in.wantsJSON() {
		return in.printJSON(pagesOutput{FunnelID: funnelID, StepID: stepID, Pages: pages})
	}
	if len(pages) == 0 {
		in.notice("No pages.")
		return exitOK
	}
	rows := make([][]string, 0, len(pages))
	for _, p := range pages {
		status := "live"
		if p.Deleted {
			status = "archived"
		}
		updated := "-"
		if !p.DateUpdated.IsZero() {
			updated = p.DateUpdated.UTC().Format("2006-01-02 15:04")
		}
		rows = append(rows, []string{p.ID, p.Name, orDash(p.StepID), orDash(p.URL), status, updated})
	}
	return in.printTable([]string{"ID", "NAME", "STEP", "PATH", "STATUS", "UPDATED"}, rows)
}

func pageGetSpec() cmdSpec {
	return cmdSpec{
		path:     "page get",
		summary:  "one page with every field the service sends",
		synopsis: "funnels page get PAGE_ID [flags]",
		about: `Shows one page with every field the service sends, in the order it sends them.
A page written a moment ago may not be readable for a few seconds.`,
		example: `funnels page get 9qVYnLdY1somoAmWnH9D
funnels page get 9qVYnLdY1somoAmWnH9D --json | jq .raw`,
		args:  []argDef{{name: "PAGE_ID", field: "id"}},
		flags: []flagDef{jsonFlag()},
		api:   true,
		run:   runPageGet,
	}
}

// pageOutput is the --json shape of `funnels page get`: the page's usual fields under
// fixed names, and the record exactly as the server sent it under raw.
type pageOutput struct {
	client.Page
	Raw json.RawMessage `json:"raw"`
}

func runPageGet(in *invocation) int {
	id, err := validate.ID("id", in.args[0])
	if err != nil {
		return in.fail(err)
	}
	c, code := in.openAPI(false)
	if code != exitOK {
		return code
	}
	page, _, err := c.Page(in.ctx, id)
	if err != nil {
		return in.fail(err)
	}
	if in.wantsJSON() {
		raw := page.Raw
		if !json.Valid(raw) {
			raw = json.RawMessage("{}")
		}
		return in.printJSON(pageOutput{Page: *page, Raw: raw})
	}
	fields, err := orderedFields(page.Raw)
	if err != nil || len(fields) == 0 {
		fields = []kv{{"id", page.ID}, {"name", page.Name}, {"funnelId", page.FunnelID}, {"stepId", page.StepID},
			{"url", page.URL}, {"deleted", strconv.FormatBool(page.Deleted)}}
	}
	if err := printFields(in.env.Stdout, fields); err != nil {
		return in.fail(fmt.Errorf("print the page: %w", err))
	}
	return exitOK
}
