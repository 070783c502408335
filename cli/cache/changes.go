package cache

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
)

// ChangesOptions are what `funnels changes` works from.
type ChangesOptions struct {
	Since    string
	Exporter cmdutil.Exporter
}

func newCmdChanges(f *cmdutil.Factory) *cmdutil.Command {
	opts := &ChangesOptions{}
	cmd := &cobra.Command{
		Use:   "changes [--since DURATION|VERSION]",
		Short: "What changed in the location between crawls of the local index",
		Long: `Shows what the last crawl of the local index ('funnels index', 'funnels watch', or
the browser's own) found added, removed or changed since the crawl before it:
folders, funnels, steps and pages, grouped by funnel, each changed field old → new.
Nothing is asked of the service; HighLevel keeps no history of funnels outside
its web app, so this history is what this machine's crawls saw.

Every crawl that reads the location whole is a numbered version; one stopped part
way is not. The last 20 crawls that found a change are kept, and the newest.
--since 2h (or 3d) covers every crawl of the last two hours, --since 4 every
crawl after version 4; an item changed twice shows its first old value and its
last new one.

Before two whole crawls there is nothing to compare: it says so and exits 0.`,
		Example: `funnels changes
funnels changes --since 24h
funnels changes --since 3 --json
funnels changes --jq '.changes[] | select(.item == "step") | .name'`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return changesRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmd.Flags().StringVar(&opts.Since, "since", "", "cover the crawls of the last DURATION (90m, 24h, 7d) or after VERSION (a number)")
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(index.Report{}))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, SSH: cmdutil.Offered()}
}

// ChangesSince reads --since: a version number, or a duration back from now (Go's
// units, and d for days).
func ChangesSince(text string, now time.Time) (index.Since, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return index.Since{}, nil
	}
	if n, err := strconv.Atoi(text); err == nil {
		if n < 0 {
			return index.Since{}, cmdutil.Usagef("--since VERSION must not be negative, not %s", cmdutil.QuoteInput(text))
		}
		return index.Since{Version: n}, nil
	}
	d, err := time.ParseDuration(text)
	if days, ok := strings.CutSuffix(text, "d"); ok {
		var n float64
		n, err = strconv.ParseFloat(days, 64)
		d = time.Duration(n * float64(24*time.Hour))
	}
	if err != nil || d <= 0 {
		return index.Since{}, cmdutil.Usagef("--since takes a duration (90m, 24h, 7d) or a version number, not %s", cmdutil.QuoteInput(text))
	}
	return index.Since{Time: now.Add(-d)}, nil
}

func changesRun(ctx context.Context, f *cmdutil.Factory, opts *ChangesOptions) error {
	if f.Flags.NoCache {
		return cmdutil.Usagef("funnels changes reads the crawls kept in the local index, which --no-cache turns off; leave --no-cache out")
	}
	since, err := ChangesSince(opts.Since, time.Now())
	if err != nil {
		return err
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
	r, err := store.Changes(ctx, since)
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("reading the local index: %w", err))
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, r, r)
	}
	if text := changesHeadline(r); text != "" {
		f.Prose("%s", text)
	}
	if len(r.Changes) == 0 {
		return nil
	}
	if !f.IO.OutTTY {
		return writeChangeRows(f.IO.Out, r.Changes)
	}
	w := f.ColorWriter(f.IO.Out)
	fmt.Fprintln(w, changeSummary(r.Changes)+".")
	writeChangeGroups(w, r.Changes, f.IO.Width, cmdutil.NewChangeStyles())
	if r.Dropped > 0 {
		f.Notice("%s more were seen but not kept (a crawl keeps at most a few thousand).", cmdutil.CountOf(r.Dropped, "change"))
	}
	return nil
}

// changesHeadline says which crawls a report covers, or why it holds nothing.
func changesHeadline(r index.Report) string {
	const stamp = "2006-01-02 15:04"
	switch {
	case !r.Found:
		return "No changes are known yet: the local index has no whole crawl of this location. " +
			"Run 'funnels index' now and again later (or 'funnels watch'); each crawl is compared with the one before."
	case r.From > r.To:
		return fmt.Sprintf("No crawl in that span; the newest is version %d.", r.Newest)
	case r.Baseline && len(r.Changes) == 0:
		return fmt.Sprintf("The crawl of %s (version %d) is the first: later crawls are compared with it. "+
			"Run 'funnels index' again to see what changed.", r.At.Local().Format(stamp), r.To)
	}
	span := fmt.Sprintf("version %d", r.To)
	if r.From != r.To {
		span = fmt.Sprintf("versions %d to %d", r.From, r.To)
	}
	prev := ""
	if !r.Prev.IsZero() {
		prev = " since the crawl of " + r.Prev.Local().Format(stamp)
	}
	if len(r.Changes) == 0 {
		if r.Prev.IsZero() {
			return fmt.Sprintf("Nothing changed up to the crawl of %s (%s).", r.At.Local().Format(stamp), span)
		}
		return fmt.Sprintf("Nothing changed between the crawls of %s and %s (%s).", r.Prev.Local().Format(stamp), r.At.Local().Format(stamp), span)
	}
	return fmt.Sprintf("Changes%s, up to the crawl of %s (%s):", prev, r.At.Local().Format(stamp), span)
}

// writeChangeRows writes the changes for a pipe: a tab-separated row per field
// changed (kind, item, funnel, name, field, old, new), every value whole.
func writeChangeRows(w io.Writer, cs []index.Change) error {
	var rows [][]string
	for _, c := range cs {
		head := []string{string(c.Kind), c.Item, c.Funnel, c.Name}
		if len(c.Fields) == 0 {
			rows = append(rows, append(head, "", "", ""))
		}
		for _, fc := range c.Fields {
			rows = append(rows, append(append([]string{}, head...), fc.Field, fc.Old, fc.New))
		}
	}
	t := cmdutil.NewTable(&cmdutil.IOStreams{Out: w}, cmdutil.TextColumn("KIND"), cmdutil.TextColumn("ITEM"), cmdutil.NameColumn("FUNNEL"), cmdutil.NameColumn("NAME"),
		cmdutil.TextColumn("FIELD"), cmdutil.WrapColumn("OLD"), cmdutil.WrapColumn("NEW"))
	t.Rows = rows
	return t.Print()
}
