package doctor

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// DoctorOptions are what `funnels doctor` works from.
type DoctorOptions struct {
	Exporter cmdutil.Exporter
	Set      cmdutil.SetOptions
	Timeout  time.Duration // the whole probe; each route waits at most client.DefaultProbeTimeout of it
}

// doctorTimeout is how long the whole probe may take unless --timeout says.
const doctorTimeout = 30 * time.Second

// errDoctorOutOfTime ends a probe whose --timeout is up.
var errDoctorOutOfTime = errors.New("the doctor's time is up")

// doctorOutput is the --json shape of `funnels doctor`.
type doctorOutput struct {
	Profile    string            `json:"profile"`
	BaseURL    string            `json:"baseUrl"`
	LocationID string            `json:"locationId"`
	APIVersion string            `json:"apiVersion"`
	Asked      int               `json:"asked"`   // read routes asked
	Open       int               `json:"open"`    // of those, the ones that answered
	Refused    int               `json:"refused"` // of those, the ones refused to this sign-in or not on this server
	Missing    int               `json:"missing"` // of the refused, the ones not on this server (404)
	Routes     []client.ProbeRow `json:"routes"`
	OutOfTime  bool              `json:"outOfTime"` // stopped by --timeout before every route was asked
}

func newCmdDoctor(f *cmdutil.Factory) *cmdutil.Command {
	opts := &DoctorOptions{}
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "What this sign-in can do: every read route asked once",
		Long: `Shows what this sign-in can do. Each family of read routes is asked once with a
harmless GET, and a table says for every route what it answered, what that means,
and the scope or access to ask for where it was refused. Writes are never sent: their
rows say what this profile learned of them earlier (funnels remembers refusals per
profile). What is learned here is remembered too, so the commands and the browser
fall back at once where a route is refused.

Exit status: 0 when the probe ran, even if routes were refused (the table is the
answer); 3 when the token itself was refused (sign in again) or the sub-account is
inactive in HighLevel (reactivate it there: signing in does not help); 1 when no
route gave an answer at all (a server down, no network, the rate limit). Each route waits at
most 10s for its answer and the whole probe stops after --timeout (30s), showing
what it had by then.`,
		Example: `funnels doctor
funnels doctor --profile clinic
funnels doctor --json --jq '.routes[] | select(.answer != "open") | [.route, .askFor] | @tsv'`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return doctorRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmd.Flags().DurationVar(&opts.Timeout, "timeout", doctorTimeout, "give up after this long; each route waits at most 10s of it")
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(client.ProbeRow{}, cmdutil.MemberTag{}))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionAccount, SSH: cmdutil.Offered(), Tools: []cmdutil.Tool{doctorTool()}, Set: doctorRows().Output}
}

func doctorRun(ctx context.Context, f *cmdutil.Factory, opts *DoctorOptions) error {
	// Each route is asked once: a server error or a dropped connection is tried
	// again once, not five times, so a server that is down is told in seconds.
	if opts.Timeout <= 0 {
		return cmdutil.Usagef("--timeout must be more than 0, such as 30s")
	}
	if opts.Set.Given(f) {
		return doctorSetRun(ctx, f, opts)
	}
	sess, err := f.SessionWith(ctx, true, func(o *client.Options) { o.MaxRetries = 1 })
	if err != nil {
		return err
	}
	c, cfg := sess.Client, sess.Config
	each := min(client.DefaultProbeTimeout, opts.Timeout)
	out, _, err := probeDoctor(ctx, c, cfg.Profile.Name, opts.Timeout)
	if err != nil {
		return err
	}
	rows := out.Routes
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, out, rows)
	}
	f.Prose("What this sign-in can do: profile %s, location %s at %s.\nEach read route was asked once with a harmless GET (waiting at most %s for each); writes are never sent.\nAPI version %s (--api-version, FUNNELS_API_VERSION or [api] version).",
		termtext.Line(out.Profile), termtext.Line(out.LocationID), termtext.Line(out.BaseURL), each, termtext.Line(out.APIVersion))
	if cfg.CAFile != "" {
		f.Prose("Certificates are trusted from the system and from %s (%s).", termtext.Line(cfg.CAFile), cfg.Origin(config.KeyCAFile))
	}
	if proxy := cmdutil.ProxyOf(f.Getenv, out.BaseURL); proxy != "" {
		check := "funnels check asks the public pages directly, not through it (--proxy or [check] proxy would)."
		if cfg.Check.Proxy {
			check = "funnels check asks the public pages through it too ([check] proxy)."
		}
		f.Prose("Requests go through the proxy %s (HTTPS_PROXY; NO_PROXY leaves hosts out). %s", termtext.Line(proxy), check)
	}
	if f.IO.OutTTY {
		f.Prose("")
	}
	if err := doctorRows().Table(f.IO, rows).Print(); err != nil {
		return err
	}
	if f.IO.OutTTY {
		f.Prose("")
	}
	f.Prose("%s.", summaryOf(out, opts.Timeout))
	for _, scope := range refusedScopes(rows) {
		f.Prose("%s is missing; %s", scope, strings.Join(cmdutil.ScopeGuidance(scope, f.SignedInWith), "; "))
	}
	return nil
}

