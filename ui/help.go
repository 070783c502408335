package ui

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// helpOverlay lists every key, grouped (navigation, panes, actions, app), in columns
// when the terminal is wide enough and in one scrolling column when it is not.
type helpOverlay struct {
	sh     *shared
	offset int
}

func newHelpOverlay(sh *shared) *helpOverlay { return &helpOverlay{sh: sh} }

func (h *helpOverlay) update(_ host, msg tea.Msg) (tea.Cmd, bool) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	k := h.sh.keys
	page := h.visible()
	switch {
	case key.Matches(km, k.Cancel, k.Help, k.Quit, k.Back):
		return nil, true
	case key.Matches(km, k.Up):
		h.offset--
	case key.Matches(km, k.Down):
		h.offset++
	case key.Matches(km, k.PageUp):
		h.offset -= page
	case key.Matches(km, k.PageDown):
		h.offset += page
	case key.Matches(km, k.Top):
		h.offset = 0
	case key.Matches(km, k.Bottom):
		h.offset = 1 << 30
	}
	body, _ := h.lines(h.sh.width)
	h.offset = max(0, min(h.offset, len(body)-page))
	return nil, false
}

// visible is how many lines of the help show at once: the body's rows inside the box.
func (h *helpOverlay) visible() int { return max(1, h.sh.bodyHeight()-2) }

func (h *helpOverlay) keys() []key.Binding { return h.sh.keys.overlayHelp() }

// view shows the lines of the help that fit, from the offset scrolled to.
func (h *helpOverlay) view(w, ht int) (string, int, int) {
	body, inner := h.lines(w)
	bw := min(w, inner+4)
	bh := min(ht, len(body)+2)
	visible := bh - 2
	offset := min(h.offset, max(0, len(body)-visible))
	footer := "esc close"
	if len(body) > visible {
		footer = "↑↓ pgup pgdn g G scroll · esc close"
	}
	box := h.sh.box(bw, bh, "Keys", body[offset:], footer)
	return box, (w - bw) / 2, max(0, (ht-bh)/2)
}

// lines lays the groups out in as many columns as fit a terminal w cells wide: all
// side by side on a wide terminal, in rows of two or three, or one under the other
// (scrolling) on a narrow one; inner is the width they take.
func (h *helpOverlay) lines(w int) (body []string, inner int) {
	st := &h.sh.styles
	groups := h.sh.keyGroups()
	blocks := make([][]string, len(groups))
	widths := make([]int, len(groups))
	for i, g := range groups {
		keyW := 0
		for _, b := range g.Bindings {
			keyW = max(keyW, ansi.StringWidth(b.Help().Key))
		}
		lines := []string{st.GroupTitle.Render(g.Title)}
		for _, b := range g.Bindings {
			desc := st.HelpDesc.Render(b.Help().Desc)
			if fa, refused := h.sh.access.Refused(h.sh.keyFamily(b, g.redirects)); refused {
				desc = st.HelpDesc.Render(b.Help().Desc) + st.Error.Render(" ✗ unavailable ("+strconv.Itoa(fa.Status)+")")
			}
			lines = append(lines, st.HelpKey.Render(fitCell(b.Help().Key, keyW, false))+"  "+desc)
		}
		for _, l := range lines {
			widths[i] = max(widths[i], ansi.StringWidth(l))
		}
		blocks[i] = lines
	}
	const gap = 4
	maxInner := w - 4
	rowWidth := func(cols int) int {
		widest := 0
		for i := 0; i < len(blocks); i += cols {
			sum := 0
			for j := i; j < min(i+cols, len(blocks)); j++ {
				sum += widths[j] + pick(j > i, gap, 0)
			}
			widest = max(widest, sum)
		}
		return widest
	}
	cols := len(blocks)
	for cols > 1 && rowWidth(cols) > maxInner {
		cols--
	}
	for i := 0; i < len(blocks); i += cols {
		row := make([]string, 0, 2*cols)
		for j := i; j < min(i+cols, len(blocks)); j++ {
			blk := make([]string, len(blocks[j]))
			for n, l := range blocks[j] {
				blk[n] = fit(l, widths[j])
			}
			if j > i {
				row = append(row, strings.Repeat(" ", gap))
			}
			row = append(row, strings.Join(blk, "\n"))
		}
		if i > 0 {
			body = append(body, "")
		}
		body = append(body, strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, row...), "\n")...)
	}
	hint := "In a filter or the palette, keys type: enter keeps, esc clears. In a form, enter on the last field or ctrl+s sends, and esc asks before throwing typed input away."
	inner = min(maxInner, max(rowWidth(cols), ansi.StringWidth(hint)))
	body = append(body, "")
	for _, l := range wrapText(hint, max(1, inner-1)) {
		body = append(body, st.Hint.Render(l))
	}
	if why := h.unavailable(); len(why) > 0 {
		body = append(body, "", st.GroupTitle.Render("Unavailable to this sign-in"))
		for _, w := range why {
			for _, l := range wrapText(w, max(1, inner-1)) {
				body = append(body, st.Error.Render(l))
			}
		}
	}
	return body, inner
}

// unavailable says, for every key whose action is refused to this sign-in, why and
// what to ask for: "n new step: 403 not open to this sign-in — needs …".
func (h *helpOverlay) unavailable() []string {
	var out []string
	for _, g := range h.sh.keyGroups() {
		for _, b := range g.Bindings {
			if r := h.sh.refusal(h.sh.keyFamily(b, g.redirects)); r != "" {
				out = append(out, b.Help().Key+" "+b.Help().Desc+": "+r)
			}
		}
	}
	return out
}

// keyGroup is a titled group of the help overlay.
type keyGroup struct {
	Title     string
	Bindings  []key.Binding
	redirects bool // the keys of the Redirects view (its n, e and d are its own)
}

// keyGroups are the help overlay's groups: each section's plain keys and the keys of
// the table's actions in its group, in the table's order. A disabled key (an action
// that writes, in read-only mode) is left out, and so is a group left empty.
func (sh *shared) keyGroups() []keyGroup {
	var out []keyGroup
	for _, s := range sh.keys.helpSections() {
		all := s.lead
		if s.group != helpNone {
			all = slices.Clone(all)
			for _, a := range sh.actions {
				if a.group == s.group {
					all = append(all, a.key)
				}
			}
			all = append(all, s.tail...)
		}
		var enabled []key.Binding
		for _, b := range all {
			if b.Enabled() {
				enabled = append(enabled, b)
			}
		}
		if len(enabled) > 0 {
			out = append(out, keyGroup{s.title, enabled, s.redirects})
		}
	}
	return out
}
