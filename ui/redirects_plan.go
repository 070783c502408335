package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/plantext"
)

// planView shows the plan of an import or a restore before anything is sent, laid
// out as the command line lays it out (package plantext): a step a row — + add,
// ~ change old → new, − delete, = same, ! refused with where and why — each on as
// many lines as it needs, so no address or target is ever cut. enter opens the
// selected step whole; s asks before sending, naming the writes and the
// sub-account (and a plan over a live step asks that apart, redirects_plan_send.go);
// esc drops the plan; / filters. Read-only, it only shows.
type planView struct {
	paneBase
	ready  planReady
	info   string // the totals, for the title
	writes int

	laid  plantext.Layout
	laidW int
	top   int   // the first row shown, as a place in the list
	at    []int // the place in the list of each line drawn (-1: the header), for clicks
	// drawnRows are rows drawn at laidW, by item, not selected; sel the selected one.
	drawnRows map[int][]string
	sel       struct {
		item    int
		focused bool
		lines   []string
	}
}

func newPlanView(sh *shared, r planReady) *planView {
	v := &planView{paneBase: newPaneBase(sh), ready: r, drawnRows: map[int][]string{}}
	t := r.plan.Totals()
	v.writes = t.Writes()
	v.info = "+" + strconv.Itoa(t.Add) + " ~" + strconv.Itoa(t.Change) + " −" + strconv.Itoa(t.Delete) +
		" =" + strconv.Itoa(t.Same) + " !" + strconv.Itoa(t.Refused) + " · " + plural(v.writes, "write")
	if len(r.plan.Marks) > 0 {
		v.info += " · over " + plural(shadowed(r.plan.Marks), "live step")
	}
	if sh.readOnly {
		v.info += " · read-only: nothing can be sent"
	}
	if !r.plan.DomainsChecked {
		v.info += " · domains not checked"
	}
	if !r.plan.LiveChecked {
		v.info += " · live steps not all placed"
	}
	keys := make([]string, len(r.plan.Steps))
	for i, s := range r.plan.Steps {
		keys[i] = strings.ToLower(sanitize(s.Kind.Sign() + " " + s.Address() + " " + s.TargetText() + " " + s.Note()))
	}
	v.setKeys(keys)
	return v
}

// shadowed counts the live steps marks shadow.
func shadowed(marks []redirectplan.Mark) int {
	n := 0
	for _, m := range marks {
		if m.Warning == redirectplan.Shadows {
			n++
		}
	}
	return n
}

// setSize lays the plan out again for the room inside the frame, less the marker
// and a space: on a resize, never while drawing.
func (v *planView) setSize(w, h int) {
	v.paneBase.setSize(w, h)
	if lw := rowAvail(w - 2); lw != v.laidW {
		rows := make([]plantext.Row, len(v.ready.plan.Steps))
		for i, s := range v.ready.plan.Steps {
			rows[i] = plantext.Row{Step: s}
		}
		v.laid, v.laidW = plantext.Lay(rows, "", lw), lw
		v.forget()
	}
}

func (v *planView) restyle() {
	v.paneBase.restyle()
	v.forget()
}

// forget drops the rows drawn.
func (v *planView) forget() {
	clear(v.drawnRows)
	v.sel.lines = nil
}

// key: enter opens the selected step, s asks before sending, esc drops the plan (or
// the filter first), / filters.
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
		v.open(h)
	case v.sh.offInReadOnly(h, msg, inPlan):
	case key.Matches(msg, k.of(actSendPlan)):
		return v.ask(h)
	case v.navigate(msg):
	default:
		return nil, keyPassed
	}
	return nil, keyUsed
}

// open shows the selected step whole, in a result view over the plan.
func (v *planView) open(h host) {
	if i := v.list.Selected(); i >= 0 && i < len(v.ready.plan.Steps) {
		h.show(newTextView(v.sh, stepDoc(v.ready.plan.Steps[i])))
	}
}

// stepDoc is a step of a plan as a result view shows it: every value whole (up to
// what a plan shows, each address on a line of its own), what it does, and why it
// is refused or what it risks.
func stepDoc(s redirectplan.Step) doc {
	d := doc{title: "Plan · " + s.Kind.Sign()}
	d.pair("Address", sanitize(s.Address()))
	if id := s.Row.ID; id != "" {
		d.pair("Redirect id", sanitize(id))
	}
	if s.Row.Where != "" {
		d.pair("Read from", sanitize(redirectplan.Shown(s.Row.Where)))
	}
	target := func(title, url, action string) {
		d.blank()
		d.heading(title + " · " + sanitize(redirectplan.Shown(action)))
		d.text(sanitize(redirectplan.Shown(url)))
	}
	switch {
	case s.Kind == redirectplan.Change && s.Old != nil:
		target("Now", s.Old.Target, s.Old.Action)
		target("After", s.Row.Target, s.Row.Action)
	case s.Kind == redirectplan.Delete:
		target("Goes to", s.Row.Target, s.Row.Action)
	default:
		target("Target", s.Row.Target, s.Row.Action)
	}
	d.blank()
	switch {
	case s.Kind == redirectplan.Refused:
		d.bad("Refused: " + sanitize(redirectplan.Shown(s.Reason)) + ". Nothing is sent for this row.")
		return d
	case s.Warning != "":
		d.bad("Warning: " + sanitize(redirectplan.Shown(s.WarningText)) + ".")
	}
	d.muted(stepMeaning(s.Kind))
	return d
}

