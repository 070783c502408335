package cli

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

func newCmdPage(f *Factory) *cobra.Command {
	return group("page", "One page with every field (page get)", newCmdPageGet(f))
}

// PageGetOptions are what `funnels page get` works from.
type PageGetOptions struct {
	PageID   string
	Exporter Exporter
}

// pageOutput is the --json shape of `funnels page get`: the page's usual fields under
// fixed names, and the record exactly as the server sent it under raw.
type pageOutput struct {
	client.Page
	Raw json.RawMessage `json:"raw"`
}

func newCmdPageGet(f *Factory) *cobra.Command {
	opts := &PageGetOptions{}
	cmd := &cobra.Command{
		Use:   "get PAGE_ID",
		Short: "One page with every field the service sends",
		Long: `Shows one page with every field the service sends, in the order it sends them.
A page written a moment ago may not be readable for a few seconds.`,
		Example: `funnels page get 9qVYnLdY1somoAmWnH9D
funnels page get 9qVYnLdY1somoAmWnH9D --jq .raw`,
		ValidArgsFunction: completePageArg(f),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.PageID = args[0]
			return pageGetRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = positional(cmd, arg{"PAGE_ID", "id"})
	addJSONFlags(cmd, &opts.Exporter, fieldsOf(pageOutput{}))
	return cmd
}

func pageGetRun(ctx context.Context, f *Factory, opts *PageGetOptions) error {
	id, err := validate.ID("id", opts.PageID)
	if err != nil {
		return err
	}
	c, err := f.Client(ctx, false)
	if err != nil {
		return err
	}
	page, _, err := c.Page(ctx, id)
	if err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		raw := page.Raw
		if !json.Valid(raw) {
			raw = json.RawMessage("{}")
		}
		out := pageOutput{Page: *page, Raw: raw}
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	fields, err := orderedFields(page.Raw)
	if err != nil || len(fields) == 0 {
		fields = []kv{{"id", page.ID}, {"name", page.Name}, {"funnelId", page.FunnelID}, {"stepId", page.StepID},
			{"url", page.URL}, {"deleted", strconv.FormatBool(page.Deleted)}}
	}
	return printFields(f.IO, fields)
}
