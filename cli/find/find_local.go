package find

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/list"
)

// localIndex is a member of a set whose index file is found from the configuration
// alone: no sign-in is opened and no token read to search it.
type localIndex struct {
	cmdutil.Member
	listed cmdutil.Member // as the set named it: crawled through its session when it has no index
	store  *index.Store
	cfg    config.Config // the member's, at its location: whose access record marks stale items
}

// memberIndexPaths finds where the members of a set keep their indexes, from the
// configuration and saved logins alone, as the session each opens would name it.
type memberIndexPaths struct {
	f       *cmdutil.Factory
	set     *cmdutil.MemberSet
	dir     string
	configs map[string]*config.Config // each profile read once
}

// newMemberIndexPaths is nil when the indexes are not files of the cache directory:
// with --no-cache, or behind the team server's gate.
func newMemberIndexPaths(f *cmdutil.Factory, set *cmdutil.MemberSet) *memberIndexPaths {
	dir, err := index.Dir(f.Getenv)
	if err != nil || f.Gate != nil || f.SessionIndex() {
		return nil
	}
	return &memberIndexPaths{f: f, set: set, dir: dir, configs: map[string]*config.Config{}}
}

// of is m's configuration at its location and its index file; ok is false when m's
// profile cannot be read, names no location, or is not the one sign-in the set keeps
// to (its session then says why).
func (p *memberIndexPaths) of(m cmdutil.Member) (c config.Config, path string, ok bool) {
	if p.set.Foreign(m) {
		return c, "", false // another sign-in's: its session refuses it, saying why
	}
	cfg, seen := p.configs[m.Profile]
	if !seen {
		if m.Profile == p.set.Run {
			cfg = p.set.Config
		} else {
			flags := p.f.Flags
			flags.Profile, flags.Location = m.Profile, ""
			cfg, _ = config.LoadSignedIn(p.f.Getenv, flags, p.set.Store)
		}
		p.configs[m.Profile] = cfg
	}
	if cfg == nil || cfg.SavedLoginErr != nil {
		return c, "", false
	}
	c = *cfg
	if m.Location != "" {
		c.Profile.LocationID = m.Location
	}
	if c.Profile.LocationID == "" {
		return c, "", false
	}
	return c, cmdutil.IndexPath(p.dir, &c), true
}

// localIndexes splits set into the members whose index file is found from the
// configuration alone and the rest, which need a session to be found. Whether the
// file is there is left to the read (searchLocal): a member without one is crawled
// then, as the rest are. Without paths every member goes through its session.
func localIndexes(set *cmdutil.MemberSet, paths *memberIndexPaths) ([]localIndex, []cmdutil.Member) {
	if paths == nil {
		return nil, set.Members
	}
	local := make([]localIndex, 0, len(set.Members))
	var rest []cmdutil.Member
	for _, m := range set.Members {
		cfg, path, ok := paths.of(m)
		if !ok {
			rest = append(rest, m)
			continue
		}
		listed := m
		m.Location = cfg.Profile.LocationID
		local = append(local, localIndex{Member: m, listed: listed, store: index.Open(path, index.KeyOf(cfg.Profile.BaseURL, m.Location)), cfg: cfg})
	}
	return local, rest
}

// localFinds are, for each member whose local index was searched, its best matches
// of query and how many match in all; the notes on the indexes searched; and the
// members whose index holds nothing to search.
type localFinds struct {
	found []memberFinds
	notes []memberNote
	crawl []cmdutil.Member
}

// memberNote is a note on one member's index.
type memberNote struct {
	cmdutil.Member
	note string
}

