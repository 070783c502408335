package ui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// healthView is the Health view: what the last check found broken (✗) or worth a look
// (⚠), errors first, one row a finding — where (the step's or redirect's address, or
// the domain), what, and the fix where one is known — of this sub-account, or with
// tab of every sub-account with a local index, each row named by its sub-account. It
// shows the check kept beside the index at once (the command line's, a watch's, its
// own), and runs one when none is kept; r checks again (every sub-account shown).
// enter goes to the step or redirect — on a redirect with a fix, its form filled with
// the fix —, f opens the fix's form for any finding that has one, esc closes.
type healthView struct {
	listBody
	src      healthSource
	all      bool            // the scope is every sub-account with a local index
	findings []healthFinding // as listed
	rows     []healthRow
	cols     []column
	info     string // the title's context
	empty    string // what an empty list says
	seq      uint64 // the read across sub-accounts awaited (0: none)
	run      *healthRun
	progress check.Progress
	checking []Account      // the accounts of the run's targets, in order
	stores   []*index.Store // every sub-account's index, as read across them
	accounts []Account      // … and whose
	note     string         // what could not be read or checked, beside what was
	at       time.Time      // this sub-account's last whole run (zero: none kept)
	counts   check.Counts   // … its counts
	autoRun  bool           // a check runs by itself when none is kept (once)
	tabKey   key.Binding    // tab: the other scope
	gen      uint64         // counts the listings, so the strip knows its finding's text is new
	detail   healthDetail   // the strip under the list as drawn last (health_detail.go)
}

// healthSource is where the view reads and checks, and what it may ask of the root.
type healthSource struct {
	store    *index.Store
	client   *client.Client      // reads this sub-account's index first when it was never read whole
	account  Account             // this sub-account
	switcher Switcher            // lists the others (nil: this sub-account only)
	opts     check.Options       // how pages are reached (Options.Check)
	off      string              // why no check may run here ("" when one may: Options.CheckOff)
	proxy    func(string) string // the proxy named for an address, not gone through (Options.CheckProxy)
	// goTo goes to a finding's step or redirect, switching to its sub-account first
	// (the root's healthGo); with fix, it opens the form of the finding's fix instead.
	goTo func(f healthFinding, fix bool) tea.Cmd
}

// healthFinding is a finding and the sub-account it is of.
type healthFinding struct {
	check.Finding
	account Account
}

// healthRow is one finding, ready to draw.
type healthRow struct {
	mark                    rowMark
	label, where, what, fix string
}

func newHealthView(sh *shared, src healthSource) *healthView {
	v := &healthView{listBody: newListBody(sh), src: src, autoRun: true}
	v.tabKey = sh.keys.NextPane
	v.tabKey.SetEnabled(src.switcher != nil)
	return v
}

// read reads the checks kept: this sub-account's, or every one's.
func (v *healthView) read() tea.Cmd {
	v.status = stateLoading
	if v.all {
		v.seq = v.sh.next()
		return readHealthAll(v.sh.loads, v.src.switcher, v.src.account, v.src.store, v, v.seq)
	}
	return readHealth(v.src.store, v.src.account, v)
}

// update takes what the view asked for: the checks kept, the progress and the end of
// the check it runs.
func (v *healthView) update(h bodyHost, msg bodyMsg) (tea.Cmd, bool) {
	m, ok := msg.(viewMsg)
	if !ok || m.to() != body(v) {
		return nil, false
	}
	switch msg := msg.(type) {
	case healthMsg:
		if v.all {
			return nil, true // an answer of the scope left
		}
		v.status, v.err = stateReady, msg.of.err
		v.at, v.counts = msg.of.at, msg.of.counts
		v.show([]healthOf{msg.of})
		if v.at.IsZero() && msg.of.err == nil && v.autoRun && v.run == nil {
			v.autoRun = false
			return v.check(), true
		}
	case healthAllMsg:
		if msg.seq != v.seq || !v.all {
			return nil, true
		}
		v.seq, v.status, v.err = 0, stateReady, nil
		v.stores, v.accounts = msg.stores, nil
		for _, of := range msg.of {
			v.accounts = append(v.accounts, of.account)
		}
		v.note = pick(msg.err != nil, "some sub-accounts could not be listed: "+sanitize(errorText(msg.err)), "")
		v.show(msg.of)
	case healthProgressMsg:
		if msg.run != v.run {
			return nil, true
		}
		v.progress = msg.p
		v.info = v.title()
		return msg.run.wait(v), true
	case healthDoneMsg:
		if msg.run != v.run {
			return nil, true
		}
		return v.done(h, msg), true
	}
	return nil, true
}

