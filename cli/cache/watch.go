package cache

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/check"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// WatchOptions are what `funnels watch` works from.
type WatchOptions struct {
	Every time.Duration
	// ShortEvery lets Every go down to a second: for tests, not for a location a
	// person works in (hidden).
	ShortEvery bool
	// Check checks the location after each crawl (--check).
	Check check.Watch
	// Set watches the checks of many sub-accounts (with --check).
	Set cmdutil.SetOptions
}

// The interval of `funnels watch`: a crawl of a large location takes minutes of the
// rate limit's leftovers, so closer crawls would only queue behind each other.
const (
	defaultWatchEvery = 10 * time.Minute
	minWatchEvery     = time.Minute
	minShortEvery     = time.Second
)

func newCmdWatch(f *cmdutil.Factory) *cmdutil.Command {
	opts := &WatchOptions{}
	cmd := &cobra.Command{
		Use:   "watch [--every 10m]",
		Short: "Crawl the location again and again and print each change as it is seen",
		Long: `Crawls the location into the local index now and then every --every (10m; at
least 1m), like 'funnels index' — in the background lane, at what the rate limit
leaves — and prints each change the crawl finds, one line each: the time, added,
removed or changed, what, and each changed field old → new. The first crawl is
compared with the last one the index kept ('funnels changes' shows them again).

With --check, each crawl is followed by 'funnels check': the findings that are
new, changed or resolved since its last whole run are printed, one line each, and
the new errors are posted to --notify (or [check] notify in the config file): a
JSON body whose "text" a Slack incoming webhook shows, with the findings beside
it. A webhook that fails is asked twice more and then told about on standard
error; the watch goes on. Over ssh --notify is refused: the server posts to its
own [check] notify.

A crawl that fails prints its reason, with the status code, on standard error,
and the watch goes on. Ctrl-C ends it (exit 0).`,
		Example: `funnels watch
funnels watch --every 30m
funnels watch --every 15m | tee -a funnels-changes.log
funnels watch --check --every 1h --notify https://hooks.slack.com/services/T000/B000/XXXX
funnels watch --check --all-sub-accounts --every 1h`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return watchRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	fl := cmd.Flags()
	fl.DurationVar(&opts.Every, "every", defaultWatchEvery, "how long from one crawl's start to the next (at least 1m)")
	fl.BoolVar(&opts.ShortEvery, "short-every", false, "allow --every down to 1s (for tests)")
	_ = fl.MarkHidden("short-every")
	check.AddWatchFlags(cmd, &opts.Check)
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, SSH: cmdutil.Offered(), Files: check.ReachFiles(), SessionRefuses: check.WatchRefusals()}
}

func watchRun(ctx context.Context, f *cmdutil.Factory, opts *WatchOptions) error {
	least := minWatchEvery
	if opts.ShortEvery {
		least = minShortEvery
	}
	if opts.Every < least {
		return cmdutil.Usagef("--every must be at least %s (a crawl takes what the rate limit leaves), not %s", least, opts.Every)
	}
	if f.Flags.NoCache {
		return cmdutil.Usagef("funnels watch compares crawls kept in the local index, which --no-cache turns off; leave --no-cache out")
	}
	checker, err := opts.Check.Start(f)
	if err != nil {
		return err
	}
	if opts.Set.Given(f) {
		if checker == nil {
			return cmdutil.Usagef("across sub-accounts the watch checks them: add --check")
		}
		return watchSet(ctx, f, opts, checker)
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	store, err := sess.OpenIndex()
	if err != nil {
		return err
	}
	defer store.Close()
	last, err := store.Changes(ctx, index.Since{})
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("reading the local index: %w", err))
	}
	w := watcher{f: f, store: store, client: sess.Client, seen: last.Newest}
	f.Notice("Watching location %s (%s) every %s; Ctrl-C stops.", termtext.Line(sess.Config.Profile.LocationID), cmdutil.SignInWords(sess.Config), opts.Every)
	if checker != nil {
		f.Notice("%s.", checker.Describe())
	}
	// From one crawl's start to the next; a crawl longer than the interval is
	// followed at once by the next.
	tick := time.NewTicker(opts.Every)
	defer tick.Stop()
	for {
		if err := w.round(ctx); err != nil {
			return err
		}
		if checker != nil {
			checker.Round(ctx, sess, store)
		}
		select {
		case <-ctx.Done():
			return nil // interrupted: a watch ends cleanly
		case <-tick.C:
		}
	}
}

// watcher is one `funnels watch`: the version it printed up to.
type watcher struct {
	f      *cmdutil.Factory
	store  *index.Store
	client *client.Client
	seen   int
}

// round crawls once and prints what changed; a failed crawl is told and the watch
// goes on. Only a local failure (the index cannot be read) ends it.
func (w *watcher) round(ctx context.Context) error {
	_, err := (&index.Crawler{Client: w.client, Store: w.store}).Run(ctx)
	now := time.Now()
	switch {
	case ctx.Err() != nil:
		return nil
	case err != nil:
		// The client's errors name the request and the status the service answered.
		w.f.Notice("%s  crawl failed: %s; trying again at the next interval", now.Local().Format("15:04:05"), termtext.Line(err.Error()))
		return nil
	}
	r, err := w.store.Changes(ctx, index.Since{Version: w.seen})
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("reading the local index: %w", err))
	}
	if r.Newest == w.seen {
		return nil
	}
	w.seen = r.Newest
	if r.Baseline && len(r.Changes) == 0 {
		w.f.Notice("%s  first whole crawl: the next ones are compared with it", now.Local().Format("15:04:05"))
	}
	out := w.f.IO.Out
	if w.f.IO.OutTTY {
		out = w.f.ColorWriter(out)
	}
	st := cmdutil.NewChangeStyles()
	for _, c := range r.Changes {
		line := changeLine(r.At, c)
		if w.f.IO.OutTTY {
			line = st.Kind(c.Kind).Render(fitAfter(line, w.f.IO.Width, 0))
		}
		fmt.Fprintln(out, line)
	}
	return nil
}

// watchSet checks a set of sub-accounts every interval, each read into its index
// first. Only a set that cannot be named ends it.
func watchSet(ctx context.Context, f *cmdutil.Factory, opts *WatchOptions, checker *check.Watcher) error {
	f.Notice("Watching the sub-accounts named every %s; Ctrl-C stops.", opts.Every)
	f.Notice("%s.", checker.Describe())
	tick := time.NewTicker(opts.Every)
	defer tick.Stop()
	for {
		if err := checker.RoundSet(ctx, &opts.Set); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}
