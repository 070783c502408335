package ui

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// messagesView lists the status bar's messages of the session whole, newest first:
// each its time, whether it was an error, its status code when it had one, and its
// text wrapped to the width. y copies the selected one (OSC 52).
type messagesView struct {
	sh     *shared
	log    *statusLog
	cursor int // the selected message, 0 = the newest
	offset int // the first message shown
	count  int // messages when the cursor last moved: new ones arrive on top
}

func newMessagesView(sh *shared, l *statusLog) *messagesView {
	return &messagesView{sh: sh, log: l, count: l.len()}
}

// messagesTextWidth is the width the messages are wrapped to in a view bw cells wide.
func messagesTextWidth(bw int) int { return max(1, bw-6) }

func (v *messagesView) update(h host, msg tea.Msg) (tea.Cmd, bool) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	// A message that came since lands on top: the cursor stays on the one it was on.
	n := v.log.len()
	v.cursor, v.offset, v.count = v.cursor+n-v.count, v.offset+n-v.count, n
	k := v.sh.keys
	w := messagesTextWidth(viewWidth(v.sh.width))
	rows := max(1, v.sh.bodyHeight()-2)
	switch {
	case key.Matches(km, k.Cancel, k.Back, k.Quit, k.of(actMessages)):
		return nil, true
	case key.Matches(km, k.Up):
		v.cursor--
	case key.Matches(km, k.Down):
		v.cursor++
	case key.Matches(km, k.PageUp):
		v.cursor -= v.page(v.cursor, -1, w, rows)
	case key.Matches(km, k.PageDown):
		v.cursor += v.page(v.cursor, 1, w, rows)
	case key.Matches(km, k.Top):
		v.cursor = 0
	case key.Matches(km, k.Bottom):
		v.cursor = n - 1
	case key.Matches(km, k.of(actCopyID)):
		if e := v.log.newest(v.cursor); e != nil {
			h.setInfo("copied the " + e.kind() + " of " + e.at.Format("15:04:05") + " to the clipboard")
			return h.copyText(e.text), false
		}
	}
	v.cursor = max(0, min(v.cursor, n-1))
	v.offset = v.window(v.cursor, v.offset, w, rows)
	return nil, false
}

// height is how many lines the i-th newest message takes at w cells.
func (v *messagesView) height(i, w int) int {
	e := v.log.newest(i)
	if e == nil {
		return 0
	}
	return 1 + len(wrapText(e.text, w))
}

// page is how many messages one page up (dir -1) or down (1) from cursor passes:
// those that fill rows lines, at least one.
func (v *messagesView) page(cursor, dir, w, rows int) int {
	moved, used := 0, 0
	for i := cursor + dir; i >= 0 && i < v.log.len(); i += dir {
		used += v.height(i, w)
		if used > rows && moved > 0 {
			break
		}
		moved++
	}
	return max(1, moved)
}

// window is the first message to show so that the cursor's shows whole (from its
// top when it is taller than rows): offset, or the nearest one after it that leaves
// room for the cursor's. It measures only the messages that fit on the screen.
func (v *messagesView) window(cursor, offset, w, rows int) int {
	if offset >= cursor {
		return max(0, cursor)
	}
	first, used := cursor, v.height(cursor, w)
	for first > offset {
		h := v.height(first-1, w)
		if used+h > rows {
			break
		}
		used += h
		first--
	}
	return first
}

func (v *messagesView) keys() []key.Binding {
	k := v.sh.keys
	return []key.Binding{as(k.Arrows, "move"), as(k.of(actCopyID), "copy message"), as(k.Cancel, "close")}
}

func (v *messagesView) view(w, h int) (string, int, int) {
	st := &v.sh.styles
	bw := viewWidth(w)
	tw := messagesTextWidth(bw)
	rows := max(1, h-2)
	n := v.log.len()
	var body []string
	if n == 0 {
		body = append(body, st.Empty.Render("No messages yet: what the status bar says is kept here"))
	}
	grown := n - v.count
	cursor := max(0, min(v.cursor+grown, n-1))
	offset := v.window(cursor, v.offset+grown, tw, rows)
	for i := offset; i < n && len(body) < rows; i++ {
		e := v.log.newest(i)
		mark, tone := "  ", st.Status
		if i == cursor {
			mark = st.Marker.Render("▸ ")
		}
		if e.failed {
			tone = st.Error
		}
		head := mark + st.RowFaint.Render(e.at.Format("15:04:05")) + "  " + tone.Render(e.kind())
		if e.status != 0 {
			head += "  " + tone.Render(strconv.Itoa(e.status))
		}
		body = append(body, head)
		for _, l := range wrapText(e.text, tw) {
			body = append(body, "  "+pick(i == cursor, st.Row, st.RowMuted).Render(l))
		}
	}
	pos := ""
	if n > 0 {
		pos = strconv.Itoa(cursor+1) + "/" + strconv.Itoa(n)
	}
	bh := min(h, len(body)+2)
	return v.sh.box(bw, bh, "Messages · newest first", body, pos), (w - bw) / 2, max(0, min(1, (h-bh)/3))
}
