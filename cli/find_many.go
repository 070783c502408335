package cli

import (
	"context"
	"encoding/json"
	"time"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/list"
)

// findHit is a match of `funnels find` across a set: the item and the sub-account
// it is in.
type findHit struct {
	memberTag
	Item index.Item
	key  string // the catalog's key of the item: what the matches of all members are ranked by
}

// MarshalJSON writes the hit as find writes an item (with its url), with location
// and locationName beside.
func (h findHit) MarshalJSON() ([]byte, error) {
	type plain index.Item
	return json.Marshal(struct {
		memberTag
		plain
		URL string `json:"url,omitempty"`
	}{h.memberTag, plain(h.Item), h.Item.URL()})
}

// findSetOutput is the --json shape of `funnels find` across a set.
type findSetOutput struct {
	Query    string          `json:"query"`
	Matches  []findHit       `json:"matches"`
	Total    int             `json:"total"` // matches in every sub-account before --limit
	Failures []memberFailure `json:"failures"`
}

// memberFinds are one member's best matches and how many it has in all.
type memberFinds struct {
	hits  []findHit
	total int
	notes []string
}

// findSetRun searches the local index of every member side by side (one built first
// where there is none, as find of one does), ranks all their matches together by
// the one fuzzy ranking and keeps the best --limit overall.
func findSetRun(ctx context.Context, f *Factory, query string, opts *FindOptions) error {
	if f.Flags.NoCache {
		return usagef("find across sub-accounts searches their local indexes, which --no-cache turns off: leave --no-cache out")
	}
	fo, err := f.startSet(ctx, &opts.Set, "funnels find")
	if err != nil {
		return err
	}
	done, fails := runSet(ctx, fo, func(ctx context.Context, m *memberRun) (memberFinds, error) {
		return findInMember(ctx, m, query, opts)
	})
	var hits []findHit
	total := 0
	for _, d := range done {
		hits = append(hits, d.Result.hits...)
		total += d.Result.total
		for _, n := range d.Result.notes {
			f.notice("funnels: %s: %s", quoteName(d.Name), n)
		}
	}
	keys := make([]string, len(hits))
	for i, h := range hits {
		keys[i] = h.key
	}
	matches := []findHit{}
	for _, at := range list.Rank(keys, query) {
		if opts.Limit > 0 && len(matches) == opts.Limit {
			break
		}
		matches = append(matches, hits[at])
	}
	if err := printSetFinds(ctx, f, opts, findSetOutput{Query: query, Matches: matches, Total: total, Failures: orEmpty(fails)}); err != nil {
		return err
	}
	return setOutcome(f, len(fo.set.members), fails)
}

func printSetFinds(ctx context.Context, f *Factory, opts *FindOptions, out findSetOutput) error {
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, out, out.Matches)
	}
	if len(out.Matches) == 0 {
		f.notice("Nothing matches %s.", quoteInput(out.Query))
		return nil
	}
	t := newTable(f.IO, nameColumn("SUB-ACCOUNT"), textColumn("KIND"), nameColumn("NAME").tells(), nameColumn("PATH"), nameColumn("WHERE"), idColumn("ID"))
	for _, h := range out.Matches {
		t.row(h.LocationName, itemKindText(h.Item), h.Item.Name, orDash(h.Item.Path), orDash(h.Item.Where), h.Item.ID)
	}
	if err := t.print(); err != nil {
		return err
	}
	if out.Total > len(out.Matches) && f.IO.OutTTY {
		f.notice("%d of %d matches; --limit 0 shows them all", len(out.Matches), out.Total)
	}
	return nil
}

// findInMember is find in one member's local index: built first when it never was
// (or is empty and old), searched as it is otherwise, with a note when it is not
// whole or is old.
func findInMember(ctx context.Context, m *memberRun, query string, opts *FindOptions) (memberFinds, error) {
	store, err := m.Session.OpenIndex()
	if err != nil {
		return memberFinds{}, err
	}
	defer store.Close()
	st, err := store.State(ctx)
	if err != nil {
		return memberFinds{}, withExitCode(ExitLocal, err)
	}
	stale := index.StaleKinds(m.Session.Client.Access(), false)
	var out memberFinds
	held := 0
	search := func() error {
		out.hits = out.hits[:0]
		err := store.WithCatalog(ctx, func(cat *index.Catalog) error {
			held = cat.Len()
			_, out.total = pickMatches(list.RankCatalog(cat, query), opts, cat.Kind, func(at int) index.Item {
				it := boundMatch(cat.Item(at, stale))
				out.hits = append(out.hits, findHit{memberTag: tagOf(m.member), Item: it, key: cat.Key(at)})
				return it
			})
			return nil
		})
		return withExitCode(ExitLocal, err)
	}
	if err := search(); err != nil {
		return out, err
	}
	if n := store.Notice(); n != "" {
		out.notes = append(out.notes, n)
	}
	age := time.Since(st.Crawled)
	switch {
	case held == 0 && (st.Crawled.IsZero() || age > staleIndex):
		_, crawlErr := (&index.Crawler{Client: m.Session.Client, Store: store}).Run(ctx)
		if err := search(); err != nil {
			return out, err
		}
		if crawlErr != nil && (held == 0 || ctx.Err() != nil) {
			return out, crawlError(crawlErr)
		}
		if crawlErr != nil {
			out.notes = append(out.notes, firstLine(crawlErr)+"; searching what the index holds — 'funnels index' reads the rest")
		}
	case st.Crawled.IsZero() || st.Unfinished:
		out.notes = append(out.notes, "the local index is not complete; searching what it holds — 'funnels index' reads the rest")
	case age > staleIndex:
		out.notes = append(out.notes, "the local index is from "+age.Round(time.Hour).String()+" ago; 'funnels index' reads it again")
	}
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
