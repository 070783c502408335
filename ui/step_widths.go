package ui

import (
	"strconv"

	tea "charm.land/bubbletea/v2"
)

// The widths of the steps pane's columns. They fit the widest steps of every funnel
// of the folder shown, so the columns keep their places while the cursor goes from
// funnel to funnel; until those are known the pane fits the funnel it shows. A
// folder's widest steps are worked out once its rows are whole (never for rows still
// arriving): at once for a folder of a few hundred funnels, so its first frame has the
// panes where they stay (no jump of the panes just after the start), and in a command
// for a bigger one, so a folder of 100,000 steps paints its first frame without
// measuring them.

// stepWidths are the widths of the columns of step rows.
type stepWidths struct{ seq, name, split, kind, path int }

// add widens w to fit rows.
func (w *stepWidths) add(rows []stepRow) {
	for i := range rows {
		r := &rows[i]
		w.seq = max(w.seq, len(strconv.Itoa(r.seq)))
		w.name = max(w.name, textWidth(r.name))
		w.split = max(w.split, textWidth(r.split))
		w.kind = max(w.kind, textWidth(r.kind))
		w.path = max(w.path, textWidth(r.path))
	}
}

// max is the wider of w and o, column by column.
func (w stepWidths) max(o stepWidths) stepWidths {
	return stepWidths{max(w.seq, o.seq), max(w.name, o.name), max(w.split, o.split), max(w.kind, o.kind), max(w.path, o.path)}
}

// columns are the steps pane's columns at these widths, in buf when it has room. The
// split of a running test gets room first, then the path (it tells steps apart and
// says where they are served), then the type.
func (w stepWidths) columns(buf []column) []column {
	return append(buf[:0],
		column{natural: w.seq, min: w.seq},
		column{natural: w.name, min: 10},
		column{natural: w.split, min: w.split, optional: true, rank: rankSplit},
		column{natural: w.kind, min: w.kind, optional: true, rank: rankKind},
		column{natural: w.path, min: 16, optional: true, rank: rankPath},
	)
}

// stepWidthsMsg is the widest steps of a folder's rows, as measured for request seq.
type stepWidthsMsg struct {
	folderID string
	seq      uint64
	w        stepWidths
}

func (stepWidthsMsg) forBody() {}

// measureStepsAtOnce is how many rows a folder may have for its steps to be measured
// in the update itself: a few hundred funnels' steps take well under a millisecond.
const measureStepsAtOnce = 300

// widestSteps measures the steps of every funnel of rows, one funnel's rows at a time
// in one buffer.
func widestSteps(rows []entityRow) stepWidths {
	var w stepWidths
	var buf []stepRow
	for i := range rows {
		if r := &rows[i]; !r.folder {
			buf = r.rec.appendStepRows(buf[:0], r.domain, r.name)
			w.add(buf)
		}
	}
	return w
}

// folderStepWidths measures the steps of every funnel of rows off the update loop.
func folderStepWidths(folderID string, rows []entityRow, seq uint64) tea.Cmd {
	return func() tea.Msg {
		return stepWidthsMsg{folderID: folderID, seq: seq, w: widestSteps(rows)}
	}
}

// measureSteps measures the widest steps of a folder whose rows are whole and not
// measured yet, at once when it is small, or asks for them; nil when there is nothing
// to ask.
func (p *entitiesPane) measureSteps(folderID string) tea.Cmd {
	fs := p.folders[folderID]
	if fs == nil || fs.partial || fs.stepWDone || fs.stepWSeq != 0 || len(fs.rows) == 0 {
		return nil
	}
	if len(fs.rows) <= measureStepsAtOnce {
		fs.stepW, fs.stepWDone = widestSteps(fs.rows), true
		return nil
	}
	fs.stepWSeq = p.sh.next()
	return folderStepWidths(folderID, fs.rows, fs.stepWSeq)
}

// measuredSteps takes a folder's widest steps, unless its rows changed since they
// were asked for.
func (p *entitiesPane) measuredSteps(msg stepWidthsMsg) {
	if fs := p.folders[msg.folderID]; fs != nil && fs.stepWSeq == msg.seq && msg.seq != 0 {
		fs.stepW, fs.stepWSeq, fs.stepWDone = msg.w, 0, true
	}
}

// setRows puts whole rows in the folder; what was measured of the rows before is gone.
func (fs *folderState) setRows(rows []entityRow) {
	fs.rows, fs.partial = rows, false
	fs.stepW, fs.stepWSeq, fs.stepWDone = stepWidths{}, 0, false
}
