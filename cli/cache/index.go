package cache

import (
	"context"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
)

// IndexOptions are what `funnels index` works from.
type IndexOptions struct {
	Exporter cmdutil.Exporter
	MaxAge   time.Duration // skip a location whose last whole crawl is younger than this (0: never skip)
	Set      cmdutil.SetOptions
}

// indexOutput is the --json shape of `funnels index`: what the crawl read and where
// the index is.
type indexOutput struct {
	Folders   int      `json:"folders"`
	Funnels   int      `json:"funnels"`
	Pages     int      `json:"pages"`
	Redirects int      `json:"redirects"`
	Requests  int      `json:"requests"`
	Seconds   float64  `json:"seconds"`
	Resumed   bool     `json:"resumed"`
	Complete  bool     `json:"complete"`
	Notes     []string `json:"notes"`
	Path      string   `json:"path"`
	Skipped   bool     `json:"skipped"` // indexed whole within --max-age: nothing read
	AgeSecs   int      `json:"ageSeconds,omitempty"`
}

// crawled is what a crawl that read p into the index at path tells.
func crawled(p index.Progress, path string, complete bool) indexOutput {
	return indexOutput{
		Folders: p.Folders, Funnels: p.Funnels, Pages: p.Pages, Redirects: p.Redirects, Requests: p.Requests,
		Seconds: p.Elapsed.Round(time.Millisecond).Seconds(), Resumed: p.Resumed, Complete: complete,
		Notes: cmdutil.OrEmpty(p.Notes), Path: path,
	}
}

func newCmdIndex(f *cmdutil.Factory) *cmdutil.Command {
	opts := &IndexOptions{}
	cmd := &cobra.Command{
		Use:   "index",
		Short: "Read the whole location into the local index",
		Long: `Reads every folder, funnel, step, page and redirect of the location into the local
index ($XDG_CACHE_HOME/funnels/index), so the browser starts at once from it and
'funnels find' and "go to anything" (ctrl+p) search everything without a request.

It asks with the fewest requests (a hundred funnels with their steps a request,
twenty pages a request) at the rate limit, never past it. Stopped part way (Ctrl-C,
a lost connection), it keeps what it read; run it again to resume where it stopped.
Another funnels process indexing the same location is waited for.

Progress goes to standard error: on a terminal one line redrawn in place (its last
state kept), otherwise a line at most every two seconds and the last.`,
		Example: `funnels index
funnels index --profile clinic
funnels index --json requests,seconds`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return indexRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmd.Flags().DurationVar(&opts.MaxAge, "max-age", 0, "skip a location indexed whole within this long (e.g. 6h)")
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(cmdutil.MemberTag{}, indexOutput{}))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, SSH: cmdutil.Offered(), Set: indexRows().Output}
}