// searchLocal reads the catalogs of every local index side by side as one set (no
// file written; the keys left as the files' mapped pages, not copied: only the keys
// of the matches picked are kept) and ranks query across all of them in one pass,
// keeping each member's best --limit; a member whose index holds nothing and was never read
// whole, or long ago, is handed back to be crawled.
func searchLocal(ctx context.Context, set *cmdutil.MemberSet, local []localIndex, query string, opts *FindOptions) (localFinds, error) {
	var out localFinds
	stores := make([]*index.Store, len(local))
	for i, l := range local {
		stores[i] = l.store
	}
	cs, err := index.ReadMappedCatalogSet(ctx, stores)
	if cs == nil {
		return out, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	var records client.AccessReader
	stale := make([]func(index.Kind) bool, len(local))
	searched := make([]bool, len(local))
	for i := range local {
		l := &local[i] // not a copy a closure would move to the heap, a member at a time
		state := cs.State(i)
		n := l.store.Notice()
		if !state.Exists && n == "" {
			out.crawl = append(out.crawl, l.listed) // no index file: made by a crawl
			continue
		}
		if n != "" {
			// Damaged and set aside while read: said, and built again, as find of one
			// does.
			out.notes = append(out.notes, memberNote{l.Member, n})
			out.crawl = append(out.crawl, l.Member)
			continue
		}
		if cs.Catalog(i).Len() == 0 && (state.Crawled.IsZero() || time.Since(state.Crawled) > cmdutil.StaleIndex) {
			out.crawl = append(out.crawl, l.Member)
			continue
		}
		searched[i] = true
		stale[i] = lazyStale(&l.cfg, set.Store, &records)
		if n := indexAgeNote(state); n != "" {
			out.notes = append(out.notes, memberNote{l.Member, n})
		}
	}
	// One pass over the ranking keeps each member's best positions; only those the
	// shared limit picks are read whole.
	best := make([][]int, len(local))
	totals := make([]int, len(local))
	for _, at := range list.RankCatalogSet(cs, query) {
		if !kindWanted(opts, cs.Kind(at)) {
			continue
		}
		src := cs.Source(at)
		totals[src]++
		if opts.Limit == 0 || len(best[src]) < opts.Limit {
			best[src] = append(best[src], at)
		}
	}
	for i, l := range local {
		if !searched[i] {
			continue
		}
		ats, tag, stale := best[i], cmdutil.TagOf(l.Member), stale[i]
		out.found = append(out.found, memberFinds{Member: l.Member, ranked: len(ats), total: totals[i], hit: func(rank int) findHit {
			at := ats[rank]
			return findHit{Tagged: cmdutil.Tagged[index.Item]{MemberTag: tag, Record: boundMatch(cs.Item(at, stale))}, key: strings.Clone(cs.Key(at))}
		}})
	}
	keepCatalogs(ctx, set.Concurrency, local, cs)
	return out, nil
}

// searchCatalog is one member's best matches of query in cat, and how many match.
func searchCatalog(cat *index.Catalog, m cmdutil.Member, query string, opts *FindOptions, stale func(index.Kind) bool) memberFinds {
	var hits []findHit
	_, total := pickMatches(list.RankCatalog(cat, query), opts, cat.Kind, func(at int) index.Item {
		it := boundMatch(cat.Item(at, stale))
		hits = append(hits, findHit{Tagged: cmdutil.Tagged[index.Item]{MemberTag: cmdutil.TagOf(m), Record: it}, key: cat.Key(at)})
		return it
	})
	return heldFinds(m, hits, total)
}

// keepCatalogs keeps in their indexes the catalogs the set had to make (the first
// search after a crawl), side by side, so the next search reads them as they are. A
// catalog that cannot be kept now is made again next time.
func keepCatalogs(ctx context.Context, concurrency int, local []localIndex, cs *index.CatalogSet) {
	sem := make(chan struct{}, concurrency)
	var wg sync.WaitGroup
	for i := range local {
		if !cs.Made(i) || !cs.State(i).Exists {
			continue
		}
		st := local[i].store
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			_ = st.WithCatalog(ctx, func(*index.Catalog) error { return nil })
		}()
	}
	wg.Wait()
}

// lazyStale is index.StaleKinds of the access record of cfg's sign-in, read (through
// records, each file once) the first time a match asks: most members of a set match
// nothing, and an agency's sub-accounts share one file.
func lazyStale(cfg *config.Config, store *auth.Store, records *client.AccessReader) func(index.Kind) bool {
	var stale func(index.Kind) bool
	return func(k index.Kind) bool {
		if stale == nil {
			var access client.Access
			if !cfg.TokenOnly() {
				access, _ = records.Load(cmdutil.AccessFile(cfg, store))
			}
			stale = index.StaleKinds(access, false)
		}
		return stale(k)
	}
}

// indexAgeNote says when an index searched as it is is not whole or is old; "" when
// it is whole and recent.
func indexAgeNote(st index.State) string {
	age := time.Since(st.Crawled)
	switch {
	case st.Crawled.IsZero() || st.Unfinished:
		return "the local index is not complete; searching what it holds — 'funnels index' reads the rest"
	case age > cmdutil.StaleIndex:
		return "the local index is from " + age.Round(time.Hour).String() + " ago; 'funnels index' reads it again"
	}
	return ""
}
