package cli

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui"
)

// FindOptions are what `funnels find` works from.
type FindOptions struct {
	Query    string
	Kinds    []string
	Limit    int
	Exporter Exporter
}

// findKinds are the names --kind takes.
func findKinds() []string { return []string{"funnel", "folder", "step", "page", "redirect", "domain"} }

// findOutput is the --json shape of `funnels find`: the best matches first.
type findOutput struct {
	Query   string       `json:"query"`
	Matches []index.Item `json:"matches"`
	Total   int          `json:"total"` // matches before --limit
	Indexed time.Time    `json:"indexed,omitzero"`
}

// staleIndex is how old an index may be before find says so.
const staleIndex = 24 * time.Hour

func newCmdFind(f *Factory) *cobra.Command {
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
(as 'funnels index' does, progress on standard error); one older than a day is
used, with a note. What this sign-in can no longer read is marked stale.

With --no-cache there is no index to search, and reading the whole location for
every query would spend the rate limit: find then asks the server's funnel list
for funnels whose name contains TEXT (one request a page of 100), and says so;
steps, pages, redirects, domains and folders are found only in the index.`,
		Example: `funnels find /spring-offer
funnels find "spring sale" --kind page,step
funnels find webinar --json id,kind,name,where --limit 1`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Query = args[0]
			return findRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = positional(cmd, arg{"TEXT", "text"})
	cmd.Flags().StringSliceVar(&opts.Kinds, "kind", nil, "only these kinds: "+strings.Join(findKinds(), ", "))
	cmd.Flags().IntVar(&opts.Limit, "limit", 20, "at most this many matches, best first (0: all)")
	_ = cmd.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions(findKinds(), cobra.ShellCompDirectiveNoFileComp))
	addJSONFlags(cmd, &opts.Exporter, append(fieldsOf(index.Item{}), "url"))
	return cmd
}

func findRun(ctx context.Context, f *Factory, opts *FindOptions) error {
	query := strings.TrimSpace(opts.Query)
	if query == "" {
		return usagef("TEXT is empty: give a name, a path or a domain to find")
	}
	for _, k := range opts.Kinds {
		if !slices.Contains(findKinds(), strings.ToLower(strings.TrimSpace(k))) {
			return usagef("unknown --kind %s; use %s", quoteInput(k), strings.Join(findKinds(), ", "))
		}
	}
	if opts.Limit < 0 {
		return usagef("--limit must be 0 (all) or more")
	}
	if f.Flags.NoCache && len(opts.Kinds) > 0 && !slices.ContainsFunc(opts.Kinds, isFunnelKind) {
		return usagef("with --no-cache, find asks the server for funnels by name only; %s are searched in the local index: drop --no-cache (or run 'funnels index' once)",
			strings.Join(opts.Kinds, ", "))
	}
	c, cfg, err := f.locationClient(ctx)
	if err != nil {
		return err
	}
	var items []index.Item
	var crawled time.Time
	if f.Flags.NoCache {
		if items, err = findFunnelsByName(ctx, f, c, query); err != nil {
			return err
		}
	} else if items, crawled, err = indexItems(ctx, f, c, cfg); err != nil {
		return err
	}
	if len(opts.Kinds) > 0 {
		items = slices.DeleteFunc(items, func(it index.Item) bool {
			return !slices.ContainsFunc(opts.Kinds, func(k string) bool { return strings.EqualFold(strings.TrimSpace(k), it.Kind.String()) })
		})
	}
	keys := make([]string, len(items))
	for i := range items {
		keys[i] = items[i].Key()
	}
	ranked := ui.Rank(keys, query)
	total := len(ranked)
	if opts.Limit > 0 && len(ranked) > opts.Limit {
		ranked = ranked[:opts.Limit]
	}
	matches := make([]index.Item, len(ranked))
	for i, at := range ranked {
		matches[i] = items[at]
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, findOutput{Query: query, Matches: matches, Total: total, Indexed: crawled}, matches)
	}
	if len(matches) == 0 {
		f.notice("Nothing matches %s.", quoteInput(query))
		return nil
	}
	t := newTable(f.IO, textColumn("KIND"), nameColumn("NAME").tells(), nameColumn("PATH"), nameColumn("WHERE"), idColumn("ID"))
	for _, it := range matches {
		kind := it.Kind.String()
		if it.Website && it.Kind == index.KindFunnel {
			kind = "website"
		}
		if it.Archived {
			kind += " (archived)"
		}
		if it.Stale {
			kind += " (stale)"
		}
		t.row(kind, it.Name, orDash(it.Path), orDash(it.Where), it.ID)
	}
	if err := t.print(); err != nil {
		return err
	}
	if total > len(matches) && f.IO.OutTTY {
		f.notice("%s", fmt.Sprintf("%d of %d matches; --limit 0 shows them all", len(matches), total))
	}
	return nil
}

// indexItems are the items of the location's local index, built first when it
// never was, and when it was read from the location.
func indexItems(ctx context.Context, f *Factory, c *client.Client, cfg *config.Config) ([]index.Item, time.Time, error) {
	store, err := f.indexStore(cfg)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer store.Close()
	st, err := store.State(ctx)
	if err != nil {
		return nil, time.Time{}, withExitCode(ExitLocal, err)
	}
	if st.Crawled.IsZero() {
		f.notice("funnels: the local index of this location is not built yet; reading the location first (as 'funnels index' does)")
		if _, err := crawlWithProgress(ctx, f, c, store); err != nil {
			return nil, time.Time{}, err
		}
	} else if age := time.Since(st.Crawled); age > staleIndex {
		f.notice("funnels: the local index is from %s ago; 'funnels index' reads the location again", age.Round(time.Hour))
	}
	snap, err := store.Snapshot(ctx)
	if err != nil {
		return nil, time.Time{}, withExitCode(ExitLocal, err)
	}
	if n := store.Notice(); n != "" { // the file was damaged and set aside while read: rebuild it
		f.notice("funnels: %s", n)
		if _, err := crawlWithProgress(ctx, f, c, store); err != nil {
			return nil, time.Time{}, err
		}
		if snap, err = store.Snapshot(ctx); err != nil {
			return nil, time.Time{}, withExitCode(ExitLocal, err)
		}
	}
	return snap.Items(index.StaleKinds(c.Access(), false)), snap.State.Crawled, nil
}

// findFunnelsByName asks the server's funnel list for the funnels whose name
// contains query: what find can do without an index.
func findFunnelsByName(ctx context.Context, f *Factory, c *client.Client, query string) ([]index.Item, error) {
	f.notice("funnels: --no-cache: asking the server for funnels whose name contains %s; steps, pages, redirects and domains are found only in the local index", quoteInput(query))
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
