package redirects

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

func newCmdRedirects(f *cmdutil.Factory) *cmdutil.Command {
	return cmdutil.Group(cmdutil.SectionBrowse, "redirects", "Redirects of old paths on the location's domains to new URLs (redirects list, create, update, delete)",
		newCmdRedirectsList(f), newCmdRedirectsCreate(f), newCmdRedirectsUpdate(f), newCmdRedirectsDelete(f),
		newCmdRedirectsExport(f), newCmdRedirectsImport(f), newCmdRedirectsVersions(f), newCmdRedirectsRestore(f))
}

// redirectItem is a redirect as the commands print it: the service's record and the
// address it answers.
type redirectItem struct {
	client.Redirect
	OldURL string `json:"oldUrl"`
}

func itemOf(r client.Redirect) redirectItem { return redirectItem{Redirect: r, OldURL: r.OldURL()} }

// redirectFields are the names --json may list for a redirect.
func redirectFields() []string { return cmdutil.FieldsOf(redirectItem{}) }

// RedirectsListOptions are what `funnels redirects list` works from.
type RedirectsListOptions struct {
	Search   string
	Exporter cmdutil.Exporter
	Set      cmdutil.SetOptions
}

// redirectsOutput is the --json shape of `funnels redirects list`.
type redirectsOutput struct {
	Search    string         `json:"search,omitempty"`
	Redirects []redirectItem `json:"redirects"`
}

func newCmdRedirectsList(f *cmdutil.Factory) *cmdutil.Command {
	opts := &RedirectsListOptions{}
	cmd := &cobra.Command{
		Use:   "list [--search TEXT]",
		Short: "Every URL redirect of the location",
		Long: `Lists every URL redirect of the location, sorted by domain and path: its id, the
domain and path it answers, where it goes and what that is (action: funnel, website,
url, or all for every path of the domain). --search keeps those whose domain, path or
target contains the text.`,
		Example: `funnels redirects list
funnels redirects list --search offers. --json id,oldUrl,target
funnels redirects list | cut -f1   # ids: piped, rows are tab-separated without a header`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return redirectsListRun(cmd.Context(), f, opts, cmd.Flags().Changed("search"))
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmd.Flags().StringVar(&opts.Search, "search", "", "only the redirects whose domain, path or target contains this text")
	cmdutil.TextFlag(cmd, "search", 200)
	cmdutil.FieldFlag(cmd, "search", "search")
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, append(redirectFields(), cmdutil.FieldsOf(cmdutil.MemberTag{})...))
	return &cmdutil.Command{Cobra: cmd, SSH: cmdutil.Offered(), Tools: []cmdutil.Tool{redirectsListTool()}, Set: redirectRows().Output}
}

func redirectsListRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsListOptions, searchGiven bool) error {
	search := ""
	if searchGiven {
		s, err := validate.Text("search", opts.Search, 200)
		if err != nil {
			return err
		}
		search = s
	}
	if opts.Set.Given(f) {
		return redirectsListSetRun(ctx, f, opts, search)
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	list, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{Search: search})
	var stopped *client.ListStoppedError
	if err != nil && !errors.As(err, &stopped) {
		return err
	}
	items := make([]redirectItem, len(list))
	for i, r := range list {
		items[i] = itemOf(r)
	}
	if err := printRedirects(ctx, f, opts, search, items); err != nil || stopped == nil {
		return err
	}
	return stopped // the redirects read are printed; the list is not whole: exit 1
}

func printRedirects(ctx context.Context, f *cmdutil.Factory, opts *RedirectsListOptions, search string, items []redirectItem) error {
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, redirectsOutput{Search: search, Redirects: items}, items)
	}
	if len(items) == 0 {
		if search != "" {
			f.Notice("No redirect's domain, path or target contains %s.", cmdutil.QuoteInput(search))
		} else {
			f.Notice("No redirects: make one with 'funnels redirects create'.")
		}
		return nil
	}
	return redirectRows().Table(f.IO, items).Print()
}

// redirectRows are how `funnels redirects list` prints its redirects, of one
// sub-account or of a set.
func redirectRows() cmdutil.Rows[redirectItem] {
	return cmdutil.Rows[redirectItem]{
		Output: &cmdutil.SetOutput{Key: "redirects", Columns: []cmdutil.Column{cmdutil.IDColumn("ID"), cmdutil.NameColumn("DOMAIN"),
			cmdutil.NameColumn("PATH").Tells(), cmdutil.NameColumn("TARGET"), cmdutil.TextColumn("ACTION")}},
		Cells: func(r redirectItem) []string {
			return []string{r.ID, validate.DisplayHost(r.Domain), r.Path, r.Target, cmdutil.OrDash(r.Action)}
		},
		Empty: "No redirects in any of the sub-accounts that answered.",
	}
}

