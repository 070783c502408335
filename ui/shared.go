package ui

import (
	"context"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/ui/form"
)

// shared is what every part of the view needs and the root model owns: the terminal
// size, the theme and the styles built from it, the keys, the clock, and the spinner
// frame of the moment. Panes and overlays hold a pointer to the one instance (as
// gh-dash's ProgramContext and soft-serve's common.Common do), so a resize or a
// theme change reaches all of them at once.
type shared struct {
	width, height int
	// bodyRows is the rows between the header and the footer as the layout last
	// placed them: fewer than height-chromeRows while the status bar takes two lines.
	bodyRows int

	themeSetting string // "auto", "dark" or "light"
	bgDark       bool   // what the terminal said about its background; dark until it answers
	noColor      bool   // Bubble Tea chose a colour profile without colours
	theme        Theme
	styles       Styles
	formLook     form.Look // how the forms are drawn, built with styles

	keys     KeyMap        // the plain keys, and the table's keys that footers and views name
	actions  []action      // the action table (action_table.go), its writes' keys off when read-only
	readOnly bool          // the client refuses writes: so does every key, the palette and the help
	remote   bool          // shown over the team server (Options.Remote): what uses the machine is off (remote.go)
	access   client.Access // what this sign-in may use, family by family (access.go)
	now      func() time.Time
	ctx      context.Context // cancels the client calls of commands when the program ends
	// loads is the parent of every load (lists, a page, a lookup's read) of the
	// location shown; switching to another location cancels it, so nothing asked for
	// the old one runs on.
	loads       context.Context
	cancelLoads context.CancelFunc
	spinner     spinner.Model
	help        help.Model // the footer's short help, styled by restyle

	// changed marks the items new or changed in the last crawl, by id
	// (changes_marks.go); nil when nothing is known.
	changed map[string]rowMark
	// health marks the steps, funnels and redirects the last check found broken or
	// worth a look, by id (health_marks.go); nil when nothing is known.
	health map[string]rowMark

	// applying is true while an import or restore is being sent: one at a time.
	applying bool

	// seq is the number of the session's last request: every load and send takes the
	// next, so an answer names the request it answers (next).
	seq uint64

	pathCheckDelay time.Duration // Options.PathCheckDelay: the wait before a typed step path is checked (pathDelay)
}

// next is the number of a new request.
func (sh *shared) next() uint64 {
	sh.seq++
	return sh.seq
}

// setContext makes ctx (the program's) the parent of every command's calls.
func (sh *shared) setContext(ctx context.Context) {
	sh.ctx = ctx
	sh.newLocation()
}

// newLocation cancels every load of the location shown until now and starts the
// context of the next one's.
func (sh *shared) newLocation() {
	if sh.cancelLoads != nil {
		sh.cancelLoads()
	}
	sh.loads, sh.cancelLoads = context.WithCancel(sh.ctx)
}

// restyle rebuilds theme and styles; it runs at start and when the background or the
// colour profile becomes known, never per frame.
func (sh *shared) restyle() {
	sh.theme = newTheme(isDarkTheme(sh.themeSetting, sh.bgDark))
	if sh.noColor {
		sh.theme = monochrome(sh.theme.Dark)
	}
	sh.styles = newStyles(sh.theme, sh.noColor)
	sh.formLook = newFormLook(sh.theme, &sh.styles, sh.noColor)
	sh.spinner.Style = sh.styles.Marker
	sh.help = help.New()
	sh.help.ShortSeparator = " · "
	sh.help.Styles.ShortKey = sh.styles.FooterKey
	sh.help.Styles.ShortDesc = sh.styles.FooterDesc
	sh.help.Styles.ShortSeparator = sh.styles.FooterSep
	sh.help.Styles.Ellipsis = sh.styles.FooterSep
}

// bodyHeight is the rows a view or overlay may fill between the header and the
// footer: the layout's, or before the first layout, all but the chrome.
func (sh *shared) bodyHeight() int {
	if sh.bodyRows > 0 {
		return sh.bodyRows
	}
	return sh.height - chromeRows
}
