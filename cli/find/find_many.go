package find

import (
	"context"
	"slices"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
)

// findHit is a match of `funnels find` across a set: the item and the sub-account
// it is in.
type findHit struct {
	cmdutil.Tagged[index.Item]
	key string // the catalog's key of the item: what the matches of all members are ranked by
}

// memberFinds are one member's best matches (best first, at most --limit: ranked,
// each read whole only when picked, by hit) and how many it has in all.
type memberFinds struct {
	cmdutil.Member
	ranked int                    // how many of its best there are to pick from
	hit    func(rank int) findHit // its match of that rank, read whole
	total  int
	notes  []string
}

// heldFinds are memberFinds of matches already read whole.
func heldFinds(m cmdutil.Member, hits []findHit, total int) memberFinds {
	return memberFinds{Member: m, ranked: len(hits), hit: func(rank int) findHit { return hits[rank] }, total: total}
}

// findSetRun searches the local index of every member and shares --limit among
// them: each member's best matches in turn (its best, then each one's second …), so
// a sub-account with many matches never hides the others', shown ranked together by
// the one fuzzy ranking. Members whose index file exists are read from it alone,
// side by side, with no sign-in opened; the others are crawled first (as find of one
// does) through their sessions, except one whose crawl failed lately, which is
// reported as it failed.
func findSetRun(ctx context.Context, f *cmdutil.Factory, query string, opts *FindOptions) error {
	if f.Flags.NoCache {
		return cmdutil.Usagef("find across sub-accounts searches their local indexes, which --no-cache turns off: leave --no-cache out")
	}
	opts.Set.SavedListAge = auth.KeptListingAge
	set, err := cmdutil.ResolveSet(ctx, f, &opts.Set)
	if err != nil {
		return err
	}
	paths := newMemberIndexPaths(f, set)
	local, rest := localIndexes(set, paths)
	found, err := searchLocal(ctx, set, local, query, opts)
	if err != nil {
		return err
	}
	crawled, fails, err := findByCrawl(ctx, f, set, paths, append(rest, found.crawl...), query, opts)
	if err != nil {
		return err
	}
	members, notes := found.found, found.notes
	for _, d := range crawled {
		members = append(members, d.Result)
		for _, n := range d.Result.notes {
			notes = append(notes, memberNote{d.Member, n})
		}
	}
	slices.SortStableFunc(notes, func(a, b memberNote) int { return a.At - b.At })
	for _, n := range notes {
		f.Notice("funnels: %s: %s", cmdutil.QuoteName(n.Name), n.note)
	}
	slices.SortStableFunc(members, func(a, b memberFinds) int { return a.At - b.At })
	if err := printSetFinds(ctx, f, opts, query, members, fails); err != nil {
		return err
	}
	return cmdutil.SetOutcome(f, len(set.Members), fails)
}

// findByCrawl runs find in the members that have no index to search, each through
// its session (the index crawled first). A member whose crawl was refused less than
// crawlBackoff ago is not tried: it is reported with the reason it gave then. Each
// lasting failure is recorded, and each success clears the record.
func findByCrawl(ctx context.Context, f *cmdutil.Factory, set *cmdutil.MemberSet, paths *memberIndexPaths, members []cmdutil.Member, query string, opts *FindOptions) ([]cmdutil.MemberDone[memberFinds], []cmdutil.MemberFailure, error) {
	slices.SortFunc(members, func(a, b cmdutil.Member) int { return a.At - b.At })
	pathOf := func(m cmdutil.Member) string {
		if paths == nil {
			return ""
		}
		_, path, _ := paths.of(m)
		return path
	}
	var fails []cmdutil.MemberFailure
	var try []cmdutil.Member
	for _, m := range members {
		if p := pathOf(m); p != "" {
			if fl, ok := recentCrawlFailure(p, m); ok {
				fails = append(fails, *fl)
				continue
			}
		}
		try = append(try, m)
	}
	if len(try) == 0 {
		return nil, fails, nil
	}
	sub := *set
	sub.Members = try
	fo, err := cmdutil.NewFanout(f, &sub, "funnels find")
	if err != nil {
		return nil, nil, err
	}
	done, failed := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (memberFinds, error) {
		return findInMember(ctx, m, query, opts)
	})
	for _, d := range done {
		if p := pathOf(d.Member); p != "" {
			clearCrawlFailure(p)
		}
	}
	for _, fl := range failed {
		i := slices.IndexFunc(try, func(m cmdutil.Member) bool {
			return m.Profile == fl.Profile && (m.Location == fl.Location || m.Location == "")
		})
		if i < 0 || ctx.Err() != nil || !LastingFailure(fl) {
			continue
		}
		if p := pathOf(try[i]); p != "" {
			saveCrawlFailure(p, fl)
		}
	}
	return done, append(fails, failed...), nil
}

