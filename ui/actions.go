package ui

import tea "charm.land/bubbletea/v2"

// action is one entry of the command palette: every thing the browser can do has one,
// so nothing is reachable only by a key a user has to remember.
type action struct {
	name string // what the palette lists: "Copy URL"
	desc string // one line on what it does
	key  string // the direct key, shown at the right ("" when it has none)
	run  func(m *Model) tea.Cmd
}

// actions lists the palette's entries, in the order it shows them before a search.
func (m *Model) actions() []action {
	k := m.sh.keys
	acts := []action{
		{"Refresh", "reload the focused pane", k.Refresh.Help().Key, (*Model).refresh},
		{"Filter", "filter the focused pane as you type", k.Filter.Help().Key, func(m *Model) tea.Cmd { return m.startFilter() }},
		{"Open", "open the selected folder, funnel, step or page", "enter", (*Model).open},
		{"Go up", "back to the previous pane or the parent folder", "esc", (*Model).back},
		{"Go to root", "show the folders and funnels at the root", "", (*Model).goRoot},
		{"Copy id", "copy the selected item's id (OSC 52)", k.CopyID.Help().Key, func(m *Model) tea.Cmd { return m.copySelected(false) }},
		{"Copy URL", "copy the public URL of the selected step or page", k.CopyURL.Help().Key, func(m *Model) tea.Cmd { return m.copySelected(true) }},
		{"Open in browser", "open the public URL in a browser", k.OpenURL.Help().Key, (*Model).openInBrowser},
		{"Next pane", "move the focus right", k.NextPane.Help().Key, func(m *Model) tea.Cmd { m.setFocus((m.focus + 1) % paneCount); return nil }},
		{"Previous pane", "move the focus left", k.PrevPane.Help().Key, func(m *Model) tea.Cmd { m.setFocus((m.focus + paneCount - 1) % paneCount); return nil }},
		{"Toggle mouse", "capture the mouse (wheel and clicks) or leave it to the terminal", "", (*Model).toggleMouse},
		{"Help", "show every key", k.Help.Help().Key, func(m *Model) tea.Cmd { m.overlay = newHelpOverlay(m.sh); return nil }},
		{"Quit", "leave funnels", k.Quit.Help().Key, func(*Model) tea.Cmd { return tea.Quit }},
	}
	return append(acts, m.formActions()...)
}

// formActions is where the forms of the next issue register: New folder, New step,
// Attach domain, Test conversion event, page actions, lookups … Each returns an
// action whose run builds a fresh form and opens it as the overlay:
//
//	{"New step", "add a step to the selected funnel", "n", func(m *Model) tea.Cmd {
//		f := newStepForm(m.sh, m.steps.funnelID) // a modal wrapping a *huh.Form
//		m.overlay = f
//		return f.init()
//	}}
//
// The form, as a modal, then gets every key and every message the root does not
// handle (huh's own messages included) until it reports done.
func (m *Model) formActions() []action { return nil }