func indexRun(ctx context.Context, f *cmdutil.Factory, opts *IndexOptions) error {
	if f.Flags.NoCache {
		return cmdutil.Usagef("funnels index writes the local index, which --no-cache turns off; leave --no-cache out")
	}
	if opts.MaxAge < 0 {
		return cmdutil.Usagef("--max-age must not be negative")
	}
	if opts.Set.Given(f) {
		return indexSetRun(ctx, f, opts)
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	store, err := sess.OpenIndex()
	if err != nil {
		return err
	}
	defer store.Close()
	if age, fresh := freshIndex(ctx, store, opts.MaxAge); fresh {
		if opts.Exporter.Enabled() {
			out := indexOutput{Path: store.Path(), Notes: []string{}, Complete: true, Skipped: true, AgeSecs: int(age.Seconds())}
			return opts.Exporter.Write(ctx, f.IO, out, out)
		}
		f.Notice("The index of this location is %s old, within --max-age: nothing read.", age.Round(time.Second))
		return nil
	}
	p, err := cmdutil.CrawlWithProgress(ctx, f, c, store)
	out := crawled(p, store.Path(), err == nil)
	if err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	f.Prose("%s", indexSummary(p, store.Path()))
	if r, err := store.Changes(ctx, index.Since{}); err == nil && len(r.Changes) > 0 {
		f.Prose("%s since the crawl before: 'funnels changes' shows them.", changeSummary(r.Changes))
	}
	for _, n := range p.Notes {
		f.Notice("note: %s", n)
	}
	return nil
}

// indexSummary is the sentence after a crawl: "Indexed 9 folders, 25 funnels, 120
// pages and 8 redirects with 37 requests in 3.4s."
func indexSummary(p index.Progress, path string) string {
	parts := []string{
		cmdutil.CountOf(p.Folders, "folder"), cmdutil.CountOf(p.Funnels, "funnel"), cmdutil.CountOf(p.Pages, "page"), cmdutil.CountOf(p.Redirects, "redirect"),
	}
	what := strings.Join(parts[:3], ", ") + " and " + parts[3]
	verb := "Indexed"
	if p.Resumed {
		verb = "Finished the index: read"
	}
	return verb + " " + what + " with " + cmdutil.CountOf(p.Requests, "request") + " in " + p.Elapsed.Round(100*time.Millisecond).String() +
		".\nThe index is " + path
}

// freshIndex reports whether store's last whole crawl is younger than maxAge (never
// for maxAge 0, an index never crawled whole, or one left part way), and its age.
func freshIndex(ctx context.Context, store *index.Store, maxAge time.Duration) (time.Duration, bool) {
	if maxAge <= 0 {
		return 0, false
	}
	st, err := store.State(ctx)
	if err != nil || st.Crawled.IsZero() || st.Unfinished {
		return 0, false
	}
	age := time.Since(st.Crawled)
	return age, age < maxAge
}

// indexSetRun crawls every member of the set into its own local index (each
// resumable as a crawl of one is), skipping those crawled within --max-age.
func indexSetRun(ctx context.Context, f *cmdutil.Factory, opts *IndexOptions) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels index")
	if err != nil {
		return err
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (indexOutput, error) {
		store, err := m.Session.OpenIndex()
		if err != nil {
			return indexOutput{}, err
		}
		defer store.Close()
		row := indexOutput{Path: store.Path(), Notes: []string{}}
		if age, fresh := freshIndex(ctx, store, opts.MaxAge); fresh {
			row.Skipped, row.AgeSecs, row.Complete = true, int(age.Seconds()), true
			return row, nil
		}
		p, err := (&index.Crawler{Client: m.Session.Client, Store: store}).Run(ctx)
		if err := cmdutil.CrawlError(err); err != nil {
			return row, err
		}
		return crawled(p, store.Path(), true), nil
	})
	return indexRows().PrintSet(ctx, f, &opts.Exporter, len(fo.Set.Members), cmdutil.Each(done), fails)
}

// indexRows are how `funnels index` across a set prints what each crawl read.
func indexRows() cmdutil.Rows[indexOutput] {
	return cmdutil.Rows[indexOutput]{
		Output: &cmdutil.SetOutput{Key: "subAccounts", Columns: []cmdutil.Column{cmdutil.TextColumn("FUNNELS"), cmdutil.TextColumn("PAGES"),
			cmdutil.TextColumn("REDIRECTS"), cmdutil.TextColumn("REQUESTS"), cmdutil.TextColumn("TIME")}},
		Cells: func(r indexOutput) []string {
			if r.Skipped {
				return []string{"-", "-", "-", "0", "skipped: indexed " + cmdutil.AgeText(time.Duration(r.AgeSecs)*time.Second) + " ago"}
			}
			return []string{index.Thousands(r.Funnels), index.Thousands(r.Pages), index.Thousands(r.Redirects),
				index.Thousands(r.Requests), (time.Duration(r.Seconds * float64(time.Second))).Round(100 * time.Millisecond).String()}
		},
	}
}
