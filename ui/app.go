package ui

import (
	"context"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/redirectplan"
)

// Options configure the browser.
type Options struct {
	Client     *client.Client
	Profile    string // shown in the status bar ("demo" for --demo)
	LocationID string
	Demo       bool
	Mouse      bool   // capture the mouse (config [ui] mouse = true); off keeps text selectable
	Theme      string // "auto" (or ""), "dark" or "light"

	// OpenURL opens an address in a browser; nil means none can be shown here, and
	// NoBrowserReason says why ("no DISPLAY or WAYLAND_DISPLAY").
	OpenURL         func(ctx context.Context, url string) error
	NoBrowserReason string

	// UserID is the signed-in user, sent as the userId of new folders; "" leaves it
	// out (the sandbox's user is not known to the client).
	UserID string

	// Warnings are what start-up found worth saying (a config file others can read,
	// an unknown key): the status bar shows them until the first key.
	Warnings []string

	// Index is the local index of the location (nil: none): folders and pages are
	// painted from it at once and read again, what is read is written into it, ctrl+p
	// searches it, and a crawl fills it (cache.go, crawl.go, goto.go).
	Index *index.Store
	// AutoIndex crawls the location into Index by itself at start when the index was
	// never built, was left part way or is a day old; without it a crawl starts from
	// the palette, or when "go to anything" first opens on an index never built.
	AutoIndex bool
	// Redirects is where the location's bulk redirect journals and versions live,
	// shared with the command line's import and restore; zero: the browser offers
	// neither.
	Redirects redirectplan.State
	// Switcher lists the profiles and sub-accounts this browser can switch to, and
	// opens one (C, or "Switch profile" in the palette); nil: no switching. Account is
	// the name (in the switcher's list) of the one shown at start.
	Switcher Switcher
	Account  string
	// Remote is set when the browser is shown over the team server's ssh (nil:
	// a local terminal).
	Remote *Remote

	// For tests.
	Debounce       time.Duration       // wait after a step is selected before its pages load; 0 → 100 ms, <0 → none
	PathCheckDelay time.Duration       // wait after a step path is typed before it is checked; 0 → 300 ms, <0 → none
	Now            func() time.Time    // clock of the status bar; nil → time.Now
	ProgramOptions []tea.ProgramOption // extra options for Run's tea.Program
}

// defaultDebounce is how long a step must stay selected before its pages are asked
// for: long enough that holding j sends one request, short enough not to be noticed.
const defaultDebounce = 100 * time.Millisecond

// Model is the root model: it owns the focus, the layout, the three panes, the stack
// of bodies over them (body.go), the overlay (help, palette, the forms) and the status
// bar, and it is the only place messages are routed.
type Model struct {
	opts     Options
	sh       *shared
	client   *client.Client
	focus    int
	lay      layout
	wants    [paneCount]paneWant // what the panes' rows needed when lay was made
	entities *entitiesPane
	steps    *stepsPane
	pages    *pagesPane
	bodies   []body // what fills the screen: the browser at the bottom, the one on top shown
	overlay  modal
	status   statusBar
	pageDocs map[string]*pageDetail // page records already read, by id
	seq      uint64
	spinning bool
	mouse    bool
	debounce time.Duration

	redirects     *redirectsView // the Redirects view (U), once opened; it keeps its list when closed
	reqlog        requestLog     // every request of the session (L)
	history       eventHistory   // every test conversion event (H)
	reloadPages   stepKey        // the step whose pages reload once its funnel has been read again
	resizeSeq     uint64         // the latest resize, whose settling redraws the screen (redraw.go)
	fallbackNoted bool           // the status bar said why the folders look different (once, until r)
	unsentCopy    string         // a copy the terminal may not have been sent yet (clipboard.go)

	account    string                             // the switcher's name of what is shown
	switchSeq  uint64                             // the switch asked for last, until its client comes (switch.go)
	clients    []*client.Client                   // every client shown this session, for Run to wait on
	subscribe  func(*client.Client) (stop func()) // forwards a client's events to the program (set by Run)
	stopEvents func()                             // ends the current client's forwarding
	idx        *indexState                        // the local index, when there is one (cache.go)
	across     gotoAcross                         // go to anything's scope "all sub-accounts" (goto_all.go)
}

