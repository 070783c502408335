package doctor

import (
	"context"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
)

// doctorSetRun asks every read route once in every member of the set (each route
// tried again at most once, the whole probe of each within --timeout) and shows what
// each answered, under its sub-account, with each one's summary on standard error.
// A member whose probe learned nothing (its token refused, no route answering) fails.
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
	routes := make([]cmdutil.MemberDone[[]client.ProbeRow], len(done))
	for i, d := range done {
		routes[i] = cmdutil.MemberDone[[]client.ProbeRow]{Member: d.Member, Result: d.Result.Routes}
		if !opts.Exporter.Enabled() {
			f.Notice("%s: %s.", cmdutil.QuoteName(d.Name), summaryOf(d.Result, opts.Timeout))
		}
	}
	return doctorRows().PrintSet(ctx, f, &opts.Exporter, len(fo.Set.Members), routes, fails)
}
