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
		return m.browser.screen(header, m.footer(w), m.status.view(w, m.lay.barRows))
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

// header is the first line: the app's name and the breadcrumb of the folder path,
// cut from the left when it is too long (the end of the path matters most).
func (m *Model) header(w int) string {
	st := &m.sh.styles
	name := "funnels"
	if m.opts.Demo {
		name = "funnels demo"
	}
	parts := m.browser.entities.breadcrumb()
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
