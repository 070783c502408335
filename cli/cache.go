package cli

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

// The local index on disk: `funnels cache status` and `funnels cache clear`.

func newCmdCache(f *Factory) *cobra.Command {
	return group("cache", "Show or clear the local index", newCmdCacheStatus(f), newCmdCacheClear(f))
}

// CacheClearOptions are what `funnels cache clear` works from.
type CacheClearOptions struct {
	All bool
}

func newCmdCacheClear(f *Factory) *cobra.Command {
	opts := &CacheClearOptions{}
	cmd := &cobra.Command{
		Use:   "clear",
		Short: "Remove the local index of the profile's location, or every one",
		Long: `Removes the local index of the profile and location in use (what the browser paints
at start, what 'funnels find' searches), or with --all every index of every profile.
Nothing on the service changes; the next start reads the location again.`,
		Example: `funnels cache clear
funnels cache clear --profile clinic
funnels cache clear --all`,
		RunE: func(cmd *cobra.Command, _ []string) error { return cacheClearRun(f, opts) },
	}
	cmd.Args = positional(cmd)
	cmd.Flags().BoolVar(&opts.All, "all", false, "remove the index of every profile and location")
	return cmd
}

func cacheClearRun(f *Factory, opts *CacheClearOptions) error {
	dir, err := index.Dir(f.Getenv)
	if err != nil {
		return withExitCode(ExitLocal, err)
	}
	if opts.All {
		root := filepath.Join(dir, "index")
		size := dirSize(root)
		if err := os.RemoveAll(root); err != nil {
			return withExitCode(ExitLocal, err)
		}
		if size == 0 {
			f.prose("There was no local index to remove (%s).", root)
			return nil
		}
		f.prose("Removed every local index (%s, %s).", root, byteSize(size))
		return nil
	}
	cfg, err := f.cacheConfig()
	if err != nil {
		return err
	}
	path := index.PathFor(dir, cfg.Profile.Name, cfg.Profile.BaseURL, cfg.Profile.LocationID)
	size := fileSize(path) + fileSize(path+".damaged")
	if err := index.Open(path, "").Clear(); err != nil {
		return withExitCode(ExitLocal, err)
	}
	where := "profile " + cfg.Profile.Name + ", location " + orDash(cfg.Profile.LocationID)
	if size == 0 {
		f.prose("There was no local index for %s.", where)
		return nil
	}
	f.prose("Removed the local index for %s (%s).", where, byteSize(size))
	return nil
}

// CacheStatusOptions are what `funnels cache status` works from.
type CacheStatusOptions struct {
	Exporter Exporter
	Set      SetOptions
}

// cacheStatus is the --json shape of `funnels cache status`.
type cacheStatus struct {
	Profile    string    `json:"profile"`
	LocationID string    `json:"locationId"`
	Path       string    `json:"path"`
	Exists     bool      `json:"exists"`
	Bytes      int64     `json:"bytes"`
	Folders    int       `json:"folders"`
	Funnels    int       `json:"funnels"`
	Pages      int       `json:"pages"`
	Redirects  int       `json:"redirects"`
	Crawled    time.Time `json:"crawled,omitzero"` // when the last crawl read the location whole
	Unfinished bool      `json:"unfinished"`       // a crawl was left part way
}

func newCmdCacheStatus(f *Factory) *cobra.Command {
	opts := &CacheStatusOptions{}
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Where the local index is, what it holds and how old it is",
		Long: `Shows the local index of the profile and location in use: its file, its size, how
many folders, funnels, pages and redirects it holds, and when a crawl last read the
location whole ('funnels index' reads it again; 'funnels cache clear' removes it).`,
		Example: `funnels cache status
funnels cache status --json path,pages,crawled`,
		RunE: func(cmd *cobra.Command, _ []string) error { return cacheStatusRun(cmd.Context(), f, opts) },
	}
	cmd.Args = positional(cmd)
	addSetFlags(f, cmd, &opts.Set)
	addJSONFlags(cmd, &opts.Exporter, fieldsOf(cacheSetRow{}))
	return cmd
}

