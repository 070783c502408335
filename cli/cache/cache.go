package cache

import (
	"cmp"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// The local index on disk: `funnels cache status` and `funnels cache clear`.

func newCmdCache(f *cmdutil.Factory) *cmdutil.Command {
	return cmdutil.Group(cmdutil.SectionMore, "cache", "Show or clear the local index", newCmdCacheStatus(f), newCmdCacheClear(f))
}

// CacheClearOptions are what `funnels cache clear` works from.
type CacheClearOptions struct {
	All bool
}

func newCmdCacheClear(f *cmdutil.Factory) *cmdutil.Command {
	opts := &CacheClearOptions{}
	cmd := &cobra.Command{
		Use:   "clear",
		Short: "Remove the local index of the profile's location, or every one",
		Long: `Removes the local index of the profile and location in use (what the browser paints
at start, what 'funnels find' searches) with the checks kept beside it ('funnels
check --since-last'), or with --all every index of every profile.
Nothing on the service changes; the next start reads the location again.`,
		Example: `funnels cache clear
funnels cache clear --profile clinic
funnels cache clear --all`,
		RunE: func(cmd *cobra.Command, _ []string) error { return cacheClearRun(f, opts) },
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmd.Flags().BoolVar(&opts.All, "all", false, "remove the index of every profile and location")
	return &cmdutil.Command{Cobra: cmd, Machine: cmdutil.LocalFiles, SSH: cmdutil.NotOffered("it removes local indexes of the server")}
}

func cacheClearRun(f *cmdutil.Factory, opts *CacheClearOptions) error {
	dir, err := index.Dir(f.Getenv)
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	if opts.All {
		root := filepath.Join(dir, "index")
		size := dirSize(root)
		if err := os.RemoveAll(root); err != nil {
			return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
		}
		if size == 0 {
			f.Prose("There was no local index to remove (%s).", root)
			return nil
		}
		f.Prose("Removed every local index (%s, %s).", root, cmdutil.ByteSize(size))
		return nil
	}
	cfg, err := f.CacheConfig()
	if err != nil {
		return err
	}
	path := cmdutil.IndexPath(dir, cfg)
	size := fileSize(path) + fileSize(path+".damaged") + fileSize(linkcheck.SavedPath(path))
	if err := index.Open(path, "").Clear(); err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	if err := linkcheck.RemoveSaved(path); err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	where := cmdutil.SignInWords(cfg) + ", location " + cmdutil.OrDash(cfg.Profile.LocationID)
	if size == 0 {
		f.Prose("There was no local index for %s.", where)
		return nil
	}
	f.Prose("Removed the local index for %s (%s).", where, cmdutil.ByteSize(size))
	return nil
}

// CacheStatusOptions are what `funnels cache status` works from.
type CacheStatusOptions struct {
	Exporter cmdutil.Exporter
	Set      cmdutil.SetOptions
}

// cacheStatus is the --json shape of `funnels cache status`.
type cacheStatus struct {
	Profile    string    `json:"profile"` // "" for a token given without a profile
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

func newCmdCacheStatus(f *cmdutil.Factory) *cmdutil.Command {
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
	cmd.Args = cmdutil.Positional(cmd)
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(cmdutil.MemberTag{}, cacheStatus{}))
	return &cmdutil.Command{Cobra: cmd, SSH: cmdutil.Offered(), Tools: []cmdutil.Tool{cacheStatusTool()}, Set: cacheRows().Output}
}

func cacheStatusRun(ctx context.Context, f *cmdutil.Factory, opts *CacheStatusOptions) error {
	if opts.Set.Given(f) {
		return cacheStatusSetRun(ctx, f, opts)
	}
	cfg, err := f.CacheConfig()
	if err != nil {
		return err
	}
	store, err := f.IndexStore(cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	out, err := indexStatus(ctx, store, cmdutil.ProfileOf(cfg), cfg.Profile.LocationID)
	if err != nil {
		return err
	}
	if n := store.Notice(); n != "" {
		f.Notice("funnels: %s", n)
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	crawled := "never"
	switch {
	case !out.Crawled.IsZero():
		crawled = out.Crawled.Local().Format("2006-01-02 15:04") + " (" + cmdutil.AgeText(time.Since(out.Crawled)) + " ago)"
	case out.Unfinished:
		crawled = "never whole: a crawl was left part way ('funnels index' resumes it)"
	}
	size := "-"
	if out.Bytes > 0 {
		size = cmdutil.ByteSize(out.Bytes)
	}
	return cmdutil.PrintFields(f.IO, []cmdutil.KV{
		{Key: "Profile", Value: cmp.Or(out.Profile, "none ("+cmdutil.SignInWords(cfg)+")")},
		{Key: "Location", Value: cmdutil.OrDash(out.LocationID)},
		{Key: "Path", Value: out.Path},
		{Key: "Size", Value: size},
		{Key: "Holds", Value: cmdutil.CountOf(out.Folders, "folder") + ", " + cmdutil.CountOf(out.Funnels, "funnel") + ", " + cmdutil.CountOf(out.Pages, "page") + ", " + cmdutil.CountOf(out.Redirects, "redirect")},
		{Key: "Indexed", Value: crawled},
	})
}

// indexStatus is what store holds, for the profile and location it is of.
func indexStatus(ctx context.Context, store *index.Store, profile, location string) (cacheStatus, error) {
	out := cacheStatus{Profile: profile, LocationID: location, Path: store.Path(), Bytes: fileSize(store.Path())}
	snap, err := store.Snapshot(ctx)
	if err != nil {
		return out, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	out.Exists = snap.State.Exists
	out.Folders, out.Funnels, out.Pages, out.Redirects = len(snap.Folders), len(snap.Funnels), len(snap.Pages), len(snap.Redirects)
	out.Crawled, out.Unfinished = snap.State.Crawled, snap.State.Unfinished
	return out, nil
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

// Commands are the commands of the local index: `funnels index`, `funnels cache`,
// `funnels changes` and `funnels watch`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdIndex(f), newCmdCache(f), newCmdChanges(f), newCmdWatch(f)}
}

// cacheStatusSetRun shows the local index of every member of the set, one row each:
// what it holds and how old it is. It sends no request.
func cacheStatusSetRun(ctx context.Context, f *cmdutil.Factory, opts *CacheStatusOptions) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels cache status")
	if err != nil {
		return err
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (cacheStatus, error) {
		store, err := m.Session.OpenIndex()
		if err != nil {
			return cacheStatus{}, err
		}
		defer store.Close()
		return indexStatus(ctx, store, cmdutil.ProfileOf(m.Session.Config), m.Location)
	})
	return cacheRows().PrintSet(ctx, f, &opts.Exporter, len(fo.Set.Members), cmdutil.Each(done), fails)
}

// cacheRows are how `funnels cache status` across a set prints each local index.
func cacheRows() cmdutil.Rows[cacheStatus] {
	return cmdutil.Rows[cacheStatus]{
		Output: &cmdutil.SetOutput{Key: "subAccounts", Columns: []cmdutil.Column{cmdutil.TextColumn("FUNNELS"), cmdutil.TextColumn("PAGES"),
			cmdutil.TextColumn("REDIRECTS"), cmdutil.TextColumn("SIZE"), cmdutil.TextColumn("INDEXED")}},
		Cells: func(r cacheStatus) []string {
			size, crawled := "-", "never"
			if r.Bytes > 0 {
				size = cmdutil.ByteSize(r.Bytes)
			}
			switch {
			case !r.Crawled.IsZero():
				crawled = cmdutil.AgeText(time.Since(r.Crawled)) + " ago"
			case r.Unfinished:
				crawled = "part way"
			}
			return []string{index.Thousands(r.Funnels), index.Thousands(r.Pages), index.Thousands(r.Redirects), size, crawled}
		},
	}
}

// cacheStatusTool is `funnels cache status` for an assistant.
func cacheStatusTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "index_status", Description: "The local index of the sub-account: what it holds and when a crawl last read the sub-account whole. With location (ids separated by commas), all_sub_accounts or group, one row for each of those sub-accounts, those that failed under failures. The result is the --json of 'funnels cache status'."}
}
