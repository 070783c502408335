package find

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/list"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// FindOptions are what `funnels find` works from.
type FindOptions struct {
	Query    string
	Kinds    []string
	Limit    int
	Exporter cmdutil.Exporter
	Set      cmdutil.SetOptions
}

// findKinds are the names --kind takes.
func findKinds() []string { return []string{"funnel", "folder", "step", "page", "redirect", "domain"} }

// maxFindLimit bounds --limit; 0 shows every match.
const maxFindLimit = 1000

// findOutput is the --json shape of `funnels find`: the best matches first.
type findOutput struct {
	Query   string       `json:"query"`
	Matches []index.Item `json:"matches"`
	Total   int          `json:"total"` // matches before --limit
	Indexed time.Time    `json:"indexed,omitzero"`
}

func newCmdFind(f *cmdutil.Factory) *cmdutil.Command {
	opts := &FindOptions{}
	cmd := &cobra.Command{
		Use:   "find TEXT",
		Short: "Find funnels, steps, pages, redirects and domains by name or path",
		Long: `Searches the local index of the location — every folder, funnel, step, page,
redirect and domain — for TEXT, fuzzily, as "go to anything" (ctrl+p) does in the
browser: the letters of TEXT in order, whole words and runs ranked first. A name
(spring sale), a path (/spring-offer), a domain or a folder all find what they name.
Each match says what it is and where it sits.

It answers from the index without a request. An index never built is built first
(as 'funnels index' does, progress on standard error); one left unfinished (a crawl
stopped, or an item that keeps failing) or older than a day is searched as it is,
with a note, and 'funnels index' reads the rest. What this sign-in can no longer
read is marked stale. Names and paths longer than 2 KiB are shown cut.

With --no-cache there is no index to search, and reading the whole location for
every query would spend the rate limit: find then asks the server's funnel list
for funnels whose name contains TEXT (one request a page of 100), and says so;
steps, pages, redirects, domains and folders are found only in the index.

Across a set, each sub-account's index file is read as it is, side by side, with
no sign-in opened (--all-sub-accounts names the set from the agency's list kept by
the last listing, when it is under a day old); one without an index is crawled
first, unless its crawl was refused within the hour (suspended, the app
uninstalled, its token refused): it is then listed as failed with that crawl's
reason, and 'funnels index' makes its index.`,
		Example: `funnels find /spring-offer
funnels find "spring sale" --kind page,step
funnels find webinar --json id,kind,name,where --limit 1`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Query = args[0]
			return FindRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "TEXT", Field: "text", Max: 500})
	cmd.Flags().StringSliceVar(&opts.Kinds, "kind", nil, "only these kinds: "+strings.Join(findKinds(), ", "))
	cmd.Flags().IntVar(&opts.Limit, "limit", 20, "at most this many matches, best first (0: all)")
	cmdutil.Bound(cmd, "limit", 0, maxFindLimit)
	_ = cmd.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions(findKinds(), cobra.ShellCompDirectiveNoFileComp))
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, append(cmdutil.FieldsOf(cmdutil.MemberTag{}, index.Item{}), "url"))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, SSH: cmdutil.Offered(), Tools: []cmdutil.Tool{findTool()}, Set: findRows().Output}
}

