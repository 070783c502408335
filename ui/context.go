package ui

import (
	"context"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	"charm.land/huh/v2"

	"github.com/funnelsdev/funnels/client"
)

// shared is what every part of the view needs and the root model owns: the terminal
// size, the theme and the styles built from it, the keys, the clock, and the spinner
// frame of the moment. Panes and overlays hold a pointer to the one instance (as
// gh-dash's ProgramContext and soft-serve's common.Common do), so a resize or a
// theme change reaches all of them at once.
type shared struct {
	width, height int

	themeSetting string // "auto", "dark" or "light"
	bgDark       bool   // what the terminal said about its background; dark until it answers
	noColor      bool   // Bubble Tea chose a colour profile without colours
	theme        Theme
	styles       Styles
	formStyles   *huh.Styles // the forms' huh styles, built with styles

	keys    KeyMap
	access  client.Access // what this sign-in may use, family by family (access.go)
	now     func() time.Time
	ctx     context.Context // cancels the client calls of commands when the program ends
	spinner spinner.Model
	help    help.Model // the footer's short help, styled by restyle
}

func newShared(opts Options) *shared {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	sh := &shared{
		themeSetting: opts.Theme,
		bgDark:       true,
		keys:         DefaultKeys(),
		now:          now,
		ctx:          context.Background(),
		spinner:      spinner.New(spinner.WithSpinner(spinner.MiniDot)),
	}
	sh.restyle()
	return sh
}

// restyle rebuilds theme and styles; it runs at start and when the background or the
// colour profile becomes known, never per frame.
func (sh *shared) restyle() {
	sh.theme = newTheme(isDarkTheme(sh.themeSetting, sh.bgDark))
	sh.styles = newStyles(sh.theme, sh.noColor)
	sh.formStyles = newFormStyles(sh.theme, sh.noColor)
	sh.spinner.Style = sh.styles.Marker
	sh.help = help.New()
	sh.help.ShortSeparator = " · "
	sh.help.Styles.ShortKey = sh.styles.FooterKey
	sh.help.Styles.ShortDesc = sh.styles.FooterDesc
	sh.help.Styles.ShortSeparator = sh.styles.FooterSep
	sh.help.Styles.Ellipsis = sh.styles.FooterSep
}
