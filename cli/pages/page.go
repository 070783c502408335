package pages

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

func newCmdPage(f *cmdutil.Factory) *cmdutil.Command {
	return cmdutil.Group(cmdutil.SectionBrowse, "page", "One page with every field (page get)", newCmdPageGet(f))
}

// PageGetOptions are what `funnels page get` works from.
type PageGetOptions struct {
	PageID, FunnelID string
	Exporter         cmdutil.Exporter
}

// pageOutput is the --json shape of `funnels page get`: the page's usual fields under
// fixed names, and the record exactly as the server sent it under raw.
type pageOutput struct {
	client.Page
	Raw json.RawMessage `json:"raw"`
	// Partial is set when the page's own route is refused to this sign-in: the fields
	// are the page list's, and raw is the page list's record.
	Partial bool `json:"partial"`
}

func newCmdPageGet(f *cmdutil.Factory) *cmdutil.Command {
	opts := &PageGetOptions{}
	cmd := &cobra.Command{
		Use:   "get PAGE_ID",
		Short: "One page with every field the service sends",
		Long: `Shows one page with every field the service sends, in the order it sends them.
A page written a moment ago may not be readable for a few seconds.

Where the page's own route is refused to this sign-in (a private integration token
or a Marketplace app on the real service), it shows the fields the documented page
list has for the page instead, says so on standard error, and exits 0. The page list
is read for the page's funnel: --funnel names it; without it the funnel is found by
the pages its steps hold (an archived page is found only with --funnel).`,
		Example: `funnels page get 9qVYnLdY1somoAmWnH9D
funnels page get 9qVYnLdY1somoAmWnH9D --jq .raw
funnels page get 9qVYnLdY1somoAmWnH9D --funnel tKvx487I4yks06qt7ovC`,
		ValidArgsFunction: cmdutil.CompletePageArg(f),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.PageID = args[0]
			return pageGetRun(cmd.Context(), f, opts, cmd.Flags().Changed("funnel"))
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "PAGE_ID", Field: "id"})
	cmd.Flags().StringVar(&opts.FunnelID, "funnel", "", "the page's funnel (its id): where the page's own route is refused, its page list is read")
	cmdutil.FieldFlag(cmd, "funnel", "funnelId")
	_ = cmd.RegisterFlagCompletionFunc("funnel", cmdutil.CompleteFunnels(f))
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(pageOutput{}))
	return &cmdutil.Command{Cobra: cmd, SSH: cmdutil.Offered(), Tools: []cmdutil.Tool{pageTool()}}
}

func pageGetRun(ctx context.Context, f *cmdutil.Factory, opts *PageGetOptions, funnelGiven bool) error {
	id, err := validate.ID("id", opts.PageID)
	if err != nil {
		return err
	}
	funnelID := ""
	if funnelGiven {
		if funnelID, err = validate.ID("funnelId", opts.FunnelID); err != nil {
			return err
		}
	}
	sess, err := f.Session(ctx, funnelGiven)
	if err != nil {
		return err
	}
	c := sess.Client
	var read *client.PageRead
	if c.LocationID() == "" {
		// The page list that stands in for a refused page route needs a location.
		p, _, err := c.Page(ctx, id)
		var api *client.APIError
		if errors.As(err, &api) && api.Refusal != client.NotRefused {
			return cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("%s; with a location (--location ID) the page list's fields are shown instead", cmdutil.RefusalLine(api)))
		}
		if err != nil {
			return err
		}
		read = &client.PageRead{Page: *p}
	} else if read, _, err = c.PageDetail(ctx, funnelID, id); err != nil {
		return pageDetailError(err, id, funnelID)
	}
	page := &read.Page
	if read.Partial {
		f.Notice("Note: %s.", partialNote(read.Refusal))
	}
	if opts.Exporter.Enabled() {
		raw := page.Raw
		if !json.Valid(raw) {
			raw = json.RawMessage("{}")
		}
		out := pageOutput{Page: *page, Raw: raw, Partial: read.Partial}
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	fields, err := cmdutil.OrderedFields(page.Raw)
	if err != nil || len(fields) == 0 {
		fields = []cmdutil.KV{{Key: "id", Value: page.ID}, {Key: "name", Value: page.Name}, {Key: "funnelId", Value: page.FunnelID}, {Key: "stepId", Value: page.StepID},
			{Key: "url", Value: page.URL}, {Key: "deleted", Value: strconv.FormatBool(page.Deleted)}}
	}
	return cmdutil.PrintFields(f.IO, fields)
}

// partialNote says why a page shows only what the page list has.
func partialNote(refusal *client.APIError) string {
	if refusal == nil {
		return "the page's own route is not open to this sign-in: these are the fields the page list has"
	}
	return pageRouteAnswer(refusal) + "; these are the fields the page list has"
}

// pageRouteAnswer says what the page's own route answered and what that means.
func pageRouteAnswer(refusal *client.APIError) string {
	if refusal.Refusal == client.RefusedMissing {
		return "the page's own route is " + client.NotOnServer + " (" + strconv.Itoa(refusal.StatusCode) + ")"
	}
	return "the page's own route answered " + refusal.Summary() + " — it needs " + refusal.Need()
}

// pageDetailError words a failure of PageDetail. The page's own route refused and the
// page not found where the page list was read is said in full; anything else is as
// the client said it.
func pageDetailError(err error, pageID, funnelID string) error {
	var api *client.APIError
	if !errors.As(err, &api) || error(api) == err || api.Family != client.FamilyPageByID {
		return err
	}
	refused := pageRouteAnswer(api) + " —"
	if funnelID != "" {
		return cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("%s, and the page list of funnel %s does not have page %s", refused, funnelID, cmdutil.QuoteInput(pageID)))
	}
	return cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("%s, and no funnel's steps hold page %s; an archived page is found with --funnel FUNNEL_ID", refused, cmdutil.QuoteInput(pageID)))
}

// pageTool is `funnels page get` for an assistant.
func pageTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "get_page", Description: "One page by id with every field the service sends (raw). The result is the --json of 'funnels page get'."}
}
