package doctor

import (
	"context"
	"fmt"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
)

// doctorSetRow is one sub-account of `funnels doctor` across a set.
type doctorSetRow struct {
	cmdutil.MemberTag
	DoctorOutput
	OutOfTime bool `json:"outOfTime"` // stopped by --timeout before every route was asked
}

// doctorSetOutput is the --json shape of `funnels doctor` across a set.
type doctorSetOutput struct {
	SubAccounts []doctorSetRow          `json:"subAccounts"`
	Failures    []cmdutil.MemberFailure `json:"failures"`
}

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
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (doctorSetRow, error) {
		out, outOfTime, err := probeDoctor(ctx, m.Session.Client, m.Profile, opts.Timeout)
		return doctorSetRow{MemberTag: cmdutil.TagOf(m.Member), DoctorOutput: out, OutOfTime: outOfTime}, err
	})
	rows := make([]doctorSetRow, len(done))
	for i, d := range done {
		rows[i] = d.Result
	}
	if opts.Exporter.Enabled() {
		err = opts.Exporter.Write(ctx, f.IO, doctorSetOutput{SubAccounts: rows, Failures: cmdutil.OrEmpty(fails)}, rows)
	} else if len(rows) > 0 {
		t := cmdutil.NewTable(f.IO, cmdutil.NameColumn("SUB-ACCOUNT").Tells(), cmdutil.TextColumn("ANSWERED"), cmdutil.TextColumn("REFUSED"), cmdutil.TextColumn("NOT ON SERVER"), cmdutil.TextColumn("NOTE"))
		for _, r := range rows {
			note := "-"
			if r.OutOfTime {
				note = "stopped by --timeout"
			}
			t.Row(r.LocationName, fmt.Sprintf("%d of %d", r.Open, r.Asked), fmt.Sprint(r.Refused-r.Missing), fmt.Sprint(r.Missing), note)
		}
		err = t.Print()
		f.Notice("funnels doctor --location ID shows every route of one sub-account, with the scope to ask for.")
	}
	if err != nil {
		return err
	}
	return cmdutil.SetOutcome(f, len(fo.Set.Members), fails)
}
