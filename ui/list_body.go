package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// listBody is what the list views pushed over the panes share (the Changes view, the
// redirect versions, the recent changes by people): a paneBase with the state of its
// load, and a filtered list's keys, paste, wheel and clicks. A view embeds it and
// adds its rows, what enter does and how it reloads.
type listBody struct {
	paneBase
	status loadState
	err    error
}

func newListBody(sh *shared) listBody {
	return listBody{paneBase: newPaneBase(sh), status: stateLoading}
}

// listKey takes a key: the filter first, then esc closes, / filters, r reloads
// (reload), enter opens the selected row (open), and the arrows move.
func (b *listBody) listKey(msg tea.KeyPressMsg, reload, open func() tea.Cmd) (tea.Cmd, keyResult) {
	if cmd, ok := b.filterFirst(msg); ok {
		return cmd, keyUsed
	}
	k := b.sh.keys
	switch {
	case key.Matches(msg, k.Cancel, k.Back):
		return nil, keyClose
	case key.Matches(msg, k.Filter):
		return b.startFilter(), keyUsed
	case key.Matches(msg, k.Refresh):
		return reload(), keyUsed
	case key.Matches(msg, k.Open):
		return open(), keyUsed
	case b.navigate(msg):
	default:
		return nil, keyPassed
	}
	return nil, keyUsed
}

// listKeys are the footer's keys; enter is named by what it does (open).
func (b *listBody) listKeys(open string) []key.Binding {
	k := b.sh.keys
	if b.typing {
		return k.filterHelp()
	}
	return []key.Binding{k.Arrows, as(k.Open, open), k.Filter, as(k.Cancel, "close"), as(k.Refresh, "reload"), k.Help}
}

func (b *listBody) actionScope() scope { return 0 }
func (b *listBody) paste(msg tea.PasteMsg) tea.Cmd {
	if b.typing {
		return b.filterPaste(msg)
	}
	return nil
}
func (b *listBody) wheel(_, delta int) { b.list.Scroll(delta) }
func (b *listBody) click(_, row int)   { b.list.SelectRow(row) }
func (b *listBody) busy() bool         { return b.status == stateLoading }
func (b *listBody) close()             { b.typing = false; b.input.Blur() }
