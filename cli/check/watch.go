package check

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// Watch is `funnels watch --check`: after each crawl, the check; what is new,
// changed or resolved since the last whole run printed; new errors posted to a
// webhook.
type Watch struct {
	Enabled bool
	Notify  string
	Reach   Reach

	flags *pflag.FlagSet // to tell a flag given
}

// AddWatchFlags gives the watch command --check, --notify and the flags of Reach.
func AddWatchFlags(cmd *cobra.Command, w *Watch) {
	fl := cmd.Flags()
	w.flags = fl
	fl.BoolVar(&w.Enabled, "check", false, "after each crawl, check that every step, redirect and domain is live, and print what is new")
	fl.StringVar(&w.Notify, "notify", "", "with --check: post new errors to this webhook (a Slack incoming webhook, or any URL taking JSON; default [check] notify)")
	_ = cmd.RegisterFlagCompletionFunc("notify", cmdutil.NoValues)
	AddReachFlags(cmd, &w.Reach)
}

// WatchRefusals are the flags of the watch a session of the team server may not
// give: Reach's, and --notify, which would have the server send what it knows to an
// address the person names (the server's [check] notify is used instead).
func WatchRefusals() map[string]string {
	out := ReachRefusals()
	out["notify"] = "it would have the server post to an address you name; the server's owner sets [check] notify in its config file"
	return out
}

// Watcher checks a watched location after each crawl.
type Watcher struct {
	f      *cmdutil.Factory
	opts   linkcheck.Options
	notify *notifier // nil: none
	// networkSaid: the watch has said what its answers say of the network, once
	// (networkNote).
	networkSaid bool
}

// Start is the watcher of a watch, nil without --check: the flags checked and the
// webhook of --notify, else the config's [check] notify. A flag of the check
// without --check is a usage error.
func (w *Watch) Start(f *cmdutil.Factory) (*Watcher, error) {
	if !w.Enabled {
		var given string
		for _, name := range []string{"notify", "resolve", "resolve-file", "ca-file", "no-dns", "allow-private", "proxy", "per-host", "timeout"} {
			if w.flags.Changed(name) && given == "" {
				given = name
			}
		}
		if given != "" {
			return nil, cmdutil.Usagef("--%s is a setting of the check: add --check", given)
		}
		return nil, nil
	}
	cfg, err := machineConfig(f)
	if err != nil {
		return nil, err
	}
	opts, err := w.Reach.options(cfg, f.Getenv)
	if err != nil {
		return nil, err
	}
	out := &Watcher{f: f, opts: opts}
	hook := w.Notify
	if hook == "" {
		hook = cfg.Check.Notify
	}
	if hook != "" {
		cas, err := cmdutil.ReadCAs(cfg.CAFile, cfg.Origin(config.KeyCAFile))
		if err != nil {
			return nil, err
		}
		if out.notify, err = newNotifier(hook, f.Getenv, cas); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Describe is the watch's first line about the check.
func (w *Watcher) Describe() string {
	if w.notify == nil {
		return "after each crawl, the check: what is new, changed or resolved is printed"
	}
	return "after each crawl, the check: what is new, changed or resolved is printed, and new errors are posted to " + w.notify.host()
}

// Round checks the location of sess whose index is store (its crawl just ended),
// prints what changed since the last whole run, and posts its new errors. A check
// that fails is told and the watch goes on; ctx ending stops it quietly.
func (w *Watcher) Round(ctx context.Context, sess *cmdutil.Session, store *index.Store) {
	if ctx.Err() != nil {
		return
	}
	id, name := sess.Client.LocationID(), nameOf(sess)
	w.round(ctx, []target{{Target: linkcheck.Target{ID: id, Name: name, Store: store, SavedPath: savedPath(w.f, store)},
		member: cmdutil.Member{Name: name, Location: id}}}, false)
}

// RoundSet is one round of a watch across a set: every sub-account read into its
// index again, then all checked at once, what changed printed under each one's name
// and their new errors posted together. A sub-account that fails is told and the
// others go on.
func (w *Watcher) RoundSet(ctx context.Context, set *cmdutil.SetOptions) error {
	targets, fails, total, closeAll, err := openSet(ctx, w.f, set, true, nil)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err // the set itself cannot be named: the flags are wrong
	}
	defer closeAll()
	if ctx.Err() != nil {
		return nil
	}
	_ = cmdutil.SetOutcome(w.f, total, fails) // listed; the watch goes on with the others
	w.round(ctx, targets, true)
	return nil
}

// round checks targets, prints what changed (named, across a set) and posts the new
// errors.
func (w *Watcher) round(ctx context.Context, targets []target, named bool) {
	outs, err := runTargets(ctx, targets, w.opts, nil)
	now := time.Now().Local().Format("15:04:05")
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		w.f.Notice("%s  check failed: %s; trying again at the next interval", now, termtext.Line(cmdutil.ErrorLine(err)))
		return
	}
	var news []cmdutil.Tagged[finding]
	var errs, warns, printed int
	for _, o := range outs {
		if o.Result == nil {
			w.f.Notice("%s  check of %s failed: %s; trying again at the next interval", now, cmdutil.QuoteName(o.member.Name), termtext.Line(cmdutil.ErrorLine(o.Err)))
			continue
		}
		for _, fd := range shown(o.Outcome, true, map[linkcheck.Severity]bool{linkcheck.Error: true, linkcheck.Warning: true}) {
			line := watchLine(now, fd)
			if named {
				line = now + "  " + termtext.Line(o.member.Name) + strings.TrimPrefix(line, now)
			}
			fmt.Fprintln(w.f.IO.Out, line)
			printed++
		}
		errs, warns = errs+o.Result.Counts.Errors, warns+o.Result.Counts.Warnings
		news = append(news, newErrors(o)...)
	}
	if printed == 0 {
		w.f.Notice("%s  checked: nothing changed since the last run (%s, %s)", now, cmdutil.CountOf(errs, "error"), cmdutil.CountOf(warns, "warning"))
	}
	w.post(ctx, now, news, w.networkNote(outs))
}

// newErrors are the errors of an outcome that were not errors at its last whole run.
func newErrors(o outcome) []cmdutil.Tagged[finding] {
	var out []cmdutil.Tagged[finding]
	for _, fd := range shown(o.Outcome, true, map[linkcheck.Severity]bool{linkcheck.Error: true}) {
		if fd.Change != changeResolved {
			out = append(out, cmdutil.Tagged[finding]{MemberTag: cmdutil.TagOf(o.member), Record: fd})
		}
	}
	return out
}

// post sends news to the webhook; its failure is told, never fatal.
func (w *Watcher) post(ctx context.Context, now string, news []cmdutil.Tagged[finding], note string) {
	if w.notify == nil || len(news) == 0 {
		return
	}
	if err := w.notify.post(ctx, noticeOf(news, note)); err != nil && ctx.Err() == nil {
		w.f.Notice("%s  %s: %s; the watch goes on", now, cmdutil.CountOf(len(news), "new error")+" not posted", termtext.Line(err.Error()))
	}
}

// watchLine is a finding that changed, one line: the time, what changed, where,
// what and the fix.
func watchLine(now string, fd finding) string {
	mark := marks[fd.Severity]
	line := fmt.Sprintf("%s  %-8s  %-9s  %s: %s", now, fd.Change, mark, where(fd), fd.Message)
	if fd.Fix != nil && fd.Change != changeResolved {
		line += " → " + fd.Fix.Text
	}
	return termtext.Line(line)
}
