// Package check is `funnels check`: is every step, redirect and domain of a
// sub-account — or of a hundred — live? The work is package client/check's
// (RunIndexed); this package reads the command line, makes the sub-accounts ready
// (their indexes read first where they hold none), shows one progress line, and
// prints the findings grouped by sub-account and severity, with the fix where one is
// known. Reach (reach.go) is how a check reaches the pages, shared with `funnels
// watch --check` (Watch, watch.go).
package check

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
)

// CheckOptions are what `funnels check` works from.
type CheckOptions struct {
	Exporter  cmdutil.Exporter
	Set       cmdutil.SetOptions
	Reach     Reach
	Only      []string // the severities shown: errors, warnings, ok
	SinceLast bool
	Crawl     bool // read the index again before the check
	ExitZero  bool // exit 0 even when errors are found (the findings are the answer)
	Quiet     bool // the findings alone: no progress line, no counts
}

func newCmdCheck(f *cmdutil.Factory) *cmdutil.Command {
	opts := &CheckOptions{}
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Is everything live? Check every step, redirect, domain and certificate",
		Long: `Fetches, as a visitor would, every live step's public address, every URL redirect
and its target, and every domain with its certificate, and says what is broken
(error), worth a look (warning) or well (ok), grouped by sub-account and severity,
with the fix where one is known ("redirect /old-offer → /new-offer", "moved to
/new-path"). It reads what to ask from the local index (read from the location
first when there is none; --crawl reads it again first), so it knows which step a
broken address belongs to and, from the index's history, where a step was before.

  steps      4xx/5xx where its redirects end, no answer, a loop, more than 3
             redirects, https → http, slow (2s to the first byte), no <title>,
             no meta description, a canonical naming another address, noindex;
             an old address of a moved step left answering 404
  redirects  not served, a target that answers 4xx/5xx (a step that moved, a
             path no step has), a target that redirects again, a loop, a live
             step's address taken
  domains    not resolving, not answering, a certificate expired, for other
             names or untrusted, ending within 14 days (an error within 3),
             http:// not redirecting to https://

It is polite: at most --per-host requests to one host at once, one request per
address, --timeout a request, a Retry-After waited out, a User-Agent naming
funnels, no cookie and no token ever sent. An address that resolves to a
loopback, private, link-local or metadata address is reported, not fetched,
unless --allow-private. Each site is asked directly; with --proxy ([check] proxy),
through the proxy HTTPS_PROXY names, each name still looked up and judged here
first. --resolve (as curl's) reaches a host at an address of
your choosing, private ones too: 'funnels sandbox --sites' prints the rules and
the certificate authority of its pages.

The findings are errors and warnings (--only picks: errors, warnings, ok); --json
holds the evidence of each (status, time to first byte, the redirect chain, the
certificate's days) and the redirect a fix would make. Each run is kept beside
the index: --since-last lists what is new, changed or resolved since the last
whole run. Ctrl-C stops within a second and keeps what was answered: the next run
within an hour goes on from there. Progress is one line on standard error.

Exit status: 1 when any error is found (for cron and CI; --exit-zero not), 2 for
bad usage, 3 when not signed in.`,
		Example: `funnels check
funnels check --only errors --since-last
funnels check --all-sub-accounts --crawl
funnels check --json --jq '.findings[] | select(.severity == "error") | .url'
funnels check --resolve-file sites-resolve.txt --ca-file sites-ca.pem --no-dns`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return checkRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	fl := cmd.Flags()
	fl.StringSliceVar(&opts.Only, "only", []string{"errors", "warnings"}, "show only these: errors, warnings, ok (a comma list)")
	fl.BoolVar(&opts.SinceLast, "since-last", false, "show only what is new, changed or resolved since the last whole run")
	fl.BoolVar(&opts.Crawl, "crawl", false, "read the location into its index again first, so the check sees today's steps and redirects")
	fl.BoolVar(&opts.ExitZero, "exit-zero", false, "exit 0 even when errors are found")
	fl.BoolVarP(&opts.Quiet, "quiet", "q", false, "print the findings alone: no progress line and no counts (for cron)")
	_ = cmd.RegisterFlagCompletionFunc("only", cmdutil.FixedValues([]string{"errors", "warnings", "ok"}))
	AddReachFlags(cmd, &opts.Reach)
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(finding{}, cmdutil.MemberTag{}))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, SSH: SSHOffer(), Files: ReachFiles(), SessionRefuses: ReachRefusals(),
		Tools: []cmdutil.Tool{checkTool()}, Set: findingRows(false, false).Output}
}

// SSHOffer is whether a session of the team server may check: `funnels check` and the
// browser's Health view alike. Every person granted a sub-account may (a check only
// reads, and what it sends goes to public pages); the pages are reached only as the
// machine's [check] says (ReachRefusals, ReachFiles).
func SSHOffer() cmdutil.Offer { return cmdutil.Offered() }

// SessionRefusal is why a session of the team server may not run a check ("" when it
// may), as SSHOffer says; admin tells whether the person is one of the server's admins.
func SessionRefusal(admin bool) string {
	switch off := SSHOffer(); {
	case !off.Offered():
		return "the team server does not offer the check: " + off.Why()
	case off.ForAdmins() && !admin:
		return "on the team server only its admins may run the check"
	}
	return ""
}

// checkTool is `funnels check` for an assistant: read-only, the findings as the
// answer. It reaches pages as the machine's [check] settings say, never at an
// address the assistant names.
func checkTool() cmdutil.Tool {
	leave := ReachLeft()
	leave["exit-zero"] = "the tool always answers with the findings; their severities say what is broken"
	return cmdutil.Tool{Name: "check", Description: "Is everything live? Fetches every live step's public address, every URL redirect and its target, every domain and its certificate, and returns the findings: errors (broken for visitors now), warnings and, with only=ok, what is well, each with its subject (step, redirect or domain, with ids), evidence and the fix where one is known (the redirect to make or change). since_last: only what changed since the last run. With location (ids separated by commas), all_sub_accounts or group, every one of those sub-accounts. The result is the --json of 'funnels check'.",
		Fixed: []string{"--exit-zero"}, Leave: leave}
}