// redirectsListTool is `funnels redirects list` for an assistant.
func redirectsListTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "list_redirects", Description: "Every URL redirect of the sub-account, sorted by domain and path; search keeps those whose domain, path or target contains the text. The result is the --json of 'funnels redirects list'."}
}

// RedirectsCreateOptions are what `funnels redirects create` works from.
type RedirectsCreateOptions struct {
	Domain, Path, Target, Action string
	Exporter                     cmdutil.Exporter
}

func newCmdRedirectsCreate(f *cmdutil.Factory) *cmdutil.Command {
	opts := &RedirectsCreateOptions{}
	cmd := &cobra.Command{
		Use:   "create --domain HOST --path /OLD --target URL --action ACTION",
		Short: "Redirect a path of one of the location's domains",
		Long: `Makes a redirect: a visit to the domain and path goes to the target. The action
says what the target is: url (any http or https address, given in full), funnel (a
funnel step's address), website (a website page's address), or all (every path of the
domain goes to the target). The domain must be attached to the location; the service
refuses a path that already redirects on it (matched without case). Piped, it prints
only the new redirect's id.`,
		Example: `funnels redirects create --domain offers.example.com --path /old-offer --target https://offers.example.com/spring-sale --action url
id=$(funnels redirects create --domain join.example.com --path /trial --target https://join.example.com/free-trial --action funnel)`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return redirectsCreateRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.Domain, "domain", "", "the domain the path is on (a host name attached to the location)")
	fl.StringVar(&opts.Path, "path", "", "the path that redirects, such as /old-offer")
	fl.StringVar(&opts.Target, "target", "", "where it goes: a full https:// address for --action url")
	fl.StringVar(&opts.Action, "action", "", "what the target is: "+cmdutil.OrList(validate.RedirectActions()))
	cmdutil.FieldFlag(cmd, "domain", "domain")
	cmdutil.FieldFlag(cmd, "path", "path")
	cmdutil.FieldFlag(cmd, "target", "target")
	cmdutil.FieldFlag(cmd, "action", "action")
	_ = cmd.RegisterFlagCompletionFunc("domain", cmdutil.CompleteDomains(f))
	_ = cmd.RegisterFlagCompletionFunc("action", cmdutil.FixedValues(validate.RedirectActions()))
	_ = cmd.RegisterFlagCompletionFunc("path", cmdutil.NoValues)
	_ = cmd.RegisterFlagCompletionFunc("target", cmdutil.NoValues)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, redirectFields())
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyRedirectWrite, SSH: cmdutil.Offered()}
}

func redirectsCreateRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsCreateOptions) error {
	body, err := validate.NormalizeCreateRedirect(client.CreateRedirectRequest{
		Domain: opts.Domain, Path: opts.Path, Target: opts.Target, Action: opts.Action,
	})
	if err != nil {
		return err
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	r, _, err := c.CreateRedirect(ctx, body)
	if err != nil {
		return err
	}
	item := itemOf(*r)
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, item, item)
	}
	f.Prose("Created redirect %s → %s (%s).", cmdutil.Cut(displayOldURL(r), cmdutil.MaxCell), cmdutil.Cut(r.Target, cmdutil.MaxCell), termtext.Line(r.Action))
	if !f.IO.OutTTY {
		f.Data(r.ID)
		return nil
	}
	return printRedirect(f, r)
}

// printRedirect writes one redirect's fields at a terminal.
func printRedirect(f *cmdutil.Factory, r *client.Redirect) error {
	return cmdutil.PrintFields(f.IO, []cmdutil.KV{
		{Key: "ID", Value: cmdutil.OrDefault(r.ID, "not returned by the server")}, {Key: "Old URL", Value: displayOldURL(r)}, {Key: "Target", Value: r.Target}, {Key: "Action", Value: r.Action},
	})
}

// displayOldURL is the address a redirect answers, its domain in Unicode.
func displayOldURL(r *client.Redirect) string {
	d := *r
	d.Domain = validate.DisplayHost(r.Domain)
	return d.OldURL()
}

