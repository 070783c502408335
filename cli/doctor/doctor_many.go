package doctor

import (
	"context"
	"fmt"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
)

// doctorSetRun asks every read route once in every member of the set (each route
// tried again at most once, the whole probe of each within --timeout) and shows one
// row per sub-account: how many routes answered and how many were refused. A member
// whose probe learned nothing (its token refused, no route answering) fails.
func doctorSetRun(ctx context.Context, f *cmdutil.Factory, opts *DoctorOptions) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels doctor")
	if err != nil {
		return err
	}
	fo.Tune = func(o *client.Options) { o.MaxRetries = 1 }
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (doctorOutput, error) {
		out, _, err := probeDoctor(ctx, m.Session.Client, m.Profile, opts.Timeout)
		return out, err
	})
	rows := doctorRows()
	records := cmdutil.TagAll(cmdutil.Each(done))
	if opts.Exporter.Enabled() {
		err = opts.Exporter.Write(ctx, f.IO, cmdutil.SetJSON(rows.Output.Key, records, fails), records)
	} else if len(records) > 0 {
		err = rows.TaggedTable(f.IO, records).Print()
		f.Notice("funnels doctor --location ID shows every route of one sub-account, with the scope to ask for.")
	}
	if err != nil {
		return err
	}
	return cmdutil.SetOutcome(f, len(fo.Set.Members), fails)
}

// doctorRows are how `funnels doctor` across a set prints each probe: how many
// routes answered and how many were refused.
func doctorRows() cmdutil.Rows[doctorOutput] {
	return cmdutil.Rows[doctorOutput]{
		Output: &cmdutil.SetOutput{Key: "subAccounts", Columns: []cmdutil.Column{cmdutil.TextColumn("ANSWERED"), cmdutil.TextColumn("REFUSED"),
			cmdutil.TextColumn("NOT ON SERVER"), cmdutil.TextColumn("NOTE")}},
		Cells: func(r doctorOutput) []string {
			note := "-"
			if r.OutOfTime {
				note = "stopped by --timeout"
			}
			return []string{fmt.Sprintf("%d of %d", r.Open, r.Asked), fmt.Sprint(r.Refused - r.Missing), fmt.Sprint(r.Missing), note}
		},
	}
}
