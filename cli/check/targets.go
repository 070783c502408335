package check

import (
	"context"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// target is a sub-account to check: its index open, and who it is.
type target struct {
	linkcheck.Target
	member cmdutil.Member
}

// ready opens the index of a sub-account for its check: read from the location
// first when it holds no whole crawl, or when crawl asks (starting is told, when not
// nil). The check asks for what the index knows, so an old one is said to be old.
func ready(ctx context.Context, f *cmdutil.Factory, c *client.Client, store *index.Store, crawl bool, starting func(), onCrawl func(index.Progress)) (bool, error) {
	st, err := store.State(ctx)
	if err != nil {
		return false, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	if !crawl && st.Exists && !st.Crawled.IsZero() {
		if age := time.Since(st.Crawled); age > cmdutil.StaleIndex {
			f.Notice("funnels check: the index of location %s was read %s ago, and the check asks for what it knew then: --crawl reads it again first",
				termtext.Line(c.LocationID()), age.Round(time.Hour))
		}
		return false, nil
	}
	if starting != nil {
		starting()
	}
	_, err = (&index.Crawler{Client: c, Store: store, OnProgress: onCrawl}).Run(ctx)
	if n := store.Notice(); n != "" {
		f.Notice("funnels: %s", n)
	}
	if err != nil {
		st, _ := store.State(ctx)
		if ctx.Err() != nil || st.Crawled.IsZero() {
			return true, cmdutil.CrawlError(err)
		}
		// A location read whole before is checked as it was then.
		f.Notice("funnels check: reading location %s again failed (%s); it is checked as its index knew it", termtext.Line(c.LocationID()), termtext.Line(err.Error()))
	}
	return true, nil
}

// savedPath is where a sub-account's checks are kept: beside its index, or nowhere
// for an index of this run only (--no-cache).
func savedPath(f *cmdutil.Factory, store *index.Store) string {
	if f.SessionIndex() {
		return ""
	}
	return linkcheck.SavedPath(store.Path())
}

// nameOf is what a person calls the sub-account of sess: its profile, or for a
// token given without one the location (the label says where the token came from,
// not what it reaches).
func nameOf(sess *cmdutil.Session) string {
	if sess.Config.TokenOnly() {
		return sess.Client.LocationID()
	}
	return sess.Label
}

// openOne opens the one sub-account of the run. close closes its index.
func openOne(ctx context.Context, f *cmdutil.Factory, crawl bool, p *progress) (t target, close func(), err error) {
	sess, err := f.Session(ctx, true)
	if err != nil {
		return t, nil, err
	}
	store, err := sess.OpenIndex()
	if err != nil {
		return t, nil, err
	}
	if _, err := ready(ctx, f, sess.Client, store, crawl, nil, p.Crawl); err != nil {
		store.Close()
		return t, nil, err
	}
	loc, name := sess.Client.LocationID(), nameOf(sess)
	t = target{Target: linkcheck.Target{ID: loc, Name: name, Store: store, SavedPath: savedPath(f, store)},
		member: cmdutil.Member{Name: name, Profile: sess.Config.Profile.Name, Location: loc}}
	return t, func() { store.Close() }, nil
}

// openSet opens every sub-account of the set, side by side, each index read first
// where needed; a sub-account that cannot be opened is a failure and the others go
// on. close closes their indexes.
func openSet(ctx context.Context, f *cmdutil.Factory, set *cmdutil.SetOptions, crawl bool, p *progress) (targets []target, fails []cmdutil.MemberFailure, total int, close func(), err error) {
	fo, err := f.StartSet(ctx, set, "funnels check")
	if err != nil {
		return nil, nil, 0, nil, err
	}
	fo.Quiet = true // the check's own line says how far the set is
	total = len(fo.Set.Members)
	p.readying(total)
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (target, error) {
		store, err := m.Session.OpenIndex()
		if err != nil {
			p.memberReady(false, false)
			return target{}, err
		}
		crawled, err := ready(ctx, f, m.Session.Client, store, crawl, p.crawlStarts, nil)
		p.memberReady(crawled, err == nil)
		if err != nil {
			store.Close()
			return target{}, err
		}
		return target{Target: linkcheck.Target{ID: m.Location, Name: m.Name, Store: store, SavedPath: savedPath(f, store)}, member: m.Member}, nil
	})
	for _, d := range done {
		d.Result.member = d.Member
		targets = append(targets, d.Result)
	}
	return targets, fails, total, func() {
		for _, t := range targets {
			t.Store.Close()
		}
	}, nil
}
