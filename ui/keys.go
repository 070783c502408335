package ui

import (
	"charm.land/bubbles/v2/key"
)

// KeyMap holds the plain keys of the browser as key.Bindings with their help text:
// moving, opening, going back, the panes, the filter, refresh, the app's own keys and
// the keys inside inputs and overlays. Each screen reads them its own way (esc closes a
// view, goes back a pane, clears a filter). The keys of actions are declared with their
// action in the table (action_table.go); named holds those a footer or a view shows.
type KeyMap struct {
	// Navigation
	Up, Down, Top, Bottom, PageUp, PageDown, Open, Back key.Binding
	// Panes
	NextPane, PrevPane key.Binding
	// The focused pane's or view's list
	Filter, Refresh key.Binding
	// App
	Switch, Palette, GoTo, Help, Redraw, Quit key.Binding
	// Inside an input or overlay
	Accept, Cancel, ListUp, ListDown key.Binding
	// Inside a form, the discard question and the request log
	Send, Yes, No, CopyCurl key.Binding
	// Footer hints only: the arrows, named for what they do in each place
	Arrows key.Binding

	named [actionIDs]key.Binding // the table's keys by actionID, as the table has them (off when read-only)
}

// of is the key of the table's action id: what a footer shows or a view matches.
func (k KeyMap) of(id actionID) key.Binding { return k.named[id] }

// DefaultKeys are the plain keys users and tests rely on: arrows or hjkl move, enter
// opens, esc goes back, tab changes pane, / filters, ? shows all keys, : opens the
// palette, r refreshes, q quits. The actions' keys (y copies, the forms' and views'
// capitals) are in the table; none of them shadows a key of the contract.
func DefaultKeys() KeyMap {
	b := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Up:       b([]string{"up", "k"}, "↑/k", "move up"),
		Down:     b([]string{"down", "j"}, "↓/j", "move down"),
		Top:      b([]string{"g", "home"}, "g", "go to top"),
		Bottom:   b([]string{"G", "end"}, "G", "go to bottom"),
		PageUp:   b([]string{"pgup", "ctrl+u"}, "pgup", "page up"),
		PageDown: b([]string{"pgdown", "ctrl+d"}, "pgdn", "page down"),
		Open:     b([]string{"enter", "l", "right"}, "enter/l", "open"),
		Back:     b([]string{"esc", "h", "left", "backspace"}, "esc/h", "back"),

		NextPane: b([]string{"tab"}, "tab", "next pane"),
		PrevPane: b([]string{"shift+tab"}, "shift+tab", "previous pane"),

		Filter:  b([]string{"/"}, "/", "filter"),
		Refresh: b([]string{"r"}, "r", "refresh"),

		Switch:  b([]string{"C"}, "C", "switch profile or sub-account"),
		Palette: b([]string{":"}, ":", "commands"),
		GoTo:    b([]string{"ctrl+p"}, "ctrl+p", "go to anything"),
		Help:    b([]string{"?"}, "?", "all keys"),
		Redraw:  b([]string{"ctrl+l"}, "ctrl+l", "redraw the screen"),
		Quit:    b([]string{"q", "ctrl+c"}, "q", "quit"),

		Accept:   b([]string{"enter"}, "enter", "keep"),
		Cancel:   b([]string{"esc"}, "esc", "close"),
		ListUp:   b([]string{"up", "ctrl+p"}, "↑", "previous"),
		ListDown: b([]string{"down", "ctrl+n"}, "↓", "next"),
		Arrows:   b([]string{"up", "down"}, "↑↓", "move"),

		Send:     b([]string{"ctrl+s"}, "ctrl+s", "send the form"),
		Yes:      b([]string{"y", "Y"}, "y", "yes"),
		No:       b([]string{"n", "N", "esc"}, "n", "no"),
		CopyCurl: b([]string{"c"}, "c", "copy as curl (request log)"),
	}
}

// helpGroup is a section of the help overlay an action of the table goes in.
type helpGroup uint8

const (
	helpNone helpGroup = iota
	helpActions
	helpCreate
	helpViews
	helpRedirects
)

// helpSection is one section of the help overlay: its plain keys before and after the
// table's actions of its group.
type helpSection struct {
	title     string
	lead      []key.Binding
	group     helpGroup
	tail      []key.Binding
	redirects bool // the keys of the Redirects view (its n, e and d are its own)
}