// Commands are the commands of check: `funnels check`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdCheck(f)}
}

// errCutShort ends a check stopped before every address was answered.
var errCutShort = errors.New("stopped part way; the answers so far are kept, and 'funnels check' within the hour goes on from there")

func checkRun(ctx context.Context, f *cmdutil.Factory, opts *CheckOptions) error {
	only, err := parseOnly(opts.Only)
	if err != nil {
		return err
	}
	if opts.SinceLast && f.SessionIndex() {
		return cmdutil.Usagef("--since-last compares with the last run kept beside the local index, which --no-cache turns off; leave one out")
	}
	run, err := opts.Reach.Options(f)
	if err != nil {
		return err
	}
	if run.Proxy != nil && !cmdutil.ProxyNamed(f.Getenv) && !opts.Quiet {
		f.Notice("Note: the check goes through a proxy (--proxy or [check] proxy), but the environment names none (HTTPS_PROXY, HTTP_PROXY): every site is asked directly.")
	}
	var p *progress
	if !opts.Quiet {
		p = newProgress(f)
		defer p.Done()
	}
	var (
		targets  []target
		fails    []cmdutil.MemberFailure
		total    = 1
		closeAll func()
	)
	if opts.Set.Given(f) {
		targets, fails, total, closeAll, err = openSet(ctx, f, &opts.Set, opts.Crawl, p)
	} else {
		var t target
		t, closeAll, err = openOne(ctx, f, opts.Crawl, p)
		targets = []target{t}
	}
	if err != nil {
		return err
	}
	defer closeAll()
	if ctx.Err() != nil {
		return cmdutil.WithExitCode(cmdutil.ExitAPI, errCutShort)
	}
	outcomes, runErr := runTargets(ctx, targets, run, p)
	p.Done()
	if runErr != nil && ctx.Err() != nil {
		return cmdutil.WithExitCode(cmdutil.ExitAPI, errCutShort)
	}
	if runErr != nil {
		return runErr
	}
	for _, o := range outcomes {
		switch {
		case o.Result == nil && !opts.Set.Given(f):
			return o.Err
		case o.Result == nil:
			fails = append(fails, failureOf(o, o.Err))
		case o.Err != nil: // checked, and not kept
			f.Notice("funnels check: %s: %s", cmdutil.QuoteName(o.Target.Name), cmdutil.ErrorLine(o.Err))
		}
	}
	if err := printOutcomes(ctx, f, opts, only, outcomes, total, fails); err != nil {
		return err
	}
	if !opts.Quiet {
		hintUnreached(f, outcomes, run)
		hintNetwork(f, outcomes, run.Proxy != nil)
	}
	return verdict(outcomes, opts.ExitZero, opts.Quiet)
}

// runTargets checks every target at once, sharing the per-host limits.
func runTargets(ctx context.Context, targets []target, run linkcheck.Options, p *progress) ([]outcome, error) {
	ts := make([]linkcheck.Target, len(targets))
	for i, t := range targets {
		ts[i] = t.Target
	}
	if p != nil {
		run.Progress = p.Check
	}
	got, err := linkcheck.RunIndexed(ctx, ts, run)
	out := make([]outcome, len(got))
	for i, o := range got {
		out[i] = outcome{Outcome: o, member: targets[i].member}
	}
	return out, err
}

// outcome is one sub-account's check and who it is.
type outcome struct {
	linkcheck.Outcome
	member cmdutil.Member
}

// failureOf is a sub-account whose check could not be made, as a set lists it.
func failureOf(o outcome, err error) cmdutil.MemberFailure {
	return cmdutil.MemberFailure{Location: o.member.Location, LocationName: o.member.Name, Profile: o.member.Profile,
		Error: cmdutil.ErrorLine(err), Code: cmdutil.ExitCode(err)}
}

// errFound ends a check that found errors: exit 1, for cron and CI.
type errFound struct{ errors, subAccounts int }

func (e *errFound) Error() string {
	s := cmdutil.CountOf(e.errors, "error") + " found"
	if e.subAccounts > 1 {
		s += " in " + cmdutil.CountOf(e.subAccounts, "sub-account")
	}
	return s
}

// verdict is exit 1 when any sub-account has an error, shown or not; quiet, without
// a word.
func verdict(outcomes []outcome, exitZero, quiet bool) error {
	e := &errFound{}
	for _, o := range outcomes {
		if o.Result != nil && o.Result.Counts.Errors > 0 {
			e.errors += o.Result.Counts.Errors
			e.subAccounts++
		}
	}
	switch {
	case e.errors == 0 || exitZero:
		return nil
	case quiet:
		return cmdutil.Told(cmdutil.ExitAPI, e)
	}
	return cmdutil.WithExitCode(cmdutil.ExitAPI, e)
}

// hintUnreached says once why hosts did not resolve when no name was looked up.
func hintUnreached(f *cmdutil.Factory, outcomes []outcome, run linkcheck.Options) {
	if _, noDNS := run.Resolver.(linkcheck.NoDNS); !noDNS {
		return
	}
	for _, o := range outcomes {
		if o.Result == nil {
			continue
		}
		for _, fd := range o.Result.Findings {
			if fd.Kind == linkcheck.KindDNS {
				f.Notice("Note: no name was looked up (--no-dns, or [check] no_dns): a host no --resolve rule names does not resolve.")
				return
			}
		}
	}
}
