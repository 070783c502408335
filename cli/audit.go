package cli

import (
	"context"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/serve"
)

// AuditOptions are what `funnels audit` works from.
type AuditOptions struct {
	Data     string
	Since    string
	User     string
	Location string
	Exporter Exporter
}

func newCmdAudit(f *Factory) *cobra.Command {
	opts := &AuditOptions{}
	cmd := &cobra.Command{
		Use:   "audit --data DIR",
		Short: "The team server's log of every write: who, where, what, and what came back",
		Long: `Shows the audit log of the team server ('funnels serve'): every write any session
sent, by whom (the person and their key's fingerprint), on which sub-account, what
was sent (secrets taken out), its status and the service's trace id. A write the log
saw leave but not end (the server was killed while it was under way) shows as
"unknown". Over ssh it is for the server's admins.`,
		Example: `funnels audit --data ~/funnels-serve --since 24h
funnels audit --data ~/funnels-serve --user ana --json`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return auditRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = positional(cmd)
	addDataFlag(cmd, &opts.Data)
	cmd.Flags().StringVar(&opts.Since, "since", "", "only entries newer than this: a duration (24h) or a time (2026-01-02 or RFC 3339)")
	cmd.Flags().StringVar(&opts.User, "user", "", "only this person's entries")
	cmd.Flags().StringVar(&opts.Location, "location", "", "only this sub-account's entries")
	addJSONFlags(cmd, &opts.Exporter, fieldsOf(serve.Entry{}))
	return cmd
}

// parseSince is the time --since names: a duration back from now, a date or an RFC
// 3339 time.
func parseSince(s string, now time.Time) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if d, err := time.ParseDuration(s); err == nil {
		return now.Add(-d), nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, usagef("--since %s: give a duration (24h) or a time (2026-01-02, 2026-01-02T15:04:05Z)", quoteInput(s))
}

func auditRun(ctx context.Context, f *Factory, opts *AuditOptions) error {
	if err := needData(opts.Data); err != nil {
		return err
	}
	since, err := parseSince(opts.Since, time.Now())
	if err != nil {
		return err
	}
	all, err := serve.OpenAudit(opts.Data).Read()
	if err != nil {
		return withExitCode(ExitLocal, err)
	}
	loc := opts.Location
	var out []serve.Entry
	for _, e := range all {
		if e.Time.Before(since) || opts.User != "" && e.Person != opts.User || loc != "" && e.Location != loc {
			continue
		}
		out = append(out, e)
	}
	if opts.Exporter.Enabled() {
		if out == nil {
			out = []serve.Entry{}
		}
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	if len(out) == 0 {
		f.notice("No writes in the audit log match.")
		return nil
	}
	t := newTable(f.IO, textColumn("TIME"), nameColumn("PERSON"), idColumn("LOCATION"), nameColumn("REQUEST").tells(), textColumn("STATUS"))
	for _, e := range finishedWrites(out) {
		t.row(e.Time.Local().Format("2006-01-02 15:04"), e.Person, e.Location, e.Method+" "+e.Path, auditStatus(e))
	}
	return t.print()
}

// finishedWrites is one row per write: its "sent" entry, or its "sending" entry when
// it never ended.
func finishedWrites(entries []serve.Entry) []serve.Entry {
	type id struct {
		session string
		request uint64
	}
	sent := map[id]bool{}
	for _, e := range entries {
		if e.Phase == serve.PhaseSent {
			sent[id{e.Session, e.Request}] = true
		}
	}
	var rows []serve.Entry
	for _, e := range entries {
		if e.Phase == serve.PhaseSent || !sent[id{e.Session, e.Request}] {
			rows = append(rows, e)
		}
	}
	return rows
}

// auditStatus is the status column: the code, "failed" for no answer, "unknown" for
// a write never seen to end.
func auditStatus(e serve.Entry) string {
	switch {
	case e.Phase != serve.PhaseSent:
		return "unknown"
	case e.Status == 0:
		return "failed"
	}
	return strconv.Itoa(e.Status)
}
