package ui

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// The Redirects view as a body: its keys, the mouse, copying and opening a
// redirect's address, reading the list again, and a write shown in its list.

// key handles a key while the view has the screen.
func (v *redirectsView) key(h bodyHost, msg tea.KeyPressMsg) (tea.Cmd, keyResult) {
	if cmd, ok := v.filterFirst(msg); ok {
		return cmd, keyUsed
	}
	k := v.sh.keys
	switch {
	case key.Matches(msg, k.Cancel, k.Back):
		return nil, keyClose
	case key.Matches(msg, k.of(actRedirects)):
		return nil, keyClose
	case key.Matches(msg, k.Filter):
		return v.startFilter(), keyUsed
	case key.Matches(msg, k.Refresh):
		return v.reload(h), keyUsed
	case v.navigate(msg):
	default:
		// The view's actions (action_table.go: n, e, d, y, Y, o) and the browser's
		// it lets through; none shares a key with the cases above.
		return nil, keyPassed
	}
	return nil, keyUsed
}

// actionScope: the keys passed on run the table's actions of the Redirects view.
func (v *redirectsView) actionScope() scope { return inRedirects }

// openOldURL opens the selected redirect's old URL in a browser: the way to see it work.
func openOldURL(h host) tea.Cmd {
	if r, ok := selectedRedirect(h, "open"); ok {
		return h.browse(r.oldURL, "y copies the old URL")
	}
	return nil
}

// copyRedirect copies the selected redirect's old URL (y) or target (Y).
func copyRedirect(h host, target bool) tea.Cmd {
	r, ok := selectedRedirect(h, "copy")
	if !ok {
		return nil
	}
	if target {
		return copyOf(h, "target", r.target)
	}
	return copyOf(h, "old URL", r.oldURL)
}

// update takes the list this view asked for: shown, kept in the local index, and a
// failure said on the status bar.
func (v *redirectsView) update(h bodyHost, msg bodyMsg) (tea.Cmd, bool) {
	rm, ok := msg.(redirectsMsg)
	if !ok {
		return nil, false
	}
	if !v.apply(rm) {
		return nil, true
	}
	if rm.err != nil {
		h.setErr(rm.err)
	}
	fix := v.openFix(h)
	if rm.list == nil {
		return fix, true
	}
	list, whole := rm.list, rm.err == nil
	return tea.Batch(fix, v.idx.save(v.sh.ctx, func(ctx context.Context, s *index.Store) error { return s.SaveRedirects(ctx, list, whole) })), true
}

// fixWith opens the edit form of the redirect fix names, filled with the fix: now when
// it is listed and selected, else once the list read has it.
func (v *redirectsView) fixWith(h host, fix check.RedirectFix, text string) tea.Cmd {
	v.fix = &redirectFix{id: fix.ID, target: fix.Target, action: fix.Action, text: text}
	if v.seq != 0 { // a read under way: its list opens the form
		return nil
	}
	return v.openFix(h)
}

// openFix opens the edit form of the fix waiting, once its redirect is selected; a
// list without it says so.
func (v *redirectsView) openFix(h host) tea.Cmd {
	fix := v.fix
	if fix == nil || v.seq != 0 {
		return nil
	}
	v.fix = nil
	r := v.selected()
	if r == nil || r.id != fix.id {
		h.setWarn("the redirect the check named is not in the list any more: r reads it again")
		return nil
	}
	return editRedirect(h, *r, fix.target, fix.action, "The check's fix: "+fix.text+".")
}

// reload reads the list again; what is shown stays until the answer.
func (v *redirectsView) reload(h bodyHost) tea.Cmd {
	if h.api() == nil {
		return nil
	}
	return v.load(v.sh.loads, h.api(), h.next())
}

// close hides the view; a load under way is given up.
func (v *redirectsView) close() {
	v.typing = false
	v.input.Blur()
	v.stop()
}

func (v *redirectsView) paste(msg tea.PasteMsg) tea.Cmd {
	if v.typing {
		return v.filterPaste(msg)
	}
	return nil
}

func (v *redirectsView) wheel(_, delta int) { v.list.Scroll(delta) }
func (v *redirectsView) click(_, row int)   { v.list.SelectRow(row) }
func (v *redirectsView) busy() bool         { return v.seq != 0 }
func (v *redirectsView) view() []string     { return v.lines(v.location) }

// copyTarget is the selected redirect's old URL (y) or target (Y).
func (v *redirectsView) copyTarget(wantURL bool) (what, text, problem string) {
	r := v.selected()
	switch {
	case r == nil:
		return "", "", "no redirect selected"
	case !wantURL:
		return "old URL", r.oldURL, ""
	}
	return "target", r.target, ""
}

// changed shows a write in the list: made puts a redirect in (made or changed), gone
// takes one out. A list never read has nothing to change; one whose answer had no id
// is read again.
func (v *redirectsView) changed(h bodyHost, made redirectRow, gone string) tea.Cmd {
	if v.state == stateIdle {
		return nil
	}
	switch {
	case gone != "":
		v.remove(gone)
	case made.id == "":
		return v.reload(h)
	default:
		v.put(made)
	}
	return nil
}

// goTo selects the redirect id (now, or once the list has it), or filters the list to
// a domain.
func (v *redirectsView) goTo(id, domain string) {
	if id != "" {
		v.pending = id
		if i := v.indexOf(id); i >= 0 {
			v.clearFilter()
			v.list.SelectItem(i)
			v.pending = ""
		}
	}
	if domain != "" {
		v.input.SetValue(domain)
		v.query = domain
		v.list.SetQuery(domain)
	}
}
