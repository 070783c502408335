package ui

import (
	"context"
	"errors"
	"strings"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// Starting the browser: New builds the root model with its shared state and the
// browser at the bottom of its stack, Init asks for the first folder, and Run shows
// it until the user quits.

// New builds the browser. Nothing is requested until Init.
func New(opts Options) *Model {
	if opts.Debounce == 0 {
		opts.Debounce = defaultDebounce
	}
	sh := newShared(opts)
	m := &Model{opts: opts, sh: sh, client: opts.Client, mouse: opts.Mouse}
	if opts.Index != nil {
		m.idx = newIndexState(opts.Index)
	}
	m.browser = newBrowser(sh, opts.Client, m.idx.local(), opts.Debounce)
	m.bodies = []body{m.browser}
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
	m.browser.sync()
	return m
}

// Init asks for the root folder and, unless a theme is forced, the terminal's
// background colour.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.browser.loadFolder()}
	if m.idx != nil && m.client != nil {
		cmds = append(cmds, readIndexState(m.sh.ctx, m.idx.store))
	}
	if t := m.opts.Theme; t != "dark" && t != "light" {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	return tea.Batch(cmds...)
}

// newShared is the state every part shares, in the options' theme and clock, with
// every action's key on until the client says it is read-only.
func newShared(opts Options) *shared {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	sh := &shared{
		themeSetting:   opts.Theme,
		bgDark:         true,
		now:            now,
		pathCheckDelay: opts.PathCheckDelay,
		remote:         opts.Remote != nil,
		ctx:            context.Background(),
		spinner:        spinner.New(spinner.WithSpinner(spinner.MiniDot)),
	}
	sh.setReadOnly(false)
	sh.restyle()
	sh.newLocation()
	return sh
}

// settleWait bounds how long Run waits, after the program ended, for a token refresh
// that was already sent to finish and be saved (its own timeouts end it sooner).
const settleWait = time.Minute

// How many frames a second the screen may be drawn. In a terminal of this machine,
// Bubble Tea's most: a key reaches the screen in half the wait of its default 60 (8 ms
// at worst, not 17), for a third more of the little an idle screen costs (0.8 → 1.2%
// of a core: the CPU time of an idle browser over 30 s, read from /proc; a frame is
// written only when the view changed). Over the team server
// the network's delay is far more than a frame, and twenty idle sessions would cost
// the server a tenth of a core more, so a session keeps the default.
const (
	localFrameRate  = 120
	remoteFrameRate = 60
)

// frameRate is how many frames a second this screen may be drawn in.
func (sh *shared) frameRate() int { return pick(sh.remote, remoteFrameRate, localFrameRate) }

// frameTime is the time between two frames the screen may be drawn in.
func (sh *shared) frameTime() time.Duration { return time.Second / time.Duration(sh.frameRate()) }

// Run shows the browser until the user quits (nil) or ctx ends. Every request still
// under way then is called off; Run returns once they have ended (of every client
// switched to), so that a token
// refresh already sent is finished and saved before the process can exit (a refresh
// lost half-way leaves a refresh token the service has already rotated).
func Run(ctx context.Context, opts Options) error {
	if opts.Client == nil {
		return errors.New("ui: no client")
	}
	loads, cancel := context.WithCancel(ctx)
	defer cancel()
	m := New(opts)
	m.sh.setContext(loads)
	popts := append([]tea.ProgramOption{tea.WithContext(ctx), tea.WithFPS(m.sh.frameRate())}, opts.ProgramOptions...)
	p := tea.NewProgram(m, popts...)
	attachRemote(opts.Remote, p.Send)
	m.subscribe = func(c *client.Client) func() { return forwardEvents(c, p.Send) }
	m.stopEvents = m.subscribe(opts.Client)
	_, err := p.Run()
	m.stopEvents()
	cancel()
	settle, done := context.WithTimeout(context.WithoutCancel(ctx), settleWait)
	defer done()
	for _, c := range m.clients { // every location shown: a refresh of any may be under way
		_ = c.Idle(settle)
	}
	return err
}

// forwardEvents subscribes to the client's events (rate limit, retries, requests
// started and finished) and hands each to send as a message of the browser, from
// its own goroutine: the client calls subscribers on its request goroutines, and a
// busy or finished program must never hold a request up. Call stop to unsubscribe.
func forwardEvents(c *client.Client, send func(tea.Msg)) (stop func()) {
	q := newEventQueue()
	unsubscribe := c.Subscribe(q.push)
	go q.run(func(e client.Event) { send(eventMsg{ev: e, from: c}) })
	return func() {
		unsubscribe()
		q.close()
	}
}