// helpSections are the help overlay's sections, in order.
func (k KeyMap) helpSections() []helpSection {
	return []helpSection{
		{title: "Navigation", lead: []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.PageUp, k.PageDown, k.Open, k.Back}},
		{title: "Panes", lead: []key.Binding{k.NextPane, k.PrevPane}},
		{title: "Actions", lead: []key.Binding{k.Filter, k.Refresh}, group: helpActions},
		{title: "Create and test", group: helpCreate},
		{title: "Views", group: helpViews, tail: []key.Binding{k.CopyCurl, k.Send}},
		{title: "Redirects (U)", group: helpRedirects, redirects: true},
		{title: "App", lead: []key.Binding{k.Switch, k.Palette, k.GoTo, k.Help, k.Redraw, k.Quit}},
	}
}

// as returns a copy of b with another description, for a footer that names what
// the key does in this place ("open folder" rather than "open").
func as(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}

// paneHelp are the few keys the footer shows for a focused pane: moving, the
// pane's own action (a new folder, a new step, archiving a page: archive says what
// A does to the selected page, or why not), then the palette and the help, which
// lead to everything else.
func (k KeyMap) paneHelp(pane int, atRoot bool, archive string) []key.Binding {
	move := k.Arrows
	switch pane {
	case paneEntities:
		out := []key.Binding{move, as(k.Open, "open")}
		if !atRoot {
			out = append(out, as(k.Back, "up"))
		}
		return append(out, k.of(actNewFolder), k.Filter, k.Palette, k.Help, k.Refresh, k.of(actCopyID), k.NextPane, k.Quit, k.of(actMessages))
	case paneSteps:
		return []key.Binding{move, as(k.Open, "pages"), k.Back, k.of(actNewStep), k.Filter, k.Palette, k.Help, k.of(actCopyID), k.of(actCopyURL), k.of(actOpenURL), as(k.of(actRedirectHere), "redirect here"), k.Quit, k.of(actMessages)}
	}
	return []key.Binding{move, as(k.Open, "details"), k.Back, as(k.of(actArchivePage), archive), as(k.of(actPageTrigger), "trigger"), k.Filter, k.Palette, k.Help, k.of(actCopyID), k.of(actCopyURL), k.of(actOpenURL), k.Quit, k.of(actMessages)}
}

// filterHelp are the footer's keys while a filter is typed.
func (k KeyMap) filterHelp() []key.Binding {
	return []key.Binding{as(k.Accept, "keep filter"), as(k.Cancel, "clear filter"), k.Arrows}
}

// detailHelp are the footer's keys while a page's detail is open.
func (k KeyMap) detailHelp() []key.Binding {
	return []key.Binding{as(k.Arrows, "scroll"), k.of(actCopyID), k.of(actCopyURL), k.of(actOpenURL), as(k.Refresh, "reload"), k.Cancel}
}

// overlayHelp are the footer's keys while the help overlay is open.
func (k KeyMap) overlayHelp() []key.Binding {
	return []key.Binding{as(k.Arrows, "scroll"), k.Cancel}
}

// viewHelp are the footer's keys while a result view is open.
func (k KeyMap) viewHelp() []key.Binding {
	return []key.Binding{as(k.Arrows, "scroll"), as(k.Cancel, "close")}
}

// paletteHelp are the footer's keys while the command palette is open.
func (k KeyMap) paletteHelp() []key.Binding {
	return []key.Binding{as(k.Arrows, "choose"), as(k.Accept, "run"), k.Cancel}
}

// actionID names an action whose key a footer or a view shows or reads (KeyMap.of).
type actionID uint8

const (
	noAction actionID = iota
	actCopyID
	actCopyURL
	actOpenURL
	actNewStep
	actNewFolder
	actPageTrigger
	actArchivePage
	actRedirects
	actRedirectHere
	actNewRedirect
	actEditRedirect
	actDeleteRedirect
	actCopyOldURL
	actCopyTarget
	actOpenOldURL
	actImportRedirects
	actExportRedirects
	actRedirectsCSV
	actRequestLog
	actEventHistory
	actMessages
	actResend
	actSendPlan
	actHealthFix
	actionIDs // how many there are
)

// bind is a key with its help: the first key is the one shown.
func bind(desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(keys[0], desc))
}

// shownAs is b as the palette shows it: "enter" rather than "enter/l".
func shownAs(b key.Binding, shown string) key.Binding {
	b.SetHelp(shown, b.Help().Desc)
	return b
}
