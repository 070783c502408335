package ui

import "charm.land/bubbles/v2/key"

// KeyMap holds every key of the browser as a key.Binding with its help text. It is
// the one place keys are defined: Update matches against it, the footer and the help
// overlay render from it, and the palette shows each action's key from it.
type KeyMap struct {
	// Navigation
	Up, Down, Top, Bottom, PageUp, PageDown, Open, Back key.Binding
	// Panes
	NextPane, PrevPane key.Binding
	// Actions
	Filter, Refresh, CopyID, CopyURL, OpenURL key.Binding
	// Forms and views (forms_*.go, requestlog.go, history.go)
	NewStep, NewFolder, AttachDomain, TestEvent, PageTrigger, ArchivePage, EndSplit key.Binding
	RequestLog, EventHistory, Messages                                              key.Binding
	// The Redirects view (redirects.go, redirects_body.go, forms_redirects.go): U
	// opens it, P starts a redirect to the selected step; inside it n, e, d, y and Y
	Redirects, RedirectHere                                                       key.Binding
	NewRedirect, EditRedirect, DeleteRedirect, CopyOldURL, CopyTarget, OpenOldURL key.Binding
	// App
	Switch, Palette, GoTo, Help, Redraw, Quit key.Binding
	// Inside an input or overlay
	Accept, Cancel, ListUp, ListDown key.Binding
	// Inside a form, the discard question, the event history and the request log
	Send, Yes, No, Resend, CopyCurl key.Binding
	// Footer hints only: the arrows, named for what they do in each place
	Arrows key.Binding
}

// DefaultKeys are the keys users and tests rely on: arrows or hjkl move, enter opens,
// esc goes back, tab changes pane, / filters, ? shows all keys, : opens the palette,
// r refreshes, y copies, q quits. The forms and views have capitals of their own
// (n, a new step, is the one lower-case: it is the form used most), so none of them
// shadows a key of the contract.
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
		CopyID:  b([]string{"y"}, "y", "copy id"),
		CopyURL: b([]string{"Y"}, "Y", "copy URL"),
		OpenURL: b([]string{"o"}, "o", "open in browser"),

		NewStep:      b([]string{"n"}, "n", "new step"),
		NewFolder:    b([]string{"N"}, "N", "new folder"),
		AttachDomain: b([]string{"D"}, "D", "attach domain"),
		TestEvent:    b([]string{"E"}, "E", "test conversion event"),
		PageTrigger:  b([]string{"T"}, "T", "page-visit trigger"),
		ArchivePage:  b([]string{"A"}, "A", "archive/restore page"),
		EndSplit:     b([]string{"S"}, "S", "end split test"),
		RequestLog:   b([]string{"L"}, "L", "request log"),
		EventHistory: b([]string{"H"}, "H", "event history"),
		Messages:     b([]string{"M"}, "M", "messages"),
		Redirects:    b([]string{"U"}, "U", "URL redirects"),
		RedirectHere: b([]string{"P"}, "P", "redirect a path to this step"),

		NewRedirect:    b([]string{"n"}, "n", "new redirect"),
		EditRedirect:   b([]string{"e", "enter"}, "e", "edit redirect"),
		DeleteRedirect: b([]string{"d", "delete"}, "d", "delete redirect"),
		CopyOldURL:     b([]string{"y"}, "y", "copy old URL"),
		CopyTarget:     b([]string{"Y"}, "Y", "copy target"),
		OpenOldURL:     b([]string{"o"}, "o", "open old URL"),

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
		Resend:   b([]string{"R"}, "R", "send again (event history)"),
		CopyCurl: b([]string{"c"}, "c", "copy as curl (request log)"),
	}
}

// keyGroup is a titled group of the help overlay.
type keyGroup struct {
	Title     string
	Bindings  []key.Binding
	redirects bool // the keys of the Redirects view (its n, e and d are its own)
}