// check runs the check of what the view shows: this sub-account, or every one read.
func (v *healthView) check() tea.Cmd {
	if v.run != nil || v.src.off != "" {
		return nil
	}
	targets := []check.Target{{ID: v.src.account.Location, Name: v.src.account.LocationName, Store: v.src.store,
		SavedPath: check.SavedPath(v.src.store.Path())}}
	v.checking = []Account{v.src.account}
	if v.all && len(v.stores) > 0 {
		targets, v.checking = targets[:0], nil
		for i, st := range v.stores {
			a := v.accounts[i]
			targets = append(targets, check.Target{ID: a.Location, Name: a.LocationName, Store: st, SavedPath: check.SavedPath(st.Path())})
			v.checking = append(v.checking, a)
		}
	}
	v.progress = check.Progress{}
	var cmd tea.Cmd
	v.run, cmd = startHealthCheck(v.sh.loads, v, v.src.client, targets, v.src.opts)
	v.info = v.title()
	return cmd
}

// done takes the end of the check: its findings listed, and the rows of this
// sub-account marked again from what it kept.
func (v *healthView) done(h bodyHost, msg healthDoneMsg) tea.Cmd {
	v.run = nil
	v.status, v.err, v.note = stateReady, nil, ""
	var of []healthOf
	for i, o := range msg.outs {
		a := v.checking[i]
		switch {
		case o.Result == nil:
			v.note = a.LocationName + ": " + sanitize(errorText(o.Err))
			continue
		case a.Name == v.src.account.Name:
			v.at, v.counts = o.Result.Ended, o.Result.Counts
		}
		of = append(of, healthOf{account: a, at: o.Result.Ended, counts: o.Result.Counts, findings: sanitizeFindings(o.Result.Findings)})
	}
	if v.note == "" {
		v.sayUnreached(h, msg)
	}
	if msg.err != nil {
		v.status, v.err = stateFailed, msg.err
		if len(of) == 0 {
			v.info = v.title()
			return nil
		}
	}
	v.show(of)
	return readHealth(v.src.store, v.src.account, nil) // the marks
}

// show lists the findings of of, errors first, each sub-account's in its order.
func (v *healthView) show(of []healthOf) {
	v.findings, v.rows = v.findings[:0], v.rows[:0]
	var keys []string
	var labelW, whereW, whatW, fixW int
	for _, sev := range []check.Severity{check.Error, check.Warning} {
		for _, o := range of {
			label := pick(o.account.LocationName != "", o.account.LocationName, o.account.Name)
			for _, f := range o.findings {
				if f.Severity != sev {
					continue
				}
				r := healthRow{mark: pick(sev == check.Error, rowBroken, rowWarning), label: label, where: findingWhere(f), what: f.Message}
				if f.Fix != nil {
					r.fix = "→ " + f.Fix.Text
				}
				v.findings = append(v.findings, healthFinding{Finding: f, account: o.account})
				v.rows = append(v.rows, r)
				keys = append(keys, strings.ToLower(r.label+" "+r.where+" "+r.what+" "+r.fix))
				labelW, whereW = max(labelW, textWidth(r.label)), max(whereW, textWidth(r.where))
				whatW, fixW = max(whatW, textWidth(r.what)), max(fixW, textWidth(r.fix))
			}
		}
	}
	v.cols = []column{
		{natural: pick(v.all, min(labelW, 24), 0), min: 8, optional: true, rank: 2},
		{natural: min(whereW, 50), min: 16},
		{natural: min(whatW, 60), min: 16, fill: true},
		{natural: min(fixW, 44), min: 10, optional: true, rank: 1},
	}
	v.info = v.title()
	v.empty = v.emptyText(len(of))
	v.gen++
	v.setKeys(keys)
}

// findingWhere is a finding's subject as a person finds it: the domain, or the
// address of the step or redirect without its scheme.
func findingWhere(f check.Finding) string {
	if f.Subject.Type == check.SubjectDomain || f.Subject.Path == "" {
		return f.Subject.Host
	}
	return f.Subject.Host + f.Subject.Path
}

// title is the view's context: the check under way, or when the one shown ran and
// what it found.
func (v *healthView) title() string {
	if v.run != nil && v.progress.Total == 0 {
		return "starting: a location never read whole is read into the local index first"
	}
	if v.run != nil {
		p := v.progress
		s := "checking " + index.Thousands(p.Done) + "/" + index.Thousands(max(p.Total, p.Done)) + " addresses"
		if p.Failed > 0 {
			s += " · " + index.Thousands(p.Failed) + " unanswered"
		}
		return s
	}
	errs, warns := 0, 0
	for _, r := range v.rows {
		errs += pick(r.mark == rowBroken, 1, 0)
		warns += pick(r.mark == rowWarning, 1, 0)
	}
	s := plural(errs, "error") + ", " + plural(warns, "warning")
	switch {
	case v.all:
		s = "all sub-accounts · " + plural(len(v.accounts), "sub-account") + " · " + s
	case !v.at.IsZero():
		s = "checked " + v.at.Local().Format("Jan 2 15:04") + " · " + s
	default:
		return "not checked yet"
	}
	if v.note != "" {
		s += " · ✗ " + v.note
	}
	return s
}

