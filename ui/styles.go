package ui

import (
	"strings"
	"sync/atomic"

	"charm.land/lipgloss/v2"

	"github.com/funnelsdev/funnels/ui/form"
)

// Styles are every style the views use, built once per theme (and again only when
// the theme or the colour profile changes) — never inside View or a row loop.
type Styles struct {
	NoColor bool // the terminal shows no colours: selection falls back to reverse video

	// Header line: app name and breadcrumb.
	AppName, Crumb, CrumbSep, CrumbHere lipgloss.Style

	// Pane frames.
	Border, BorderFocused       lipgloss.Style // the box-drawing characters
	Title, TitleFocused         lipgloss.Style
	TitleInfo                   lipgloss.Style // context after the title ("· Spring Sale 2026")
	FilterPrompt, FilterText    lipgloss.Style
	Position, PositionFiltering lipgloss.Style // "3/12" in the bottom border

	// Rows.
	Row, RowMuted, RowFaint      lipgloss.Style
	Selected, SelectedBlur       lipgloss.Style // the whole selected row
	Marker                       lipgloss.Style // "▸ " of the focused pane's selection
	Folder, Badge, Split, Status lipgloss.Style
	Archived                     lipgloss.Style
	// The glyph of a row new (+) or changed (•) since the crawl before the last.
	ChangeNew, ChangeChanged lipgloss.Style
	// HealthBroken and HealthWarning mark what the last check found broken or worth a
	// look (health_marks.go).
	HealthBroken, HealthWarning lipgloss.Style

	// Pane states.
	Empty, Loading, Error, Hint lipgloss.Style

	// Footer (short help).
	FooterKey, FooterDesc, FooterSep lipgloss.Style

	// Status bar segments.
	Bar, BarProfile, BarError, BarInfo, BarWarn, BarRate, BarRateLow, BarBusy lipgloss.Style

	// Overlays: help, palette, page detail.
	Box, BoxTitle, GroupTitle, HelpKey, HelpDesc lipgloss.Style
	DetailKey, DetailValue, DetailSection        lipgloss.Style
	Notice                                       lipgloss.Style

	// gen is different for every newStyles: the view's caches (viewcache.go) key what
	// they drew on it, so a new theme or colour profile redraws everything.
	gen uint64
	// p holds the styles of every frame as paints (below). A pointer, because Styles
	// is copied by value in many places and should stay cheap to copy.
	p *paints
}

// styleGen numbers the Styles built, for Styles.gen.
var styleGen atomic.Uint64