// New builds the browser. Nothing is requested until Init.
func New(opts Options) *Model {
	sh := newShared(opts)
	m := &Model{
		opts:     opts,
		sh:       sh,
		client:   opts.Client,
		entities: newEntitiesPane(sh),
		steps:    newStepsPane(sh),
		pages:    newPagesPane(sh),
		pageDocs: map[string]*pageDetail{},
		mouse:    opts.Mouse,
		debounce: opts.Debounce,
	}
	if m.debounce == 0 {
		m.debounce = defaultDebounce
	}
	m.bodies = []body{browser{m}}
	if opts.Index != nil {
		m.idx = &indexState{store: opts.Index}
	}
	m.account = opts.Account
	m.status = statusBar{sh: sh, profile: sanitize(opts.Profile), location: sanitize(opts.LocationID), locationID: opts.LocationID}
	if opts.Remote != nil {
		m.status.sharing = opts.Remote.Sharing
	}
	if m.status.profile == "" {
		m.status.profile = "default"
	}
	if opts.Client != nil {
		m.clients = []*client.Client{opts.Client}
		m.status.rate = opts.Client.Rate()
		m.status.inFlight = opts.Client.InFlight()
		m.status.readOnly = opts.Client.ReadOnly()
		sh.setReadOnly(opts.Client.ReadOnly())
		sh.setAccess(opts.Client.Access())
	}
	if len(opts.Warnings) > 0 {
		m.status.setWarn("warning: " + sanitize(strings.Join(opts.Warnings, "; ")))
	}
	m.sync()
	return m
}

// Init asks for the root folder and, unless a theme is forced, the terminal's
// background colour.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.loadFolder()}
	if m.idx != nil && m.client != nil {
		cmds = append(cmds, readIndexState(m.sh.ctx, m.idx.store))
	}
	if t := m.opts.Theme; t != "dark" && t != "light" {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	return tea.Batch(cmds...)
}

// next is the sequence number of a new request.
func (m *Model) next() uint64 {
	m.seq++
	return m.seq
}