// emptyText is what an empty list says.
func (v *healthView) emptyText(checked int) string {
	switch {
	case v.run != nil:
		return "Checking every step, redirect and domain as a visitor would…"
	case !v.all && v.at.IsZero() && v.src.off != "":
		return "No check kept for this sub-account, and " + v.src.off
	case !v.all && v.at.IsZero():
		return "No check yet: r checks every step, redirect and domain now"
	case v.all && checked == 0:
		return "No sub-account has a local index: ':' → Index the location in each, then r"
	}
	return "Everything is live: nothing broken and nothing worth a look (r checks again)"
}

func (v *healthView) key(h bodyHost, msg tea.KeyPressMsg) (tea.Cmd, keyResult) {
	if !v.typing {
		switch {
		case key.Matches(msg, v.tabKey):
			v.all = !v.all
			return v.read(), keyUsed
		}
	}
	return v.listKey(msg, func() tea.Cmd { return v.reload(h) }, func() tea.Cmd { return v.goToSelected(h, false) })
}

// goToSelected acts on the selected finding: enter goes to it (a redirect with a fix
// opens its form filled with the fix); fix opens the fix's form.
func (v *healthView) goToSelected(h bodyHost, fix bool) tea.Cmd {
	i := v.list.Selected()
	if i < 0 || i >= len(v.findings) {
		return nil
	}
	f := v.findings[i]
	hasFix := f.Fix != nil && f.Fix.Redirect != nil
	switch {
	case fix && !hasFix && f.Fix != nil:
		h.setWarn("no redirect to make or change for this one; what to do: " + f.Fix.Text)
		return nil
	case fix && !hasFix:
		h.setWarn("no fix is known for this one: " + f.Message)
		return nil
	case !fix:
		fix = enterOpensFix(v.sh, f) // its form where the fix may be sent; else the redirect alone
	}
	return v.src.goTo(f, fix)
}

// reload checks again (r).
func (v *healthView) reload(h bodyHost) tea.Cmd {
	if v.all && v.stores == nil || v.src.off != "" {
		if v.src.off != "" {
			h.setWarn("no check from here: " + v.src.off + "; the last one kept is read again")
		}
		return v.read()
	}
	return v.check()
}

// close calls the check off when the view is popped.
func (v *healthView) close() {
	v.listBody.close()
	if v.run != nil {
		v.run.cancel()
		v.run = nil
	}
}

// actionScope: the keys passed on run the table's actions of the Health view (f).
func (v *healthView) actionScope() scope { return inHealth }

func (v *healthView) busy() bool { return v.status == stateLoading || v.run != nil }

func (v *healthView) view() []string {
	w, h := v.width, v.height
	empty := pick(v.empty != "", v.empty, v.emptyText(0))
	rows := h - 2
	if v.stripShown() {
		rows -= healthDetailLines
	}
	body := v.renderBody(w-2, rows, v.status, v.err, "findings", empty, v.cols, v.row, true)
	if v.stripShown() && len(v.findings) > 0 {
		body = v.detail.under(body, rows, v.strip(w-2))
	}
	pv := paneView{title: "Health", info: v.info, body: body, pos: v.position()}
	return v.drawn.draw(v.sh, w, h, true, pv, v.filterView())
}

func (v *healthView) row(i, width int, selected, focused bool, widths []int) string {
	r := &v.rows[i]
	st := &v.sh.styles
	return markedRow(st, width, selected, focused, widths, []cell{
		{text: r.label, style: st.Badge},
		{text: r.where, style: st.Row, middle: true},
		{text: r.what, style: st.RowMuted},
		{text: r.fix, style: st.RowFaint},
	}, r.mark)
}

func (v *healthView) keys() []key.Binding {
	if v.typing {
		return v.listKeys("")
	}
	k := v.sh.keys
	out := []key.Binding{k.Arrows, as(k.Open, "go to"), k.of(actHealthFix), as(k.Refresh, pick(v.src.off == "", "check again", "read again"))}
	if v.src.switcher != nil {
		out = append(out, as(v.tabKey, pick(v.all, "this sub-account", "all sub-accounts")))
	}
	return append(out, k.Filter, as(k.Cancel, "close"), k.Help)
}

func (v *healthView) copyTarget(bool) (what, text, problem string) {
	i := v.list.Selected()
	if i < 0 || i >= len(v.findings) {
		return "", "", "no finding selected"
	}
	return "address", v.findings[i].URL, ""
}

// sayUnreached says, when no address of the check met a server, what this machine's
// network may have to do with it: a proxy named that the check does not go through,
// or, through one, no name resolved here (each is looked up here first).
func (v *healthView) sayUnreached(h bodyHost, msg healthDoneMsg) {
	results := make([]*check.Result, len(msg.outs))
	for i, o := range msg.outs {
		results[i] = o.Result
	}
	if v.src.opts.Proxy != nil {
		if check.NoneResolved(results) > 0 {
			v.note = "no name resolved"
			h.setNotice("no name resolved here: through the proxy too, names are looked up on this machine first")
		}
		return
	}
	if asked, one := check.NoneReached(results); asked > 0 && v.src.proxy != nil && v.src.proxy(one) != "" {
		v.note = "no site reached"
		h.setNotice("no site reached: the check goes direct, not through HTTPS_PROXY — the network may be the cause")
	}
}
