package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// View draws the whole screen: the breadcrumb, the body on top (the panes, a page's
// detail, the Redirects view), an overlay when one is open, the footer and the status bar — every line exactly as
// wide as the terminal.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = "funnels · " + m.status.profile
	if m.mouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	return v
}

func (m *Model) render() string {
	w, h := m.sh.width, m.sh.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if m.lay.tooSmall {
		return m.sh.tooSmallView(w, h)
	}
	header := m.header(w)
	if m.overlay == nil && len(m.bodies) == 1 {
		return m.renderPanes(w, header)
	}
	lines := make([]string, 0, h)
	lines = append(lines, header)
	body := m.top().view()
	if m.overlay != nil {
		box, x, y := m.overlay.view(w, m.lay.bodyHeight)
		body = overlay(body, w, box, x, y)
	}
	lines = append(lines, body...)
	lines = append(lines, m.footer(w), m.status.view(w, m.lay.barRows))
	return strings.Join(lines, "\n")
}

// renderPanes is the screen of the browser itself: the header, the panes side by side
// and the footer and status bar, written into one string without joining the panes'
// lines first.
func (m *Model) renderPanes(w int, header string) string {
	var cols [paneCount][]string
	slots := m.lay.slots[:min(len(m.lay.slots), paneCount)]
	size := len(header) + m.lay.bodyHeight + 2
	for i, s := range slots {
		cols[i] = m.paneLines(s)
		for _, l := range cols[i] {
			size += len(l)
		}
	}
	footer, bar := m.footer(w), m.status.view(w, m.lay.barRows)
	size += len(footer) + len(bar)

	var b strings.Builder
	b.Grow(size)
	b.WriteString(header)
	for r := 0; r < m.lay.bodyHeight; r++ {
		b.WriteByte('\n')
		for i := range slots {
			if r < len(cols[i]) {
				b.WriteString(cols[i][r])
			}
		}
	}
	b.WriteByte('\n')
	b.WriteString(footer)
	b.WriteByte('\n')
	b.WriteString(bar)
	return b.String()
}

// paneLines draws one pane in its slot. The lines belong to the pane's frame cache:
// read them before the next View.
func (m *Model) paneLines(s slot) []string {
	focused := s.pane == m.focus
	var v paneView
	switch s.pane {
	case paneEntities:
		v = m.entities.view(focused)
	case paneSteps:
		v = m.steps.view(focused)
	default:
		v = m.pages.view(focused)
	}
	p := m.pane(s.pane)
	return p.drawn.draw(m.sh, s.w, m.lay.bodyHeight, focused, v, p.filterView())
}

// header is the first line: the app's name and the breadcrumb of the folder path,
// cut from the left when it is too long (the end of the path matters most).
func (m *Model) header(w int) string {
	st := &m.sh.styles
	name := "funnels"
	if m.opts.Demo {
		name = "funnels demo"
	}
	parts := m.entities.breadcrumb()
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(" › ")
		}
		b.WriteString(p)
	}
	path := b.String()
	c := &m.status.drawn.header
	if c.ok && c.gen == st.gen && c.w == w && c.name == name && c.path == path {
		return c.line
	}
	p := st.paints()
	app := st.AppName.Render(name)
	avail := max(0, w-ansi.StringWidth(app)-2)
	crumb := truncLeft(path, avail)
	// Style after cutting, so the cut never splits an escape sequence: the last
	// folder bold, the rest muted.
	styled := crumb
	if i := strings.LastIndex(crumb, " › "); i >= 0 {
		styled = p.crumb.render(crumb[:i]) + p.crumbSep.render(" › ") + p.crumbHere.render(crumb[i+len(" › "):])
	} else {
		styled = p.crumbHere.render(crumb)
	}
	line := fit(app+" "+styled, w)
	c.ok, c.gen, c.w, c.name, c.path, c.line = true, st.gen, w, name, path, line
	return line
}

// footer is the short help of whatever has the keys.
func (m *Model) footer(w int) string {
	var keys []key.Binding
	if m.overlay != nil {
		keys = m.sh.markRefused(m.overlay.keys(), false)
	} else {
		keys = m.top().keys()
	}
	return m.status.drawn.footerLine(m.sh, keys, w)
}
