package team

import (
	"context"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// AuditOptions are what `funnels audit` works from.
type AuditOptions struct {
	Data     string
	Since    string
	User     string
	Location string
	Exporter cmdutil.Exporter
}

func NewCmdAudit(f *cmdutil.Factory) *cmdutil.Command {
	opts := &AuditOptions{}
	cmd := &cobra.Command{
		Use:   "audit --data DIR",
		Short: "The team server's log of every write: who, where, what, and what came back",
		Long: `Shows the audit log of the team server ('funnels serve'): every write any session
sent, by whom (the person and their key's fingerprint), on which sub-account (with
its name where the server's agency sign-in lists it), what was sent (secrets taken
out), the record before and after for a redirect, its status and the service's
trace id. A write the log
saw leave but not end (the server was killed while it was under way) shows as
"unknown". Over ssh it is for the server's admins.`,
		Example: `funnels audit --data ~/funnels-serve --since 24h
funnels audit --data ~/funnels-serve --user ana --json`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return auditRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	AddDataFlag(cmd, &opts.Data)
	cmd.Flags().StringVar(&opts.Since, "since", "", "only entries newer than this: a duration (24h) or a time (2026-01-02 or RFC 3339)")
	cmd.Flags().StringVar(&opts.User, "user", "", "only this person's entries")
	cmd.Flags().StringVar(&opts.Location, "location", "", "only this sub-account's entries")
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(auditlog.Entry{}))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionMore, Files: []cmdutil.File{dataDirFile()}, SSH: cmdutil.AdminsOnly()}
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
	return time.Time{}, cmdutil.Usagef("--since %s: give a duration (24h) or a time (2026-01-02, 2026-01-02T15:04:05Z)", cmdutil.QuoteInput(s))
}

func auditRun(ctx context.Context, f *cmdutil.Factory, opts *AuditOptions) error {
	dir, err := cmdutil.DataDir(f, opts.Data)
	if err != nil {
		return err
	}
	since, err := parseSince(opts.Since, time.Now())
	if err != nil {
		return err
	}
	all, err := auditlog.Open(dir).Read()
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	loc := opts.Location
	var out []auditlog.Entry
	for _, e := range all {
		if e.Time.Before(since) || opts.User != "" && e.Person != opts.User || loc != "" && e.Location != loc {
			continue
		}
		out = append(out, e)
	}
	if opts.Exporter.Enabled() {
		if out == nil {
			out = []auditlog.Entry{}
		}
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	if len(out) == 0 {
		f.Notice("No writes in the audit log match.")
		return nil
	}
	// The time (to the minute) and the status stay whole; the sub-account's name,
	// beside its id, gives first.
	t := cmdutil.NewTable(f.IO, cmdutil.TextColumn("TIME").Whole(), cmdutil.NameColumn("PERSON"), cmdutil.IDColumn("LOCATION"),
		cmdutil.NameColumn("NAME").GivesFirst(), cmdutil.NameColumn("REQUEST").Tells(), cmdutil.TextColumn("STATUS").Whole())
	for _, e := range auditlog.Writes(out) {
		t.Row(e.Time.Local().Format("2006-01-02 15:04"), e.Person, e.Location, e.LocationName, e.Method+" "+e.Path, auditlog.StatusText(e))
	}
	return t.Print()
}
