package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// View draws the whole screen: the breadcrumb, the panes (or the page detail), an
// overlay when one is open, the footer and the status bar — every line exactly as
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
	lines := make([]string, 0, h)
	lines = append(lines, m.header(w))
	var body []string
	if m.detail != nil {
		body = strings.Split(m.detail.view(), "\n")
	} else {
		blocks := make([][]string, 0, len(m.lay.slots))
		for _, s := range m.lay.slots {
			blocks = append(blocks, m.paneLines(s))
		}
		body = joinColumns(blocks, m.lay.bodyHeight)
	}
	if m.overlay != nil {
		box, x, y := m.overlay.view(w, m.lay.bodyHeight)
		body = overlay(body, w, box, x, y)
	}
	lines = append(lines, body...)
	lines = append(lines, m.footer(w), m.status.view(w))
	return strings.Join(lines, "\n")
}

// paneLines draws one pane in its slot.
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
	return m.sh.frame(s.w, m.lay.bodyHeight, focused, v, m.pane(s.pane).filterView())
}

// header is the first line: the app's name and the breadcrumb of the folder path,
// cut from the left when it is too long (the end of the path matters most).
func (m *Model) header(w int) string {
	st := m.sh.styles
	name := "funnels"
	if m.opts.Demo {
		name = "funnels demo"
	}
	app := st.AppName.Render(name)
	parts := m.entities.breadcrumb()
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(" › ")
		}
		b.WriteString(p)
	}
	avail := max(0, w-ansi.StringWidth(app)-2)
	crumb := truncLeft(b.String(), avail)
	// Style after cutting, so the cut never splits an escape sequence: the last
	// folder bold, the rest muted.
	styled := crumb
	if i := strings.LastIndex(crumb, " › "); i >= 0 {
		styled = st.Crumb.Render(crumb[:i]) + st.CrumbSep.Render(" › ") + st.CrumbHere.Render(crumb[i+len(" › "):])
	} else {
		styled = st.CrumbHere.Render(crumb)
	}
	return fit(app+" "+styled, w)
}

// footer is the short help of whatever has the keys.
func (m *Model) footer(w int) string {
	var keys []key.Binding
	switch {
	case m.overlay != nil:
		keys = m.overlay.keys()
	case m.detail != nil:
		keys = m.detail.keys()
	case m.focused().typing:
		keys = m.sh.keys.filterHelp()
	default:
		keys = m.sh.keys.paneHelp(m.focus, len(m.entities.path) == 1)
	}
	return m.sh.footerHelp(keys, w)
}