// RedirectsUpdateOptions are what `funnels redirects update` works from.
type RedirectsUpdateOptions struct {
	ID, Target, Action string
	Exporter           cmdutil.Exporter
}

func newCmdRedirectsUpdate(f *cmdutil.Factory) *cmdutil.Command {
	opts := &RedirectsUpdateOptions{}
	cmd := &cobra.Command{
		Use:   "update ID [--target URL] [--action ACTION]",
		Short: "Change where a redirect goes",
		Long: `Changes where a redirect goes: its target, what the target is (the action), or
both. A redirect keeps its domain and path; to move those, delete it and create
another. What is not given stays as it is (it is read from the service first).`,
		Example: `funnels redirects update 1d2bfb4a0a1c4b7e9f00 --target https://offers.example.com/summer-sale --action url
funnels redirects update 1d2bfb4a0a1c4b7e9f00 --action funnel   # the same target, now a funnel step`,
		ValidArgsFunction: cmdutil.CompleteRedirectArg(f),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ID = args[0]
			return redirectsUpdateRun(cmd.Context(), f, opts, cmd.Flags().Changed("target"), cmd.Flags().Changed("action"))
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "ID", Field: "id"})
	fl := cmd.Flags()
	fl.StringVar(&opts.Target, "target", "", "where it goes now: a full https:// address for --action url")
	fl.StringVar(&opts.Action, "action", "", "what the target is: "+cmdutil.OrList(validate.RedirectActions()))
	cmdutil.FieldFlag(cmd, "target", "target")
	cmdutil.FieldFlag(cmd, "action", "action")
	_ = cmd.RegisterFlagCompletionFunc("action", cmdutil.FixedValues(validate.RedirectActions()))
	_ = cmd.RegisterFlagCompletionFunc("target", cmdutil.NoValues)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, redirectFields())
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyRedirectWrite, SSH: cmdutil.Offered()}
}

func redirectsUpdateRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsUpdateOptions, targetGiven, actionGiven bool) error {
	id, err := validate.RedirectID(opts.ID)
	if err != nil {
		return err
	}
	if !targetGiven && !actionGiven {
		return cmdutil.SyntaxError("nothing to change: give --target, --action or both")
	}
	body := client.UpdateRedirectRequest{Target: opts.Target, Action: opts.Action}
	// What was given is checked before anything is sent: the whole body when both
	// are; otherwise what can be told alone, and the whole once the redirect's
	// current values fill in the rest.
	switch {
	case targetGiven && actionGiven:
		if body, err = validate.NormalizeUpdateRedirect(body); err != nil {
			return err
		}
	case actionGiven:
		if _, err := validate.RedirectAction(opts.Action); err != nil {
			return err
		}
	default:
		if _, err := validate.RedirectTarget("", opts.Target); err != nil {
			return err
		}
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	if !targetGiven || !actionGiven {
		cur, err := findRedirect(ctx, c, id)
		if err != nil {
			return err
		}
		if !targetGiven {
			body.Target = cur.Target
		}
		if !actionGiven {
			body.Action = cur.Action
		}
		ctx = cmdutil.WithPriorRedirect(ctx, cur)
	} else if f.Audited(sess) {
		// The audit log's record before: the update goes on without it when the list
		// cannot be read.
		cur, _ := findRedirect(ctx, c, id)
		ctx = cmdutil.WithPriorRedirect(ctx, cur)
	}
	body, err = validate.NormalizeUpdateRedirect(body)
	if err != nil {
		return err
	}
	r, _, err := c.UpdateRedirect(ctx, id, body)
	if err != nil {
		return err
	}
	item := itemOf(*r)
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, item, item)
	}
	if r.Domain != "" {
		f.Prose("Redirect %s now goes to %s (%s).", cmdutil.Cut(displayOldURL(r), cmdutil.MaxCell), cmdutil.Cut(r.Target, cmdutil.MaxCell), termtext.Line(r.Action))
	} else {
		f.Prose("Redirect %s now goes to %s (%s).", termtext.Line(id), cmdutil.Cut(r.Target, cmdutil.MaxCell), termtext.Line(r.Action))
	}
	if !f.IO.OutTTY {
		return nil
	}
	return printRedirect(f, r)
}

// RedirectsDeleteOptions are what `funnels redirects delete` works from.
type RedirectsDeleteOptions struct {
	ID       string
	Yes      bool
	Exporter cmdutil.Exporter
}