// probeDoctor asks every read route of c once, within timeout, and tallies the
// answers. A probe that learned nothing (the token refused, no route answering) is
// an error; one cut short by timeout says so (outOfTime) with what it had.
func probeDoctor(ctx context.Context, c *client.Client, profile string, timeout time.Duration) (out doctorOutput, outOfTime bool, err error) {
	// A server that takes connections and never answers is given up on: each route
	// waits at most DefaultProbeTimeout (or the whole --timeout, if shorter), and
	// the probe stops when --timeout is up, showing what it had by then.
	each := min(client.DefaultProbeTimeout, timeout)
	probeCtx, cancel := context.WithTimeoutCause(ctx, timeout, errDoctorOutOfTime)
	defer cancel()
	rows, err := c.ProbeWithin(probeCtx, each)
	outOfTime = err != nil && ctx.Err() == nil && errors.Is(context.Cause(probeCtx), errDoctorOutOfTime)
	if err != nil && !outOfTime {
		return doctorOutput{}, false, err
	}
	out = doctorOutput{Profile: profile, BaseURL: c.BaseURL(), LocationID: c.LocationID(), APIVersion: c.APIVersion(), Routes: rows, OutOfTime: outOfTime}
	for _, r := range rows {
		// An inactive sub-account answers every route, or refuses every token, with
		// 400 "Location is not active": the table would only repeat it.
		if suspended := cmdutil.InactiveSubAccount(r.Err(), c.LocationID()); suspended != nil {
			return out, outOfTime, suspended
		}
	}
	var tokenRefused, silent *client.ProbeRow
	for i := range rows {
		r := &rows[i]
		if !r.Probed {
			continue
		}
		out.Asked++
		switch {
		case r.Answer == client.AnswerOpen:
			out.Open++
		case r.Answer == client.AnswerRouteMissing:
			out.Refused++
			out.Missing++
		case r.Answer.Refused():
			out.Refused++
		case r.Status == 401 || strings.HasPrefix(r.Result, "no token"):
			if tokenRefused == nil {
				tokenRefused = r
			}
		case silent == nil:
			silent = r
		}
	}
	if out.Open+out.Refused == 0 {
		// Nothing was learned: the table would say the same thing on every line.
		switch {
		case tokenRefused != nil:
			return out, outOfTime, cmdutil.WithExitCode(cmdutil.ExitAuth, errors.New(tokenRefused.Route+" answered "+tokenRefused.Result+": "+tokenRefused.Meaning+
				" with '"+auth.LoginCommand(profile, false)+"', or check --token / FUNNELS_TOKEN"))
		case silent != nil:
			why := strings.TrimPrefix(silent.Meaning, "no verdict: ")
			if silent.Status != 0 {
				why = silent.Route + " answered " + strconv.Itoa(silent.Status) + " " + why
			}
			if outOfTime {
				why += "; stopped after " + timeout.String() + " (--timeout)"
			}
			return out, outOfTime, cmdutil.WithExitCode(cmdutil.ExitAPI, errors.New("no route gave an answer: "+why))
		case outOfTime:
			return out, outOfTime, cmdutil.WithExitCode(cmdutil.ExitAPI, errors.New("no route gave an answer within "+timeout.String()+" (--timeout)"))
		}
	}
	return out, outOfTime, nil
}

// refusedScopes are the scopes the rows say this token lacks, each once, in order.
func refusedScopes(rows []client.ProbeRow) []string {
	var out []string
	for _, r := range rows {
		rf, ok := client.FamilyInfo(r.Family)
		if r.Answer == client.AnswerScopeRefused && ok && rf.Scope != "" && !slices.Contains(out, rf.Scope) {
			out = append(out, rf.Scope)
		}
	}
	return out
}

// summaryOf is a probe in one sentence: how many routes answered, how many were
// refused or are not on the server, and whether --timeout cut it short.
func summaryOf(out doctorOutput, timeout time.Duration) string {
	summary := strconv.Itoa(out.Open) + " of " + cmdutil.Plural(out.Asked, "read route", "read routes") + " asked answered"
	if n := out.Refused - out.Missing; n > 0 {
		summary += "; " + strconv.Itoa(n) + " refused to this sign-in: ask for what ASK FOR names, or use what still works (the commands fall back where they can)"
	}
	if out.Missing > 0 {
		summary += "; " + strconv.Itoa(out.Missing) + " " + client.NotOnServer + ": the server does not have those routes (no access opens them); the commands fall back where they can"
	}
	if out.OutOfTime {
		summary += "; stopped after " + timeout.String() + " (--timeout): the routes after the last row were not asked"
	}
	return summary
}

// doctorRows are how `funnels doctor` prints what each read route answered, of one
// sub-account or, under SUB-ACCOUNT, of a set.
func doctorRows() cmdutil.Rows[client.ProbeRow] {
	return cmdutil.Rows[client.ProbeRow]{
		// The route is what a person reads the row by: whole, wrapped after a '/'
		// when there is no room; what it means and what to ask for wrap first.
		Output: &cmdutil.SetOutput{Key: "routes", Columns: []cmdutil.Column{cmdutil.NameColumn("ROUTE").Whole(), cmdutil.TextColumn("ANSWER"),
			cmdutil.WrapColumn("MEANING").GivesFirst(), cmdutil.WrapColumn("ASK FOR").GivesFirst()}},
		Cells: func(r client.ProbeRow) []string {
			return []string{r.Route, r.Result, r.Meaning, cmdutil.OrDash(r.AskFor)}
		},
	}
}

// doctorTool is `funnels doctor` for an assistant.
func doctorTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "doctor", Description: "What this sign-in can reach: every read route asked once with a harmless GET, what it answered and the scope or access to ask for where it was refused. With location (ids separated by commas), all_sub_accounts or group, one probe for each of those sub-accounts. The result is the --json of 'funnels doctor'."}
}

// Commands are the commands of doctor: `funnels doctor`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdDoctor(f)}
}

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