// Groups are the help overlay's sections, in order. A disabled key (an action that
// writes, in read-only mode) is left out, and so is a group left empty.
func (k KeyMap) Groups() []keyGroup {
	var out []keyGroup
	for _, g := range k.allGroups() {
		enabled := g.Bindings[:0:0]
		for _, b := range g.Bindings {
			if b.Enabled() {
				enabled = append(enabled, b)
			}
		}
		if len(enabled) > 0 {
			out = append(out, keyGroup{g.Title, enabled, g.redirects})
		}
	}
	return out
}

func (k KeyMap) allGroups() []keyGroup {
	return []keyGroup{
		{"Navigation", []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.PageUp, k.PageDown, k.Open, k.Back}, false},
		{"Panes", []key.Binding{k.NextPane, k.PrevPane}, false},
		{"Actions", []key.Binding{k.Filter, k.Refresh, k.CopyID, k.CopyURL, k.OpenURL}, false},
		{"Create and test", []key.Binding{k.NewStep, k.NewFolder, k.AttachDomain, k.TestEvent, k.PageTrigger, k.ArchivePage, k.EndSplit}, false},
		{"Views", []key.Binding{k.RequestLog, k.EventHistory, k.Messages, k.Resend, k.CopyCurl, k.Send}, false},
		{"Redirects (U)", []key.Binding{k.Redirects, k.RedirectHere, k.NewRedirect, k.EditRedirect, k.DeleteRedirect, k.CopyOldURL, k.CopyTarget, k.OpenOldURL}, true},
		{"App", []key.Binding{k.Switch, k.Palette, k.GoTo, k.Help, k.Redraw, k.Quit}, false},
	}
}

// writeKeys are the keys of actions that write (or set something off on the
// service: a test event, a workflow trigger), where the panes and the page detail
// take them.
func (k *KeyMap) writeKeys() []*key.Binding {
	return []*key.Binding{&k.NewStep, &k.NewFolder, &k.AttachDomain, &k.TestEvent, &k.PageTrigger, &k.ArchivePage, &k.EndSplit, &k.RedirectHere}
}

// redirectWriteKeys are the keys of the Redirects view that write.
func (k *KeyMap) redirectWriteKeys() []*key.Binding {
	return []*key.Binding{&k.NewRedirect, &k.EditRedirect, &k.DeleteRedirect}
}

// readOnly disables every key that writes, so that no footer, help or palette shows
// it and no key press matches it.
func (k KeyMap) readOnly() KeyMap {
	for _, b := range append(append(k.writeKeys(), k.redirectWriteKeys()...), &k.Resend) {
		b.SetEnabled(false)
	}
	return k
}

// ShortHelp implements help.KeyMap: the keys that matter most anywhere.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.Back, k.Filter, k.Palette, k.Help, k.Quit}
}

// FullHelp implements help.KeyMap: every key, grouped.
func (k KeyMap) FullHelp() [][]key.Binding {
	groups := k.Groups()
	out := make([][]key.Binding, len(groups))
	for i, g := range groups {
		out[i] = g.Bindings
	}
	return out
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
		return append(out, k.NewFolder, k.Filter, k.Palette, k.Help, k.Refresh, k.CopyID, k.NextPane, k.Quit, k.Messages)
	case paneSteps:
		return []key.Binding{move, as(k.Open, "pages"), k.Back, k.NewStep, k.Filter, k.Palette, k.Help, k.CopyID, k.CopyURL, k.OpenURL, as(k.RedirectHere, "redirect here"), k.Quit, k.Messages}
	}
	return []key.Binding{move, as(k.Open, "details"), k.Back, as(k.ArchivePage, archive), as(k.PageTrigger, "trigger"), k.Filter, k.Palette, k.Help, k.CopyID, k.CopyURL, k.OpenURL, k.Quit, k.Messages}
}

// filterHelp are the footer's keys while a filter is typed.
func (k KeyMap) filterHelp() []key.Binding {
	return []key.Binding{as(k.Accept, "keep filter"), as(k.Cancel, "clear filter"), k.Arrows}
}

// detailHelp are the footer's keys while a page's detail is open.
func (k KeyMap) detailHelp() []key.Binding {
	return []key.Binding{as(k.Arrows, "scroll"), k.CopyID, k.CopyURL, k.OpenURL, as(k.Refresh, "reload"), k.Cancel}
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