// printSetFinds prints the matches of a set, --limit shared among its members: with
// --json the query, how many matched in all and in each sub-account beside them;
// on a terminal, when some are left out, how many matched in each and how to see
// them all.
func printSetFinds(ctx context.Context, f *cmdutil.Factory, opts *FindOptions, query string, members []memberFinds, fails []cmdutil.MemberFailure) error {
	rows := findRows()
	matches := shareMatches(members, query, opts.Limit)
	totals, total := matchTotals(members)
	if opts.Exporter.Enabled() {
		doc := cmdutil.SetJSON(rows.Output.Key, matches, fails, cmdutil.DocField{Key: "query", Value: query}, cmdutil.DocField{Key: "total", Value: total},
			cmdutil.DocField{Key: "totals", Value: totals})
		return opts.Exporter.Write(ctx, f.IO, doc, matches)
	}
	if len(matches) == 0 {
		f.Notice("Nothing matches %s.", cmdutil.QuoteInput(query))
		return nil
	}
	if err := rows.TaggedTable(f.IO, matches).Print(); err != nil {
		return err
	}
	if total > len(matches) && f.IO.OutTTY {
		f.Notice("%s", sharedFooter(totals, len(matches), total))
	}
	return nil
}

// findInMember is find in one member's local index: built first when it never was
// (or is empty and old), searched as it is otherwise, with a note when it is not
// whole or is old.
func findInMember(ctx context.Context, m *cmdutil.MemberRun, query string, opts *FindOptions) (memberFinds, error) {
	store, err := m.Session.OpenIndex()
	if err != nil {
		return memberFinds{}, err
	}
	defer store.Close()
	st, err := store.State(ctx)
	if err != nil {
		return memberFinds{}, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	stale := index.StaleKinds(m.Session.Client.Access(), false)
	var out memberFinds
	held := 0
	search := func() error {
		err := store.WithCatalog(ctx, func(cat *index.Catalog) error {
			held = cat.Len()
			out = searchCatalog(cat, m.Member, query, opts, stale)
			return nil
		})
		return readError(ctx, err)
	}
	if err := search(); err != nil {
		return out, err
	}
	var notes []string
	setAside := store.Notice() // the file was damaged and set aside while read: rebuild it
	if setAside != "" {
		notes = append(notes, setAside)
	}
	age := time.Since(st.Crawled)
	if setAside != "" || held == 0 && (st.Crawled.IsZero() || age > cmdutil.StaleIndex) {
		_, crawlErr := (&index.Crawler{Client: m.Session.Client, Store: store}).Run(ctx)
		if err := search(); err != nil {
			return out, err
		}
		if crawlErr != nil && (held == 0 || ctx.Err() != nil) {
			return out, cmdutil.CrawlError(crawlErr)
		}
		if crawlErr != nil {
			notes = append(notes, firstLine(crawlErr)+"; searching what the index holds — 'funnels index' reads the rest")
		}
	} else if n := indexAgeNote(st); n != "" {
		notes = append(notes, n)
	}
	out.notes = notes
	return out, nil
}

// itemKindText is what find's KIND column says of an item.
func itemKindText(it index.Item) string {
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
	return kind
}