// newStyles builds the styles of a theme. noColor is true when Bubble Tea chose a
// profile without colours (NO_COLOR, a dumb terminal): colours would vanish, so the
// selection is drawn in reverse video, and the "▸" marker keeps it visible either way.
func newStyles(t Theme, noColor bool) Styles {
	n := lipgloss.NewStyle
	s := Styles{NoColor: noColor}

	s.AppName = n().Foreground(t.OnAccent).Background(t.Accent).Bold(true).Padding(0, 1)
	s.Crumb = n().Foreground(t.Muted)
	s.CrumbSep = n().Foreground(t.Faint)
	s.CrumbHere = n().Foreground(t.Text).Bold(true)

	s.Border = n().Foreground(t.Border)
	s.BorderFocused = n().Foreground(t.Accent)
	s.Title = n().Foreground(t.Muted).Bold(true)
	s.TitleFocused = n().Foreground(t.Accent).Bold(true)
	s.TitleInfo = n().Foreground(t.Muted)
	s.FilterPrompt = n().Foreground(t.Accent).Bold(true)
	s.FilterText = n().Foreground(t.Text)
	s.Position = n().Foreground(t.Faint)
	s.PositionFiltering = n().Foreground(t.Accent)

	s.Row = n().Foreground(t.Text)
	s.RowMuted = n().Foreground(t.Muted)
	s.RowFaint = n().Foreground(t.Faint)
	s.Marker = n().Foreground(t.Accent).Bold(true)
	s.Folder = n().Foreground(t.Accent).Bold(true)
	s.Badge = n().Foreground(t.Muted)
	s.Split = n().Foreground(t.Highlight).Bold(true)
	s.Status = n().Foreground(t.OK)
	s.Archived = n().Foreground(t.Faint).Italic(true)
	s.ChangeNew = n().Foreground(t.OK).Bold(true)
	s.ChangeChanged = n().Foreground(t.Highlight).Bold(true)
	s.HealthBroken = n().Foreground(t.Error).Bold(true)
	s.HealthWarning = n().Foreground(t.Warn).Bold(true)
	if noColor {
		s.TitleFocused = n().Bold(true).Reverse(true) // the focused pane, without its accent colour
		s.Selected = n().Bold(true).Reverse(true)
		s.SelectedBlur = n().Bold(true)
		s.Archived = n().Faint(true)
	} else {
		s.Selected = n().Foreground(t.SelectFg).Background(t.SelectBg).Bold(true)
		s.SelectedBlur = n().Foreground(t.Text).Background(t.BlurBg)
	}

	s.Empty = n().Foreground(t.Muted).Italic(true)
	s.Loading = n().Foreground(t.Muted)
	s.Error = n().Foreground(t.Error).Bold(true)
	s.Hint = n().Foreground(t.Muted)

	s.FooterKey = n().Foreground(t.Accent).Bold(true)
	s.FooterDesc = n().Foreground(t.Muted)
	s.FooterSep = n().Foreground(t.Faint)

	s.Bar = n().Foreground(t.BarFg).Background(t.BarBg)
	s.BarProfile = n().Foreground(t.OnAccent).Background(t.Accent).Bold(true)
	s.BarError = n().Foreground(t.Error).Background(t.BarBg).Bold(true)
	s.BarInfo = n().Foreground(t.OK).Background(t.BarBg)
	s.BarWarn = n().Foreground(t.Warn).Background(t.BarBg).Bold(true)
	s.BarRate = n().Foreground(t.BarFg).Background(t.BarBg)
	s.BarRateLow = n().Foreground(t.Warn).Background(t.BarBg).Bold(true)
	s.BarBusy = n().Foreground(t.Accent).Background(t.BarBg)
	if noColor {
		s.AppName = n().Bold(true).Reverse(true).Padding(0, 1) // the title badge, still a badge
		s.BarProfile = n().Bold(true).Reverse(true)
		s.BarError = n().Bold(true)
	}

	s.Box = n().Foreground(t.Accent)
	s.BoxTitle = n().Foreground(t.Accent).Bold(true)
	s.GroupTitle = n().Foreground(t.Text).Bold(true).Underline(true)
	s.HelpKey = n().Foreground(t.Accent).Bold(true)
	s.HelpDesc = n().Foreground(t.Text)
	s.DetailKey = n().Foreground(t.Muted)
	s.DetailValue = n().Foreground(t.Text)
	s.DetailSection = n().Foreground(t.Accent).Bold(true)
	s.Notice = n().Foreground(t.Warn).Bold(true)

	s.gen = styleGen.Add(1)
	s.p = newPaints(&s)
	return s
}

// paint is a style reduced to the two escape sequences it puts around a line of text.
// Style.Render looks at every property of the style on each call (borders, margins,
// padding, width, alignment) and costs microseconds; for a style of colours and
// attributes only, it always wraps one line in the same prefix and suffix. newPaint
// takes those from Render itself and checks them against Render on sample text; a
// style for which that does not hold, and text with tabs or line breaks, go through
// Render as before. Either way the bytes are exactly Render's.
type paint struct {
	style     lipgloss.Style
	pre, post string
	fast      bool
}

func newPaint(s lipgloss.Style) paint {
	p := paint{style: s}
	if s.GetWidth() != 0 || s.GetHeight() != 0 || s.GetMaxWidth() != 0 || s.GetMaxHeight() != 0 ||
		s.GetHorizontalFrameSize() != 0 || s.GetVerticalFrameSize() != 0 ||
		s.GetUnderline() || s.GetStrikethrough() || s.GetTransform() != nil {
		return p
	}
	if link, _ := s.GetHyperlink(); link != "" {
		return p
	}
	const probe = "probe"
	r := s.Render(probe)
	i := strings.Index(r, probe)
	if i < 0 {
		return p
	}
	pre, post := r[:i], r[i+len(probe):]
	for _, t := range []string{"", " ", "a  b ", "╭─ 3/12 ─╯", "Spring Sale 2026 · ▸ …", "\x1b[1mx\x1b[m"} {
		if s.Render(t) != pre+t+post {
			return p
		}
	}
	p.pre, p.post, p.fast = pre, post, true
	return p
}

