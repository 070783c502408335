package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/validate"
)

// planView shows the plan of an import or a restore before anything is sent: a
// step a row (+ add, ~ change old → new, − delete, = same, ! refused and why), the
// totals in the title, filtered with / like a pane. enter sends it (in the
// background, the progress on the status bar), esc drops it; read-only, it only
// shows.
type planView struct {
	paneBase
	ready  planReady
	rows   []planRow
	cols   []column
	info   string // the totals, for the title
	writes int
}

// planRow is one step, ready to draw: every string sanitised once.
type planRow struct {
	sign, addr, target, note string
}

func newPlanView(sh *shared, r planReady) *planView {
	v := &planView{paneBase: newPaneBase(sh), ready: r}
	t := r.plan.Totals()
	v.writes = t.Writes()
	v.info = "+" + strconv.Itoa(t.Add) + " ~" + strconv.Itoa(t.Change) + " −" + strconv.Itoa(t.Delete) +
		" =" + strconv.Itoa(t.Same) + " !" + strconv.Itoa(t.Refused) + " · " + plural(v.writes, "write")
	if sh.readOnly {
		v.info += " · read-only: nothing can be sent"
	}
	if !r.plan.DomainsChecked {
		v.info += " · domains not checked"
	}
	v.rows = make([]planRow, len(r.plan.Steps))
	keys := make([]string, len(r.plan.Steps))
	var signW, addrW, targetW int
	for i, s := range r.plan.Steps {
		pr := planRow{sign: s.Kind.Sign(), addr: sanitize(validate.DisplayHost(s.Row.Domain) + s.Row.Path),
			target: sanitize(s.TargetText()), note: sanitize(s.Note())}
		if s.Kind == redirectplan.Refused {
			pr.addr = sanitize(pick(s.Row.Domain+s.Row.Path != "", s.Row.Domain+s.Row.Path, "-"))
		}
		v.rows[i] = pr
		keys[i] = strings.ToLower(pr.sign + " " + pr.addr + " " + pr.target + " " + pr.note)
		signW = max(signW, ansi.StringWidth(pr.sign))
		addrW = max(addrW, ansi.StringWidth(pr.addr))
		targetW = max(targetW, ansi.StringWidth(pr.target))
	}
	v.cols = []column{
		{natural: signW, min: signW},
		{natural: addrW, min: 12},
		{natural: targetW, min: 12, fill: true},
		{natural: 40, min: 12, optional: true},
	}
	v.setKeys(keys)
	return v
}

// key: enter sends, esc drops the plan (or the filter first), / filters.
func (v *planView) key(h bodyHost, msg tea.KeyPressMsg) (tea.Cmd, keyResult) {
	if cmd, ok := v.filterFirst(msg); ok {
		return cmd, keyUsed
	}
	k := v.sh.keys
	switch {
	case key.Matches(msg, k.Cancel, k.Back):
		h.setInfo("the plan was dropped: nothing was sent")
		return nil, keyClose
	case key.Matches(msg, k.Filter):
		return v.startFilter(), keyUsed
	case key.Matches(msg, k.Open):
		return v.confirm(h)
	case v.navigate(msg):
	default:
		return nil, keyPassed
	}
	return nil, keyUsed
}

// confirm sends the plan, unless nothing can or need be sent.
func (v *planView) confirm(h host) (tea.Cmd, keyResult) {
	switch {
	case v.sh.readOnly:
		h.setWarn("read-only: this is the plan only, nothing can be sent")
		return nil, keyUsed
	case v.writes == 0:
		h.setInfo("nothing to send: the location's redirects are already as planned")
		return nil, keyClose
	case !connected(h):
		return nil, keyUsed
	}
	return startBulkApply(h, v.ready), keyClose
}

func (v *planView) actionScope() scope { return 0 }
func (v *planView) paste(msg tea.PasteMsg) tea.Cmd {
	if v.typing {
		return v.filterPaste(msg)
	}
	return nil
}
func (v *planView) wheel(_, delta int)      { v.list.Scroll(delta) }
func (v *planView) click(_, row int)        { v.list.SelectRow(row) }
func (v *planView) busy() bool              { return false }
func (v *planView) reload(bodyHost) tea.Cmd { return nil }
func (v *planView) close()                  { v.typing = false; v.input.Blur() }

// update: a plan asks for nothing (its apply reports to the root).
func (v *planView) update(bodyHost, bodyMsg) (tea.Cmd, bool) { return nil, false }

func (v *planView) copyTarget(bool) (what, text, problem string) {
	return "", "", "nothing to copy in a plan"
}

func (v *planView) view() []string {
	w, h := v.width, v.height
	body := v.renderBody(w-2, h-2, stateReady, nil, "plan", "The plan is empty: the file holds no rows and nothing is pruned", v.cols, v.row, true)
	pv := paneView{title: v.ready.title, info: v.info, body: body, pos: v.position()}
	return v.drawn.draw(v.sh, w, h, true, pv, v.filterView())
}

// row draws one step: its sign, the address, where it goes, and why it is refused.
func (v *planView) row(i, width int, selected, focused bool, widths []int) string {
	r := &v.rows[i]
	st := &v.sh.styles
	return listRow(st, width, selected, focused, widths, []cell{
		{text: r.sign, style: st.Badge},
		{text: r.addr, style: st.Row, middle: true},
		{text: r.target, style: st.RowFaint, middle: true},
		{text: r.note, style: st.Error},
	})
}

func (v *planView) keys() []key.Binding {
	k := v.sh.keys
	if v.typing {
		return k.filterHelp()
	}
	send := as(k.Open, pick(v.sh.readOnly, "(read-only: nothing sent)", "send the plan"))
	return []key.Binding{k.Arrows, send, k.Filter, as(k.Cancel, "drop the plan"), k.Help}
}