// Update routes a message: data and events to their owners, keys to the overlay or
// else the body on top (body.go).
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	cmd = tea.Batch(cmd, m.sync(), m.spin())
	m.status.cache = m.cacheBadge()
	m.fitPanes()
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	m.notePassing(msg)
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		first := m.sh.width == 0 && m.sh.height == 0
		m.sh.width, m.sh.height = msg.Width, msg.Height
		m.relayout()
		settle := m.resized(first)
		if f := m.shownForm(); f != nil {
			return tea.Batch(f.Resize(), settle)
		}
		return settle
	case resizeSettledMsg:
		return m.settled(msg)
	case tea.BackgroundColorMsg:
		m.sh.bgDark = msg.IsDark()
		m.restyle()
	case tea.ColorProfileMsg:
		m.sh.noColor = msg.Profile == colorprofile.NoTTY || msg.Profile == colorprofile.ASCII
		m.restyle()
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		return m.paste(msg)
	case tea.MouseWheelMsg:
		m.wheel(tea.Mouse(msg))
	case tea.MouseClickMsg:
		m.click(tea.Mouse(msg))
	case spinner.TickMsg:
		if !m.busy() {
			m.spinning = false
			return nil
		}
		var cmd tea.Cmd
		m.sh.spinner, cmd = m.sh.spinner.Update(msg)
		return cmd
	case entitiesMsg:
		if m.entities.apply(msg) {
			save := m.savedFolder(msg)
			if msg.err != nil {
				m.status.setErr(msg.err)
				if msg.rows == nil {
					return save
				}
			}
			if msg.note != "" && !m.fallbackNoted && msg.err == nil {
				// Once a session (and after r): the folders look different from the
				// web app's, and why.
				m.fallbackNoted = true
				m.status.setNotice(msg.note)
			}
			cmds := []tea.Cmd{save}
			if len(msg.summaries) > 0 && m.client != nil {
				seq := m.next()
				m.entities.folders[msg.folderID].stepsSeq = seq
				cmds = append(cmds, loadFolderSteps(m.sh.ctx, m.client, msg.folderID, msg.summaries, seq))
			}
			if m.reloadPages != (stepKey{}) {
				cmds = append(cmds, m.reloadPagesNow())
			}
			return tea.Batch(cmds...)
		}
	case folderStepsMsg:
		if m.entities.applySteps(msg) {
			return m.savedSteps(msg)
		}
	case loadPagesMsg:
		if m.pages.awaiting(msg.key, msg.seq) {
			return tea.Batch(loadPages(m.pages.loadContext(msg.key), m.client, msg.key, m.pages.step, msg.seq),
				m.cachedPages(msg.key, msg.seq))
		}
	case pagesMsg:
		if m.pages.apply(msg) {
			if msg.err != nil {
				m.status.setErr(msg.err)
			}
			return m.savedPages(msg)
		}
	case redirectsMsg:
		if m.redirects != nil && m.redirects.apply(msg) {
			if msg.err != nil {
				m.status.setErr(msg.err)
			}
			return m.savedRedirects(msg)
		}
	case cacheMsg:
		return m.cacheUpdate(msg)
	case pageMsg:
		m.pageRead(msg)
	case eventMsg:
		if msg.from != nil && msg.from != m.client {
			// A client switched away from: its requests stay in the session's log,
			// its rate limit, access and work in flight are not this location's.
			if f, ok := msg.ev.(client.RequestFinished); ok {
				m.reqlog.add(f.Record)
			}
			return nil
		}
		if a, ok := msg.ev.(client.AccessEvent); ok {
			m.sh.setAccess(a.Access)
		}
		m.status.event(msg.ev)
		if f, ok := msg.ev.(client.RequestFinished); ok {
			m.reqlog.add(f.Record) // the crawl's too, marked as its
		}
		return m.clock()
	case answerMsg:
		return m.answered(msg)
	case bulkMsg:
		return m.bulkUpdate(msg)
	case versionsMsg:
		msg.view.fill(msg)
	case peopleChangesMsg:
		msg.view.fill(msg)
	case switchedMsg:
		return m.switched(msg)
	case clockMsg:
		m.status.ticking = false
		return m.clock()
	case openedMsg:
		if msg.err != nil {
			m.status.setWarn("could not open a browser: " + sanitize(msg.err.Error()))
		}
	default:
		if m.overlay != nil {
			return m.updateOverlay(msg)
		}
	}
	return nil
}

// key handles a key press.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.sh.keys
	if msg.String() == "ctrl+c" {
		return m.quit()
	}
	if key.Matches(msg, k.Redraw) {
		return redrawWhole()
	}
	m.status.keyPressed()
	if m.overlay != nil {
		return m.updateOverlay(msg)
	}
	return m.bodyKey(msg)
}

// sharedKey runs a key the body on top passed on: the plain keys that work alike in
// every body (quit, help, palette, switch, go to, refresh), then the keys of the
// action table where the screen is (at: the body's actionScope). ok says msg was one.
func (m *Model) sharedKey(msg tea.KeyPressMsg, at scope) (cmd tea.Cmd, ok bool) {
	k := m.sh.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit(), true
	case key.Matches(msg, k.Help):
		m.overlay = newHelpOverlay(m.sh)
		return nil, true
	case key.Matches(msg, k.Palette):
		return m.openPalette(), true
	case key.Matches(msg, k.Switch):
		return m.openSwitcher(), true
	case key.Matches(msg, k.GoTo):
		return m.openGoto(), true
	case key.Matches(msg, k.Refresh):
		return m.refresh(), true
	}
	return m.actionKey(msg, at)
}

// updateOverlay gives msg to the overlay and closes it when it is done.
func (m *Model) updateOverlay(msg tea.Msg) tea.Cmd {
	ov := m.overlay
	cmd, done := ov.update(m, msg)
	if done && m.overlay == ov {
		m.overlay = nil
	}
	if v, ok := ov.(*textView); ok && done {
		v.req.stop() // closed before its answer came: the request is no longer needed
	}
	return cmd
}

// paste goes to whatever input has focus.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	if m.overlay != nil {
		return m.updateOverlay(msg)
	}
	return m.top().paste(msg)
}
