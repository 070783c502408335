package ui

import (
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/redirectplan"
)

// A plan confirmed is sent by redirectplan.Apply in a command, in the client's
// background lane (paced, behind the user's own requests), journaled as the command
// line's import is, so importing the same file again after an interruption sends
// nothing twice. Its progress comes back as messages for the status bar; at the end
// the Redirects view reads the list again (the root takes both: redirects_root.go).

// bulkRun is one apply under way: its progress reports and what it is, in words.
type bulkRun struct {
	reports chan redirectplan.Progress
	verb    string // "importing redirects"
	// over is set by the root when the end arrives: a report that comes after it
	// (the two race from their commands) is not shown.
	over bool
}

// bulkMsg is a message of an apply.
type bulkMsg interface{ isBulkMsg() }

// bulkProgressMsg is how far run is.
type bulkProgressMsg struct {
	run *bulkRun
	p   redirectplan.Progress
}

// bulkDoneMsg is the end of run: what it did and why it stopped, if it did.
type bulkDoneMsg struct {
	run     *bulkRun
	res     redirectplan.Result
	refused int
	err     error
}

func (bulkProgressMsg) isBulkMsg() {}
func (bulkDoneMsg) isBulkMsg()     {}

// startBulkApply sends r's plan; one apply runs at a time.
func startBulkApply(h host, r planReady) tea.Cmd {
	sh := h.common()
	if sh.applying {
		h.setWarn("an import or restore is still being sent: wait for it to end")
		return nil
	}
	sh.applying = true
	run := &bulkRun{reports: make(chan redirectplan.Progress, 1), verb: pick(r.restore, "restoring redirects", "importing redirects")}
	h.setInfo(run.verb + " 0/" + strconv.Itoa(r.plan.Totals().Writes()))
	ctx, c, st := sh.loads, h.api(), h.selected().redirectsState
	apply := func() tea.Msg {
		defer close(run.reports)
		res, err := redirectplan.Apply(ctx, c, st, r.wanted, r.plan, r.current, redirectplan.ApplyOptions{
			Progress: run.report,
		})
		return bulkDoneMsg{run: run, res: res, refused: r.plan.Totals().Refused, err: err}
	}
	return tea.Batch(apply, run.wait)
}

// report hands p on, replacing a report not yet shown: the bar shows the latest.
func (run *bulkRun) report(p redirectplan.Progress) {
	select {
	case <-run.reports:
	default:
	}
	run.reports <- p
}

// wait is the next report, or nothing once the apply is over.
func (run *bulkRun) wait() tea.Msg {
	p, ok := <-run.reports
	if !ok {
		return nil
	}
	return bulkProgressMsg{run: run, p: p}
}
