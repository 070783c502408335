package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/check"
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
	// KeepOut are directories the browser never writes a file in, an export's
	// included: funnels' own settings and state (the sign-ins, a team server's
	// people), whatever name is typed.
	KeepOut []string
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
	// Check is how the Health view's check reaches the public pages (address
	// overrides, authorities to trust, the per-host limit); nil: the checker's
	// defaults, every name looked up.
	Check *check.Options
	// CheckOff is why the Health view may not run a check here ("" when it may): it
	// lists the check kept beside the index (a watch's, the command line's) and says
	// why instead of checking. The team server sets it from the check's record.
	CheckOff string
	// CheckProxy is the proxy the environment names for an address, which the Health
	// view's check does not go through (it asks each site directly): said beside the
	// findings when no address met a server. nil or "": none.
	CheckProxy func(address string) string

	// For tests.
	Debounce       time.Duration       // wait after a step is selected before its pages load; 0 → 100 ms, <0 → none
	PathCheckDelay time.Duration       // wait after a step path is typed before it is checked; 0 → 300 ms, <0 → none
	Now            func() time.Time    // clock of the status bar; nil → time.Now
	ProgramOptions []tea.ProgramOption // extra options for Run's tea.Program
}

// defaultDebounce is how long a step must stay selected before its pages are asked
// for: long enough that holding j sends one request, short enough not to be noticed.
const defaultDebounce = 100 * time.Millisecond

// Model is the root model: it owns the stack of bodies (stack.go) — the browser's
// panes at the bottom, what is pushed over them above — the overlay (help, palette,
// the forms), the layout and the status bar. It routes every message (update.go): a
// key to the overlay or the body on top, the answer a body asked for to that body,
// the rest to what the root keeps itself. It embeds the browser at the bottom of its
// stack, whose panes go to anything moves (goto_nav.go).
type Model struct {
	*browser

	opts     Options
	sh       *shared
	client   *client.Client
	lay      layout
	bodies   []body // what fills the screen: the browser at the bottom, the one on top shown
	overlay  modal
	status   statusBar
	spinning bool
	mouse    bool

	redirects  *redirectsView // the Redirects view (U), once opened; it keeps its list when closed
	reqlog     requestLog     // every request of the session (L)
	history    eventHistory   // every test conversion event (H)
	resizeSeq  uint64         // the latest resize, whose settling redraws the screen (redraw.go)
	unsentCopy string         // a copy the terminal may not have been sent yet (clipboard.go)

	account    string                             // the switcher's name of what is shown
	switchSeq  uint64                             // the switch asked for last, until its client comes (switch.go)
	clients    []*client.Client                   // every client shown this session, for Run to wait on
	subscribe  func(*client.Client) (stop func()) // forwards a client's events to the program (set by Run)
	stopEvents func()                             // ends the current client's forwarding
	idx        *indexState                        // the local index, when there is one (cache.go)
	across     gotoAcross                         // go to anything's scope "all sub-accounts" (goto_all.go)
	gotoHealth gotoHealthState                    // … and its scope "health" (goto_health.go)
	// healthWaiting is a finding of another sub-account to act on once the switch to
	// it is done (health_root.go).
	healthWaiting *healthPending
}