// stepMeaning says what sending a step of kind k does.
func stepMeaning(k redirectplan.Kind) string {
	switch k {
	case redirectplan.Add:
		return "Sending the plan creates this redirect."
	case redirectplan.Change:
		return "Sending the plan changes this redirect: it keeps its id."
	case redirectplan.Delete:
		return "Sending the plan deletes this redirect: the file leaves it out, and the import prunes."
	}
	return "The location's redirect is already so: nothing is sent for it."
}

func (v *planView) actionScope() scope { return 0 }
func (v *planView) paste(msg tea.PasteMsg) tea.Cmd {
	if v.typing {
		return v.filterPaste(msg)
	}
	return nil
}
func (v *planView) wheel(_, delta int) { v.list.Move(delta) }

// click selects the step drawn on the row-th line inside the frame.
func (v *planView) click(_, row int) {
	if row >= 0 && row < len(v.at) && v.at[row] >= 0 {
		v.list.SetCursor(v.at[row])
	}
}
func (v *planView) busy() bool              { return false }
func (v *planView) reload(bodyHost) tea.Cmd { return nil }
func (v *planView) close()                  { v.typing = false; v.input.Blur() }

// update: a plan asks for nothing (its apply reports to the root).
func (v *planView) update(bodyHost, bodyMsg) (tea.Cmd, bool) { return nil, false }

func (v *planView) copyTarget(bool) (what, text, problem string) {
	return "", "", "nothing to copy in a plan: enter shows a step whole"
}

func (v *planView) view() []string {
	w, h := v.width, v.height
	pv := paneView{title: v.ready.title, info: v.info, body: v.body(w-2, h-2), pos: v.position()}
	return v.drawn.draw(v.sh, w, h, true, pv, v.filterView())
}

// body draws the header and the rows from the top one that keeps the selected row
// whole in sight; each line is exactly width cells.
func (v *planView) body(width, height int) []string {
	pt := v.sh.styles.paints()
	lines := make([]string, 0, height)
	v.at = v.at[:0]
	switch {
	case v.list.Total() == 0:
		for _, l := range wrapText("The plan is empty: the file holds no rows and nothing is pruned", max(1, width-2)) {
			lines = append(lines, fit(" "+pt.empty.render(l), width))
		}
		return lines
	case v.list.Len() == 0:
		return append(lines, fit(" "+pt.empty.render("Nothing matches /"+v.query), width))
	}
	lines = append(lines, fit("   "+pt.rowMuted.render(v.laid.Header.String()), width))
	v.at = append(v.at, -1)
	v.scroll(height - 1)
	cur := v.list.Cursor()
	for i := v.top; i < v.list.Len() && len(lines) < height; i++ {
		for _, l := range v.rowLines(v.list.At(i), i == cur, width) {
			if len(lines) == height {
				break
			}
			lines = append(lines, l)
			v.at = append(v.at, i)
		}
	}
	return lines
}

// scroll moves the top row so that the selected row is whole within room lines (or
// first, when it is taller than that). It looks at the rows shown only.
func (v *planView) scroll(room int) {
	cur := v.list.Cursor()
	v.top = min(v.top, cur)
	used := 0
	for i := v.top; i <= cur; i++ {
		if used += len(v.laid.Rows[v.list.At(i)]); used > room {
			// From the selected row up, as many rows as fit.
			v.top, used = cur, len(v.laid.Rows[v.list.At(cur)])
			for v.top > 0 && used+len(v.laid.Rows[v.list.At(v.top-1)]) <= room {
				v.top--
				used += len(v.laid.Rows[v.list.At(v.top)])
			}
			return
		}
	}
}

// rowLines are the lines of one step, drawn once and kept: styled by what each span
// is, or the selected row under one style with the marker.
func (v *planView) rowLines(item int, selected bool, width int) []string {
	if selected {
		if v.sel.lines != nil && v.sel.item == item && v.sel.focused == !v.typing {
			return v.sel.lines
		}
	} else if l, ok := v.drawnRows[item]; ok {
		return l
	}
	st := &v.sh.styles
	pt := st.paints()
	rest := width - markerWidth
	out := make([]string, len(v.laid.Rows[item]))
	for j, line := range v.laid.Rows[item] {
		if selected {
			marker, paint := "   ", pt.selected
			if j == 0 {
				marker = pt.markerFocused
			}
			if v.typing {
				paint = pt.selectedBlur
				if j == 0 {
					marker = pt.markerBlurred
				}
			}
			out[j] = marker + paint.render(fit(line.String()+" ", rest))
			continue
		}
		out[j] = "   " + fit(v.styled(line, v.ready.plan.Steps[item].Kind), rest)
	}
	if selected {
		v.sel.item, v.sel.focused, v.sel.lines = item, !v.typing, out
		return out
	}
	if len(v.drawnRows) > 8*max(1, v.height) {
		clear(v.drawnRows)
	}
	v.drawnRows[item] = out
	return out
}

// styled draws a line's spans in their roles' styles, at their columns.
func (v *planView) styled(line plantext.Line, kind redirectplan.Kind) string {
	st := &v.sh.styles
	return line.Render(func(s plantext.Span) string {
		style := st.RowMuted
		switch s.Role {
		case plantext.Sign:
			style = st.Badge
		case plantext.Address:
			style = st.Row
		case plantext.Note:
			style = st.Notice
			if kind == redirectplan.Refused {
				style = st.Error
			}
		}
		return style.Render(s.Text)
	})
}

func (v *planView) keys() []key.Binding {
	k := v.sh.keys
	if v.typing {
		return k.filterHelp()
	}
	return []key.Binding{k.Arrows, as(k.Open, "show step"), k.of(actSendPlan), k.Filter, as(k.Cancel, "drop the plan"), k.Help}
}