func FindRun(ctx context.Context, f *cmdutil.Factory, opts *FindOptions) error {
	query := strings.TrimSpace(opts.Query)
	if query == "" {
		return cmdutil.Usagef("TEXT is empty: give a name, a path or a domain to find")
	}
	for _, k := range opts.Kinds {
		if !slices.Contains(findKinds(), strings.ToLower(strings.TrimSpace(k))) {
			return cmdutil.Usagef("unknown --kind %s; use %s", cmdutil.QuoteInput(k), strings.Join(findKinds(), ", "))
		}
	}
	if opts.Limit < 0 {
		return cmdutil.Usagef("--limit must be 0 (all) or more")
	}
	if f.Flags.NoCache && len(opts.Kinds) > 0 && !slices.ContainsFunc(opts.Kinds, isFunnelKind) {
		return cmdutil.Usagef("with --no-cache, find asks the server for funnels by name only; %s are searched in the local index: drop --no-cache (or run 'funnels index' once)",
			strings.Join(opts.Kinds, ", "))
	}
	if opts.Set.Given(f) {
		return findSetRun(ctx, f, query, opts)
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c, cfg := sess.Client, sess.Config
	var matches []index.Item
	var total int
	var crawled time.Time
	if f.Flags.NoCache {
		items, err := findFunnelsByName(ctx, f, c, query)
		if err != nil {
			return err
		}
		keys := make([]string, len(items))
		for i := range items {
			keys[i] = items[i].Key()
		}
		matches, total = pickMatches(list.Rank(keys, query), opts, func(at int) index.Kind { return items[at].Kind },
			func(at int) index.Item { return boundMatch(items[at]) })
	} else if matches, total, crawled, err = indexMatches(ctx, f, c, cfg, query, opts); err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, findOutput{Query: query, Matches: matches, Total: total, Indexed: crawled}, matches)
	}
	if len(matches) == 0 {
		f.Notice("Nothing matches %s.", cmdutil.QuoteInput(query))
		return nil
	}
	if err := findRows().Table(f.IO, matches).Print(); err != nil {
		return err
	}
	if total > len(matches) && f.IO.OutTTY {
		f.Notice("%s", fmt.Sprintf("%d of %d matches; --limit 0 shows them all", len(matches), total))
	}
	return nil
}

// indexMatches are the best matches of query among the items of the location's
// local index (built first when it never was), how many match in all, and when the
// index was read from the location. It ranks the index's catalog, made once per
// change of the index, and reads whole only the items it returns.
func indexMatches(ctx context.Context, f *cmdutil.Factory, c *client.Client, cfg *config.Config, query string, opts *FindOptions) ([]index.Item, int, time.Time, error) {
	store, err := f.IndexStore(cfg)
	if err != nil {
		return nil, 0, time.Time{}, err
	}
	defer store.Close()
	st, err := store.State(ctx)
	if err != nil {
		return nil, 0, time.Time{}, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	stale := index.StaleKinds(c.Access(), false)
	var matches []index.Item
	var total, held int
	var crawled time.Time
	search := func() error {
		// The keys stay the catalog file's mapped pages: copied into the heap they
		// were tens of megabytes at a million items, faulted in afresh by every run,
		// and the run's time swung threefold with the kernel's work on them. Only the
		// items picked are copied out (Item makes its strings).
		cat, err := store.MappedCatalog(ctx)
		if err != nil {
			return readError(ctx, err)
		}
		held = cat.Len()
		matches, total = pickMatches(list.RankCatalog(cat, query), opts, cat.Kind,
			func(at int) index.Item { return boundMatch(cat.Item(at, stale)) })
		crawled = cat.Crawled()
		runtime.KeepAlive(cat)
		return nil
	}
	if err := search(); err != nil {
		return nil, 0, time.Time{}, err
	}
	setAside := store.Notice() // the file was damaged and set aside while read: rebuild it
	if setAside != "" {
		f.Notice("funnels: %s", setAside)
	}
	age := time.Since(st.Crawled)
	switch {
	// Never built: no crawl ever ran, though the browser or a look-up may have kept
	// what it read (a few funnels are not the location).
	case setAside != "" || st.Crawled.IsZero() && (!st.Unfinished || held == 0) || held == 0 && age > cmdutil.StaleIndex:
		if setAside == "" {
			f.Notice("funnels: the local index of this location is not built yet; reading the location first (as 'funnels index' does)")
		}
		_, crawlErr := cmdutil.CrawlWithProgress(ctx, f, c, store)
		if ctx.Err() != nil {
			// Interrupted: what was read is kept, and the run ends as any interrupted
			// request does (exit 1).
			return nil, 0, time.Time{}, cmdutil.CrawlError(cmp.Or(crawlErr, ctx.Err()))
		}
		if err := search(); err != nil {
			return nil, 0, time.Time{}, err
		}
		if crawlErr != nil && held == 0 {
			return nil, 0, time.Time{}, crawlErr
		}
		if crawlErr != nil {
			f.Notice("funnels: %s; searching what the index holds — 'funnels index' reads the rest", firstLine(crawlErr))
		}
	case st.Crawled.IsZero() || st.Unfinished:
		f.Notice("funnels: the local index is not complete (its last crawl did not read everything); searching what it holds — 'funnels index' reads the rest")
	case age > cmdutil.StaleIndex:
		f.Notice("funnels: the local index is from %s ago; 'funnels index' reads the location again", age.Round(time.Hour))
	}
	return matches, total, crawled, nil
}

// readError is a failure to read the local index: one of this machine (exit 4),
// unless the run was interrupted meanwhile (exit 1, as any interrupted request).
func readError(ctx context.Context, err error) error {
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	}
	return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
}

