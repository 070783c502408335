package ui

import (
	"slices"

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

// The root Model is the host of its overlays.

func (m *Model) common() *shared     { return m.sh }
func (m *Model) api() *client.Client { return m.client }
func (m *Model) setInfo(text string) { m.status.setInfo(text) }
func (m *Model) setWarn(text string) { m.status.setWarn(text) }
func (m *Model) show(o modal)        { m.overlay = o }

func (m *Model) selected() selection {
	s := selection{
		folderID: m.entities.folderID(), entity: m.entities.selected(), funnel: m.entities.selectedFunnel(),
		folders: m.entities.folders,
		stepsOf: m.steps.funnelID, step: m.steps.selected(),
		pagesOf: m.pages.key, pagesStep: m.pages.step, page: m.pages.selected(), pagesFocused: m.focus == panePages,
		redirects: m.redirects, redirectsShown: m.onTop(m.redirects),
		location: m.locationName(), userID: m.opts.UserID, profile: m.status.profile, redirectsState: m.opts.Redirects,
	}
	if s.step != nil {
		if ps := m.pages.cache[stepKey{funnelID: s.stepsOf, stepID: s.step.id}]; ps != nil {
			s.stepPages = ps.rows
		}
	}
	if _, url, problem := m.copyTarget(true); problem == "" {
		s.publicURL = url
	}
	return s
}

// locationName is the location requests go to, for the notes of the forms.
func (m *Model) locationName() string {
	if m.client != nil && m.client.LocationID() != "" {
		return sanitize(m.client.LocationID())
	}
	if m.status.location != "" {
		return m.status.location
	}
	return "the token's own"
}

// connected reports whether there is a client to send with, and says so when not.
func connected(h host) bool {
	if h.api() == nil {
		h.setWarn("not connected to an API: nothing can be sent")
		return false
	}
	return true
}