// render is style.Render(s).
func (p *paint) render(s string) string {
	if !p.fast || strings.ContainsAny(s, "\t\r\n") {
		return p.style.Render(s)
	}
	return p.pre + s + p.post
}

// paints are the styles drawn in every frame (borders, the selection, the status bar,
// the header, pane states), with the pieces that never change already drawn.
type paints struct {
	border, borderFocused, title, titleFocused, titleInfo            paint
	position, positionFiltering                                      paint
	marker, rowMuted, rowFaint, selected, selectedBlur               paint
	row, badge, archived                                             paint // go to anything's rows, drawn whole every frame
	empty, loading, errorText, hint                                  paint
	crumb, crumbSep, crumbHere                                       paint
	bar, barProfile, barError, barInfo, barWarn, barRate, barRateLow paint

	markerFocused, markerBlurred string // " ▸ " of the selected row, focused or not
	// The marker of a row new or changed since the crawl before the last: its glyph
	// in the marker's first cell, then the rest of the marker.
	markNew, markChanged                 string
	markBroken, markWarning              string // ✗ and ⚠ of the last check, in the same cell
	markerFocusedTail, markerBlurredTail string // "▸ "
}

func newPaints(s *Styles) *paints {
	p := &paints{
		border: newPaint(s.Border), borderFocused: newPaint(s.BorderFocused), titleInfo: newPaint(s.TitleInfo),
		title: newPaint(s.Title), titleFocused: newPaint(s.TitleFocused),
		position: newPaint(s.Position), positionFiltering: newPaint(s.PositionFiltering),
		marker: newPaint(s.Marker), rowMuted: newPaint(s.RowMuted), rowFaint: newPaint(s.RowFaint),
		selected: newPaint(s.Selected), selectedBlur: newPaint(s.SelectedBlur),
		empty: newPaint(s.Empty), loading: newPaint(s.Loading), errorText: newPaint(s.Error), hint: newPaint(s.Hint),
		crumb: newPaint(s.Crumb), crumbSep: newPaint(s.CrumbSep), crumbHere: newPaint(s.CrumbHere),
		bar: newPaint(s.Bar), barProfile: newPaint(s.BarProfile), barError: newPaint(s.BarError),
		barInfo: newPaint(s.BarInfo), barWarn: newPaint(s.BarWarn), barRate: newPaint(s.BarRate),
		barRateLow: newPaint(s.BarRateLow),
		row:        newPaint(s.Row), badge: newPaint(s.Badge), archived: newPaint(s.Archived),
	}
	p.markerFocused = s.Marker.Render(" ▸ ")
	p.markerBlurred = s.RowMuted.Render(" ▸ ")
	p.markNew, p.markChanged = s.ChangeNew.Render(changeGlyphNew), s.ChangeChanged.Render(changeGlyphChanged)
	p.markBroken, p.markWarning = s.HealthBroken.Render(healthGlyphBroken), s.HealthWarning.Render(healthGlyphWarning)
	p.markerFocusedTail, p.markerBlurredTail = s.Marker.Render("▸ "), s.RowMuted.Render("▸ ")
	return p
}

// paints returns the paints of st, building them when st was not made by newStyles.
func (st *Styles) paints() *paints {
	if st.p == nil {
		return newPaints(st)
	}
	return st.p
}

// newFormLook is the look of the forms in the theme of t, built with the browser's
// styles (restyle), never per frame.
func newFormLook(t Theme, st *Styles, noColor bool) form.Look {
	c := form.Colors{Dark: t.Dark, Text: t.Text, Muted: t.Muted, Faint: t.Faint, Accent: t.Accent,
		OnAccent: t.OnAccent, BlurBg: t.BlurBg, OK: t.OK, Error: t.Error}
	return form.Look{Huh: form.HuhStyles(c, noColor),
		Hint: st.Hint, Error: st.Error, Notice: st.Notice, Loading: st.Loading, Status: st.Status}
}

// The glyphs of a row new or changed since the crawl before the last, and of one
// the last check found broken or worth a look.
const (
	changeGlyphNew     = "+"
	changeGlyphChanged = "•"
	healthGlyphBroken  = "✗"
	healthGlyphWarning = "⚠"
)