// firstLine is the first line of err's message.
func firstLine(err error) string {
	line, _, _ := strings.Cut(err.Error(), "\n")
	line, _ = index.CutText(termtext.Line(line), 300)
	return line
}

// boundMatch is it with its texts cut to what the index keeps of one, so a row of
// find stays a few kilobytes whatever an older index or the server's list held.
func boundMatch(it index.Item) index.Item {
	for _, s := range []*string{&it.Name, &it.Path, &it.Where, &it.Domain} {
		*s, _ = index.CutText(*s, index.MaxFieldBytes)
	}
	return it
}

// pickMatches keeps, of the ranked items, those of the kinds asked for, up to the
// limit, and counts them all.
func pickMatches(ranked []int, opts *FindOptions, kind func(int) index.Kind, item func(int) index.Item) ([]index.Item, int) {
	matches := []index.Item{}
	total := 0
	for _, at := range ranked {
		if !kindWanted(opts, kind(at)) {
			continue
		}
		total++
		if opts.Limit == 0 || len(matches) < opts.Limit {
			matches = append(matches, item(at))
		}
	}
	return matches, total
}

// kindWanted reports whether --kind lets items of kind k through.
func kindWanted(opts *FindOptions, k index.Kind) bool {
	return len(opts.Kinds) == 0 || slices.ContainsFunc(opts.Kinds, func(name string) bool {
		return strings.EqualFold(strings.TrimSpace(name), k.String())
	})
}

// findFunnelsByName asks the server's funnel list for the funnels whose name
// contains query: what find can do without an index.
func findFunnelsByName(ctx context.Context, f *cmdutil.Factory, c *client.Client, query string) ([]index.Item, error) {
	f.Notice("funnels: --no-cache: asking the server for funnels whose name contains %s; steps, pages, redirects and domains are found only in the local index", cmdutil.QuoteInput(query))
	funnels, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{Name: query}, 100)
	if err != nil {
		return nil, err
	}
	items := make([]index.Item, 0, len(funnels))
	for _, fn := range funnels {
		items = append(items, index.Item{Kind: index.KindFunnel, ID: fn.ID, Name: cmp.Or(fn.Name, fn.ID), Path: fn.URL,
			FolderID: fn.ParentID, FunnelID: fn.ID, Domain: fn.DomainName, Website: fn.Type == "website"})
	}
	return items, nil
}

// isFunnelKind reports whether a --kind value names funnels.
func isFunnelKind(k string) bool {
	return strings.EqualFold(strings.TrimSpace(k), index.KindFunnel.String())
}

// findRows are how `funnels find` prints its matches, of one sub-account or ranked
// across a set.
func findRows() cmdutil.Rows[index.Item] {
	return cmdutil.Rows[index.Item]{
		Output: &cmdutil.SetOutput{Key: "matches", Columns: []cmdutil.Column{cmdutil.TextColumn("KIND"), cmdutil.NameColumn("NAME").Tells(),
			cmdutil.NameColumn("PATH"), cmdutil.NameColumn("WHERE"), cmdutil.IDColumn("ID")}},
		Cells: func(it index.Item) []string {
			return []string{itemKindText(it), it.Name, cmdutil.OrDash(it.Path), cmdutil.OrDash(it.Where), it.ID}
		},
	}
}

// findTool is `funnels find` for an assistant.
func findTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "find", Description: "Find funnels, folders, steps, pages, redirects and domains by name, path or domain in the local index, fuzzily, best first. With location (ids separated by commas), all_sub_accounts or group, in the local index of each of those sub-accounts, every match naming its location and locationName, those that failed under failures. The result is the --json of 'funnels find'."}
}

// Commands are the commands of find: `funnels find`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdFind(f)}
}
