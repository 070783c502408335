package cli

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// IndexOptions are what `funnels index` works from.
type IndexOptions struct {
	Exporter Exporter
	MaxAge   time.Duration // skip a location whose last whole crawl is younger than this (0: never skip)
	Set      SetOptions
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
}

func newCmdIndex(f *Factory) *cobra.Command {
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
	cmd.Args = positional(cmd)
	cmd.Flags().DurationVar(&opts.MaxAge, "max-age", 0, "skip a location indexed whole within this long (e.g. 6h)")
	addSetFlags(f, cmd, &opts.Set)
	addJSONFlags(cmd, &opts.Exporter, fieldsOf(indexSetRow{}))
	return cmd
}

func indexRun(ctx context.Context, f *Factory, opts *IndexOptions) error {
	if f.Flags.NoCache {
		return usagef("funnels index writes the local index, which --no-cache turns off; leave --no-cache out")
	}
	if opts.MaxAge < 0 {
		return usagef("--max-age must not be negative")
	}
	if opts.Set.given(f) {
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
		f.notice("The index of this location is %s old, within --max-age: nothing read.", age.Round(time.Second))
		return nil
	}
	p, err := crawlWithProgress(ctx, f, c, store)
	out := indexOutput{
		Folders: p.Folders, Funnels: p.Funnels, Pages: p.Pages, Redirects: p.Redirects, Requests: p.Requests,
		Seconds: p.Elapsed.Round(time.Millisecond).Seconds(), Resumed: p.Resumed, Complete: err == nil,
		Notes: orEmpty(p.Notes), Path: store.Path(),
	}
	if err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	f.prose("%s", indexSummary(p, store.Path()))
	if r, err := store.Changes(ctx, index.Since{}); err == nil && len(r.Changes) > 0 {
		f.prose("%s since the crawl before: 'funnels changes' shows them.", changeSummary(r.Changes))
	}
	for _, n := range p.Notes {
		f.notice("note: %s", n)
	}
	return nil
}

// crawlWithProgress crawls c's location into store with the progress on standard
// error. A crawl stopped part way says how to resume.
func crawlWithProgress(ctx context.Context, f *Factory, c *client.Client, store *index.Store) (index.Progress, error) {
	if n := store.Notice(); n != "" {
		f.notice("funnels: %s", n)
	}
	bar := newCrawlProgress(f)
	p, err := (&index.Crawler{Client: c, Store: store, OnProgress: bar.update}).Run(ctx)
	bar.done()
	if n := store.Notice(); n != "" {
		f.notice("funnels: %s", n)
	}
	return p, crawlError(err)
}

// crawlError is the error of a crawl as a command reports it: a crawl stopped part
// way says how to resume.
func crawlError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return withExitCode(ExitAPI, errors.New("stopped part way; what was read is kept, and 'funnels index' resumes where it stopped"))
	case errors.Is(err, index.ErrCrawlIncomplete):
		return withExitCode(ExitAPI, err)
	case errors.Is(err, index.ErrLocked):
		return withExitCode(ExitLocal, err)
	}
	return err
}

// indexSummary is the sentence after a crawl: "Indexed 9 folders, 25 funnels, 120
// pages and 8 redirects with 37 requests in 3.4s."
func indexSummary(p index.Progress, path string) string {
	parts := []string{
		countOf(p.Folders, "folder"), countOf(p.Funnels, "funnel"), countOf(p.Pages, "page"), countOf(p.Redirects, "redirect"),
	}
	what := strings.Join(parts[:3], ", ") + " and " + parts[3]
	verb := "Indexed"
	if p.Resumed {
		verb = "Finished the index: read"
	}
	return verb + " " + what + " with " + countOf(p.Requests, "request") + " in " + p.Elapsed.Round(100*time.Millisecond).String() +
		".\nThe index is " + path
}

// countOf is "1 page", "25 pages".
func countOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return index.Thousands(n) + " " + word + "s"
}
