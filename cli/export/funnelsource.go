package export

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/funneltree"
	"github.com/funnelsdev/funnels/client/index"
)

// Where `funnels export` and `funnels diff` read a location's funnels from.
type treeSource int

const (
	fromAuto   treeSource = iota // the index when fresh, else crawled first
	fromCached                   // the index as it is, no request
	fromFresh                    // crawled now, then the index
)

// indexFreshFor is how old a whole crawl may be for its index to count as fresh:
// what an export or diff reads without --cached or --fresh.
const indexFreshFor = time.Hour

// IndexIsFresh reports whether the index's last crawl ended whole, less than
// indexFreshFor ago, and no crawl was left part way since.
func IndexIsFresh(st index.State, now time.Time) bool {
	return st.Exists && !st.Crawled.IsZero() && !st.Unfinished && now.Sub(st.Crawled) < indexFreshFor
}

// treeOf reads the location of f's settings as a tree from its local index, crawling
// it first as from asks; the manifest names the location (by its own name when the
// crawl reached the service), the API and where the records came from.
func treeOf(ctx context.Context, f *cmdutil.Factory, from treeSource) (*funneltree.Tree, error) {
	cfg, err := f.CacheConfig()
	if err != nil {
		return nil, err
	}
	if cfg.Profile.LocationID == "" && from == fromCached {
		return nil, cmdutil.Usagef("no location: give --location or a profile with one")
	}
	store, err := f.IndexStore(cfg)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	var sess *cmdutil.Session
	t, err := readIndexTree(ctx, store, from, func() error {
		var err error
		if sess, err = f.Session(ctx, true); err != nil {
			return err
		}
		_, err = cmdutil.CrawlWithProgress(ctx, f, sess.Client, store)
		return err
	})
	if err != nil {
		return nil, err
	}
	t.Manifest.Location = funneltree.Location{ID: cfg.Profile.LocationID}
	t.Manifest.Location.Name = keptLocationName(ctx, f, store, sess)
	t.Manifest.APIBase = cfg.Profile.BaseURL
	t.Manifest.FunnelsVersion = f.Version
	return t, nil
}

// readIndexTree reads store as a tree, crawled first by crawl when from asks for it or
// the index is not fresh; the manifest says where the records came from.
func readIndexTree(ctx context.Context, store *index.Store, from treeSource, crawl func() error) (*funneltree.Tree, error) {
	st, err := store.State(ctx)
	if err != nil {
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("reading the local index: %w", err))
	}
	source := "cached"
	if from == fromFresh || (from == fromAuto && !IndexIsFresh(st, time.Now())) {
		if err := crawl(); err != nil {
			return nil, err
		}
		source = "fresh"
	}
	t, _, err := funneltree.FromIndex(ctx, store)
	switch {
	case errors.Is(err, funneltree.ErrNoIndex):
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, errors.New("no local index of this location yet: run 'funnels index' first, or leave out --cached"))
	case err != nil:
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	t.Manifest.Source = source
	return t, nil
}

// keptLocationName is the sub-account's own name: asked where a crawl reached the
// service anyway (sess) and kept in the index, else the one the index kept, so a
// tree from the index alone sends nothing and names it all the same. "" where the
// service never told one: a profile's name is no sub-account's.
func keptLocationName(ctx context.Context, f *cmdutil.Factory, store *index.Store, sess *cmdutil.Session) string {
	st, err := store.State(ctx)
	if err != nil || sess == nil {
		return st.LocationName
	}
	name := f.LocationName(ctx, sess)
	if name != "" && name != st.LocationName {
		// A name not kept is asked again next time: nothing to report.
		_ = store.Update(ctx, func(w *index.Writer) error { return w.SetLocationName(name) })
	}
	return name
}