func cacheStatusRun(ctx context.Context, f *Factory, opts *CacheStatusOptions) error {
	if opts.Set.given(f) {
		return cacheStatusSetRun(ctx, f, opts)
	}
	cfg, err := f.cacheConfig()
	if err != nil {
		return err
	}
	store, err := f.indexStore(cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	out, err := indexStatus(ctx, store, cfg.Profile.Name, cfg.Profile.LocationID)
	if err != nil {
		return err
	}
	if n := store.Notice(); n != "" {
		f.notice("funnels: %s", n)
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	crawled := "never"
	switch {
	case !out.Crawled.IsZero():
		crawled = out.Crawled.Local().Format("2006-01-02 15:04") + " (" + ageText(time.Since(out.Crawled)) + " ago)"
	case out.Unfinished:
		crawled = "never whole: a crawl was left part way ('funnels index' resumes it)"
	}
	size := "-"
	if out.Bytes > 0 {
		size = byteSize(out.Bytes)
	}
	return printFields(f.IO, []kv{
		{"Profile", out.Profile},
		{"Location", orDash(out.LocationID)},
		{"Path", out.Path},
		{"Size", size},
		{"Holds", countOf(out.Folders, "folder") + ", " + countOf(out.Funnels, "funnel") + ", " + countOf(out.Pages, "page") + ", " + countOf(out.Redirects, "redirect")},
		{"Indexed", crawled},
	})
}

// indexStatus is what store holds, for the profile and location it is of.
func indexStatus(ctx context.Context, store *index.Store, profile, location string) (cacheStatus, error) {
	out := cacheStatus{Profile: profile, LocationID: location, Path: store.Path(), Bytes: fileSize(store.Path())}
	snap, err := store.Snapshot(ctx)
	if err != nil {
		return out, withExitCode(ExitLocal, err)
	}
	out.Exists = snap.State.Exists
	out.Folders, out.Funnels, out.Pages, out.Redirects = len(snap.Folders), len(snap.Funnels), len(snap.Pages), len(snap.Redirects)
	out.Crawled, out.Unfinished = snap.State.Crawled, snap.State.Unfinished
	return out, nil
}

// cacheConfig is the configuration of the profile in use, completed with what its
// sign-in remembers (its location), without asking for a token.
func (f *Factory) cacheConfig() (*config.Config, error) {
	cfg, _, err := f.signedInConfigAndStore() // a broken sign-in still names its profile's index
	if err != nil {
		return nil, err
	}
	return cfg, nil
}

// ageText is a duration as a person says it: "5 minutes", "3 hours", "2 days".
func ageText(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "moments"
	case d < time.Hour:
		return countOf(int(d/time.Minute), "minute")
	case d < 48*time.Hour:
		return countOf(int(d/time.Hour), "hour")
	}
	return countOf(int(d/(24*time.Hour)), "day")
}

func fileSize(path string) int64 {
	if st, err := os.Stat(path); err == nil {
		return st.Size()
	}
	return 0
}

func dirSize(root string) int64 {
	var n int64
	_ = filepath.WalkDir(root, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipDir
			}
			return nil
		}
		if info, err := d.Info(); err == nil && !d.IsDir() {
			n += info.Size()
		}
		return nil
	})
	return n
}

// trimFloat writes x with one decimal, without a trailing ".0".
func trimFloat(x float64) string {
	return strings.TrimSuffix(strconv.FormatFloat(x, 'f', 1, 64), ".0")
}

// byteSize is "2.3 MB", "512 kB".
func byteSize(n int64) string {
	switch {
	case n >= 1e9:
		return trimFloat(float64(n)/1e9) + " GB"
	case n >= 1e6:
		return trimFloat(float64(n)/1e6) + " MB"
	case n >= 1e3:
		return trimFloat(float64(n)/1e3) + " kB"
	}
	return countOf(int(n), "byte")
}