// redirectDeleteOutput is the --json shape of `funnels redirects delete`.
type redirectDeleteOutput struct {
	ID       string        `json:"id"`
	Deleted  bool          `json:"deleted"`
	Redirect *redirectItem `json:"redirect,omitempty"` // what it was, when it was read first
}

func newCmdRedirectsDelete(f *cmdutil.Factory) *cmdutil.Command {
	opts := &RedirectsDeleteOptions{}
	cmd := &cobra.Command{
		Use:   "delete ID [--yes]",
		Short: "Delete a redirect (asked first)",
		Long: `Deletes a redirect: its path no longer goes anywhere. On a terminal it shows the
redirect and asks first; the answer is no unless you type y (enter keeps it). Without
a terminal to ask on (a script, CI) it deletes only with --yes, and otherwise exits 2
having sent nothing.`,
		Example: `funnels redirects delete 1d2bfb4a0a1c4b7e9f00
funnels redirects delete 1d2bfb4a0a1c4b7e9f00 --yes   # in a script: no question`,
		ValidArgsFunction: cmdutil.CompleteRedirectArg(f),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ID = args[0]
			return redirectsDeleteRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "ID", Field: "id"})
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "delete without asking")
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(redirectDeleteOutput{}))
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyRedirectWrite, SSH: cmdutil.Offered()}
}

func redirectsDeleteRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsDeleteOptions) error {
	id, err := validate.RedirectID(opts.ID)
	if err != nil {
		return err
	}
	if !opts.Yes && !f.CanAsk() {
		return cmdutil.Usagef("not deleted: there is no terminal to ask on; add --yes to delete redirect %s", id)
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	var was *client.Redirect
	if opts.Yes && f.Audited(sess) {
		// The audit log's record before; the delete goes on without it.
		was, _ = findRedirect(ctx, c, id)
	}
	if !opts.Yes {
		r, err := findRedirect(ctx, c, id)
		var missing *errNoRedirect
		switch {
		case errors.As(err, &missing):
			return err
		case err == nil:
			was = r
		}
		// Any other failure to read the list leaves only the id to ask about.
		question := "Delete redirect " + termtext.Line(id) + "?"
		if was != nil {
			question = fmt.Sprintf("Delete the redirect %s → %s (id %s)?", cmdutil.Cut(displayOldURL(was), cmdutil.MaxCell), cmdutil.Cut(was.Target, cmdutil.MaxCell), termtext.Line(id))
		}
		yes, err := f.Confirm(ctx, question)
		if err != nil {
			return err
		}
		if !yes {
			f.Notice("Kept the redirect: nothing was deleted.")
			return cmdutil.ErrCancelled
		}
	}
	if _, err := c.DeleteRedirect(cmdutil.WithPriorRedirect(ctx, was), id); err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		out := redirectDeleteOutput{ID: id, Deleted: true}
		if was != nil {
			item := itemOf(*was)
			out.Redirect = &item
		}
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	if was != nil {
		f.Prose("Deleted the redirect %s → %s (id %s).", cmdutil.Cut(displayOldURL(was), cmdutil.MaxCell), cmdutil.Cut(was.Target, cmdutil.MaxCell), termtext.Line(id))
	} else {
		f.Prose("Deleted redirect %s.", termtext.Line(id))
	}
	return nil
}

// errNoRedirect is a redirect id the location does not have (exit 1: the API's
// answer).
type errNoRedirect struct{ id, location string }

func (e *errNoRedirect) Error() string {
	return fmt.Sprintf("no redirect with id %s in location %s ('funnels redirects list' shows them)", cmdutil.QuoteInput(e.id), termtext.Line(e.location))
}

// findRedirect reads a redirect by id from the location's list (the API has no read
// of one redirect). A listing stopped early is an error only when the id is not among
// what was read.
func findRedirect(ctx context.Context, c *client.Client, id string) (*client.Redirect, error) {
	all, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
	if err != nil && !errors.Is(err, client.ErrIncompleteList) {
		return nil, err
	}
	for i := range all {
		if all[i].ID == id {
			return &all[i], nil
		}
	}
	if err != nil {
		return nil, err
	}
	return nil, cmdutil.WithExitCode(cmdutil.ExitAPI, &errNoRedirect{id: id, location: c.LocationID()})
}

// Commands are the commands of redirects: `funnels redirects` and its verbs.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdRedirects(f)}
}
