package ui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// The caches of the view. A cursor move changes two rows of one pane and a number in
// its border, yet the screen is three framed panes, a header, a footer and a status
// bar: drawing all of it again each frame is most of a frame's cost. So each part
// keeps the lines it drew last together with everything they were drawn from, and
// draws again only when one of those differs. The key is always the inputs themselves
// (the strings compared, the styles by their generation), never a version number kept
// by hand, so no change can be missed: a resize, a new theme, new data, a filter, the
// focus, a spinner frame, a message or a countdown all show in the next View because
// they change what the part is drawn from.
//
// Each cache returns lines it owns: the caller reads them before the next draw and
// never changes them.

// frameCache is one pane's frame (sh.frame, line for line) as drawn last.
type frameCache struct {
	gen         uint64 // the styles it was drawn with
	w, h        int
	focused     bool
	left, right string // the side borders
	blank       string // an empty row

	topOK               bool
	title, info, filter string

	bottomOK bool
	pos      string

	body  []string // the rows inside, as handed in
	lines []string // the frame: top, the rows between the sides, bottom
}

// draw returns what sh.frame(w, h, focused, v, filter) returns, redrawing only the
// lines whose inputs changed since the last call.
func (c *frameCache) draw(sh *shared, w, h int, focused bool, v paneView, filter string) []string {
	st := &sh.styles
	bs := frameBorder(st, focused)
	inner := w - 2
	n := max(0, h-2)
	if c.lines == nil || c.gen != st.gen || c.w != w || c.h != h || c.focused != focused {
		c.gen, c.w, c.h, c.focused = st.gen, w, h, focused
		c.left, c.right = frameSides(bs)
		c.blank = strings.Repeat(" ", max(0, inner))
		c.topOK, c.bottomOK = false, false
		c.body = make([]string, n)
		c.lines = make([]string, n+2)
		for i := range c.body {
			c.body[i] = c.blank
			c.lines[i+1] = c.left + c.blank + c.right
		}
	}
	if !c.topOK || v.title != c.title || v.info != c.info || filter != c.filter {
		c.lines[0] = frameTop(st, focused, inner, v.title, v.info, filter)
		c.title, c.info, c.filter, c.topOK = v.title, v.info, filter, true
	}
	for i := range n {
		row := c.blank
		if i < len(v.body) {
			row = v.body[i]
		}
		if row != c.body[i] {
			c.body[i] = row
			c.lines[i+1] = c.left + row + c.right
		}
	}
	if !c.bottomOK || v.pos != c.pos {
		c.lines[n+1] = frameBottom(st, bs, inner, v.pos)
		c.pos, c.bottomOK = v.pos, true
	}
	return c.lines
}

// chromeCache holds the header, the footer and the status bar as drawn last.
type chromeCache struct {
	header struct {
		ok         bool
		gen        uint64
		w          int
		name, path string
		line       string
	}
	footer struct {
		ok       bool
		gen      uint64
		w        int
		sep, ell string
		keys     []helpEntry
		line     string
	}
	bar struct {
		ok   bool
		key  barKey
		line string
	}
}

// helpEntry is what the footer shows of a key binding.
type helpEntry struct {
	enabled   bool
	key, desc string
}

// sameHelp reports whether bindings show as entries do, in order.
func sameHelp(entries []helpEntry, bindings []key.Binding) bool {
	if len(entries) != len(bindings) {
		return false
	}
	for i, b := range bindings {
		h := b.Help()
		if e := entries[i]; e.enabled != b.Enabled() || e.key != h.Key || e.desc != h.Desc {
			return false
		}
	}
	return true
}

// footerLine returns sh.footerHelp(bindings, w), drawn again only when the bindings
// shown, the width, the separators or the styles changed (sh.help's styles are set
// by shared.restyle alone, with new Styles and so a new generation).
func (c *chromeCache) footerLine(sh *shared, bindings []key.Binding, w int) string {
	f := &c.footer
	if f.ok && f.gen == sh.styles.gen && f.w == w && f.sep == sh.help.ShortSeparator &&
		f.ell == sh.help.Ellipsis && sameHelp(f.keys, bindings) {
		return f.line
	}
	f.line = sh.footerHelp(bindings, w)
	f.ok, f.gen, f.w, f.sep, f.ell = true, sh.styles.gen, w, sh.help.ShortSeparator, sh.help.Ellipsis
	f.keys = f.keys[:0]
	for _, b := range bindings {
		h := b.Help()
		f.keys = append(f.keys, helpEntry{enabled: b.Enabled(), key: h.Key, desc: h.Desc})
	}
	return f.line
}

// barKey is everything the status bar is drawn from.
type barKey struct {
	gen                 uint64
	width, rows         int
	who, profile, right string
	short               string // right as it reads when the message needs the room
	msg                 string
	msgKind             int
	rateLow             bool
}

// footerHelp renders the footer's short help for bindings at exactly width cells.
// What does not fit is left off from the end, but "? all keys" is the last to go:
// it is where every key left off can be read.
func (sh *shared) footerHelp(bindings []key.Binding, width int) string {
	hm := sh.help // a copy: the width is this call's own
	hm.SetWidth(max(0, width-1))
	line := hm.ShortHelpView(bindings)
	all := sh.keys.Help.Help()
	isAll := func(b key.Binding) bool { return b.Help() == all }
	if !slices.ContainsFunc(bindings, isAll) {
		return fit(" "+line, width)
	}
	kept := slices.Clone(bindings)
	for last := len(kept) - 1; last > 0 && !strings.Contains(ansi.Strip(line), all.Desc); last-- {
		if isAll(kept[last]) {
			continue
		}
		kept = slices.Delete(kept, last, last+1)
		line = hm.ShortHelpView(kept)
	}
	return fit(" "+line, width)
}
