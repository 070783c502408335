package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
)

// host is what an overlay or a form may ask of the browser that opened it, and all
// it may ask: the state every part shares, the client requests go with, what is
// selected, the status bar, request numbers, the overlay slot and the clipboard. The
// root Model is the host of every overlay; a test can build a form over a host of its
// own, without a Model (host_test.go).
type host interface {
	// common is the size, theme, styles, keys and contexts every part shares.
	common() *shared
	// api is the client requests go with; nil when there is none.
	api() *client.Client
	// selected is what the browser shows and has selected now.
	selected() selection
	// setInfo and setWarn put a message in the status bar.
	setInfo(text string)
	setWarn(text string)
	// next is the number of a new request.
	next() uint64
	// show opens o as the overlay in place of the one open (nil closes it).
	show(o modal)
	// copyText sets the clipboard (OSC 52).
	copyText(text string) tea.Cmd
	// browse opens an address in a browser, or says none can be shown and what
	// (instead) copies it.
	browse(url, instead string) tea.Cmd
}

// modal is a box drawn over the panes that takes every key while it is open: the help
// overlay, the command palette, the forms (package form, shown by formhost.go), the
// result views (textview.go), the request log and the event history.
//
// The root model sends it key presses, pastes and every message the root does not
// handle itself (so a huh form's internal messages reach it), and closes it when
// update reports done — unless update already replaced it with another modal (the
// palette running "Help" opens the help overlay that way). update gets the root model
// as its host: the selection, the client, the status bar and the overlay slot, and
// nothing else of it.
type modal interface {
	update(h host, msg tea.Msg) (cmd tea.Cmd, done bool)
	// view draws the box for a pane area of w×h and says where it goes.
	view(w, h int) (box string, x, y int)
	// keys are the bindings the footer shows while the modal is open.
	keys() []key.Binding
}

// selection is what a form or an overlay may know of the browser behind it: the
// folder shown and the rows under the panes' cursors, the Redirects view, what has
// been read, and whom requests act for. host.selected takes it when asked, so it is
// what is on screen at that moment; the rows are the panes' own (not copies).
type selection struct {
	folderID string                  // the folder the first pane shows ("" is the root)
	entity   *entityRow              // the row under the first pane's cursor, or nil
	funnel   *entityRow              // that row when it is a funnel, or nil
	folders  map[string]*folderState // every folder read, by id (for the domains seen)

	stepsOf   string    // the funnel whose steps the second pane shows
	step      *stepRow  // the step under its cursor, or nil
	stepPages []pageRow // the pages read of that step, when they were

	pagesOf      stepKey  // the step whose pages the third pane shows (zero: none)
	pagesStep    stepRow  // that step
	page         *pageRow // the page under the third pane's cursor, or nil
	pagesFocused bool     // the third pane has the focus

	publicURL string // the public URL that y, Y and o act on; "" when the selection has none

	redirects      *redirectsView // the Redirects view once opened (it may be hidden), or nil
	redirectsShown bool           // the Redirects view has the screen

	location string // the location requests act for, as the forms' notes name it
	// redirectsState is where the location's bulk redirect journals and versions
	// live; zero when there is nowhere.
	redirectsState redirectplan.State
	userID         string // the signed-in user, sent as a new folder's userId; "" leaves it out
	profile        string // the profile the status bar shows
	// changes is the team server's audit log, for its admins; nil for everyone else
	// and outside a session of the server.
	changes ChangeLog
}

// redirect is the redirect under the Redirects view's cursor while the view is shown.
func (s selection) redirect() *redirectRow {
	if !s.redirectsShown {
		return nil
	}
	return s.redirects.selected()
}

// knownHosts are the domains the browser has seen: the redirects' and the funnels'.
func (s selection) knownHosts() []string {
	var out []string
	if s.redirects != nil {
		out = append(out, s.redirects.hosts()...)
	}
	for _, fs := range s.folders {
		for _, r := range fs.rows {
			if h := client.Host(r.domain); h != "" {
				out = append(out, h)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// connected reports whether there is a client to send with, and says so when not.
func connected(h host) bool {
	if h.api() == nil {
		h.setWarn("not connected to an API: nothing can be sent")
		return false
	}
	return true
}

// copyOf copies text, which is the what of something, and says so.
func copyOf(h host, what, text string) tea.Cmd {
	text = sanitize(text)
	h.setInfo("copied to clipboard: " + what + " " + text)
	return h.copyText(text)
}
