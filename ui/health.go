package ui

import (
	"context"
	"errors"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// The last check in the browser (`funnels check`, package client/check): what it found
// broken or worth a look marks the rows of the steps, funnels and redirects
// (health_marks.go), and the Health view lists it (health_view.go). Both read the
// check kept beside a local index (check.SavedPath) in a command — the command line's,
// a watch's, the view's own — and the view runs the check again (r), in a command of
// its own that tells its progress through a channel a second command waits on.

// healthOf is what the check kept beside one sub-account's index says.
type healthOf struct {
	account  Account         // whose (Location and a name for a person)
	at       time.Time       // when its last whole run ended; zero: none kept
	counts   check.Counts    // that run's
	findings []check.Finding // its errors and warnings, worst first, text sanitised
	err      error           // the file could not be read
	damaged  bool            // the file is there but is not a check funnels can read
	cutShort time.Time       // when a run cut short began, whose answers the next run takes up
}

// readHealthOf reads the check kept beside store.
func readHealthOf(store *index.Store, a Account) healthOf {
	out := healthOf{account: a}
	saved, err := check.LoadSaved(check.SavedPath(store.Path()))
	if err != nil {
		out.err = err
		return out
	}
	out.damaged = saved.Damaged
	if p := saved.Partial; p != nil {
		out.cutShort = p.Started
	}
	if last := saved.Last; last != nil {
		out.at, out.counts, out.findings = last.Ended, last.Counts, sanitizeFindings(last.Findings)
	}
	return out
}

// sanitizeFindings makes the text of findings (from pages and the index) safe to draw.
func sanitizeFindings(fs []check.Finding) []check.Finding {
	out := make([]check.Finding, 0, len(fs))
	for _, f := range fs {
		if f.Severity == check.OK {
			continue
		}
		f.URL, f.Message = sanitize(f.URL), sanitize(f.Message)
		f.Subject.Name, f.Subject.Funnel = sanitize(f.Subject.Name), sanitize(f.Subject.Funnel)
		f.Subject.Host, f.Subject.Path = sanitize(f.Subject.Host), sanitize(f.Subject.Path)
		if f.Fix != nil {
			fix := *f.Fix
			fix.Text = sanitize(fix.Text)
			if r := fix.Redirect; r != nil {
				fix.Redirect = &check.RedirectFix{ID: sanitize(r.ID), Domain: sanitize(r.Domain), Path: sanitize(r.Path),
					Target: sanitize(r.Target), Action: sanitize(r.Action)}
			}
			f.Fix = &fix
		}
		out = append(out, f)
	}
	return out
}

// healthMsg is the last check kept beside the index store: the root marks the rows
// with it when store is the shown one's, and a Health view that asked lists it.
type healthMsg struct {
	store *index.Store
	of    healthOf
	view  *healthView // nil: the marks only
}

func (healthMsg) isCacheMsg() {}
func (healthMsg) forBody()    {}
func (m healthMsg) to() body  { return m.view }

// readHealth reads the check kept beside store, of the account a.
func readHealth(store *index.Store, a Account, view *healthView) tea.Cmd {
	return func() tea.Msg { return healthMsg{store: store, of: readHealthOf(store, a), view: view} }
}

// healthAllMsg is the checks kept beside the index of every sub-account that has one.
type healthAllMsg struct {
	view   *healthView
	seq    uint64
	of     []healthOf
	stores []*index.Store // of each, for a check of them all
	err    error          // what could not be listed
}

func (healthAllMsg) forBody()   {}
func (m healthAllMsg) to() body { return m.view }

// readHealthAll lists the accounts, asks where their indexes are and reads the check
// kept beside each, this sub-account's (here, of mine) first.
func readHealthAll(ctx context.Context, sw Switcher, mine Account, here *index.Store, view *healthView, seq uint64) tea.Cmd {
	return func() tea.Msg {
		others := readHealthOthers(ctx, sw, mine.Name, here)
		return healthAllMsg{view: view, seq: seq, err: others.err,
			of: append([]healthOf{readHealthOf(here, mine)}, others.of...), stores: append([]*index.Store{here}, others.stores...)}
	}
}

// healthOthers is what the accounts other than the one shown keep: the check kept
// beside each local index, and the sub-accounts that have none here.
type healthOthers struct {
	otherIndexes
	of []healthOf // of each of accounts
}

// readHealthOthers reads the check kept beside the index of every account but mine
// (listOtherIndexes); the stores are only read.
func readHealthOthers(ctx context.Context, sw Switcher, mine string, here *index.Store) healthOthers {
	out := healthOthers{otherIndexes: listOtherIndexes(ctx, sw, mine, here)}
	for i, a := range out.accounts {
		out.of = append(out.of, readHealthOf(out.stores[i], a))
	}
	return out
}

// healthRun is a check under way.
type healthRun struct {
	cancel  context.CancelFunc
	updates chan check.Progress // the latest report, replaced by the next
	ended   chan struct{}       // closed when the check has ended

	mu sync.Mutex // one report at a time into updates
}

// healthProgressMsg is a report of the check under way.
type healthProgressMsg struct {
	view *healthView
	run  *healthRun
	p    check.Progress
}

// healthDoneMsg is the end of a check: what each sub-account's gave.
type healthDoneMsg struct {
	view *healthView
	run  *healthRun
	outs []check.Outcome
	err  error
}

func (healthProgressMsg) forBody()   {}
func (m healthProgressMsg) to() body { return m.view }
func (healthDoneMsg) forBody()       {}
func (m healthDoneMsg) to() body     { return m.view }

// healthReportEvery is how often the view hears how far the check is.
const healthReportEvery = 200 * time.Millisecond

// startHealthCheck checks targets with opts in a command: the run, the command that
// runs it and the one that waits for its first report. With c, the first target's
// index is read from the location first when it was never read whole (the demo's,
// a sub-account opened for the first time), in the client's background lane.
func startHealthCheck(parent context.Context, view *healthView, c *client.Client, targets []check.Target, opts check.Options) (*healthRun, tea.Cmd) {
	ctx, cancel := context.WithCancel(parent)
	run := &healthRun{cancel: cancel, updates: make(chan check.Progress, 1), ended: make(chan struct{})}
	opts.Progress = run.report
	do := func() tea.Msg {
		defer close(run.ended)
		defer cancel()
		if c != nil && len(targets) > 0 {
			if st, err := targets[0].Store.State(ctx); err == nil && st.Crawled.IsZero() {
				_, _ = (&index.Crawler{Client: c, Store: targets[0].Store}).Run(ctx) // what it could not read, the check says
			}
		}
		outs, err := check.RunIndexed(ctx, targets, opts)
		if err == nil && len(outs) == 1 && outs[0].Result == nil {
			err = outs[0].Err
		}
		if errors.Is(err, check.ErrNoIndex) {
			err = errors.New("the location was never read whole into the local index: ':' → Index the location, then r")
		}
		return healthDoneMsg{view: view, run: run, outs: outs, err: err}
	}
	return run, tea.Batch(do, run.wait(view))
}

// report keeps the latest progress for the waiting command (from the check's goroutines).
func (r *healthRun) report(p check.Progress) {
	r.mu.Lock()
	defer r.mu.Unlock()
	select {
	case <-r.updates: // an older report nobody read yet
	default:
	}
	r.updates <- p
}

// wait hands the next report to the program, at most every healthReportEvery.
func (r *healthRun) wait(view *healthView) tea.Cmd {
	return func() tea.Msg {
		t := time.NewTimer(healthReportEvery)
		defer t.Stop()
		select {
		case <-t.C:
		case <-r.ended:
			return nil
		}
		select {
		case p := <-r.updates:
			return healthProgressMsg{view: view, run: r, p: p}
		case <-r.ended:
			return nil
		}
	}
}
