package ui

import (
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
)

// statusBar is the last line: who and where (profile and location), "read-only" when
// writes are off, the rate limit as remaining/limit with the seconds to its reset,
// the requests in flight, and one
// message — the last error with its status code, a 429 countdown, or what a key just
// did ("copied to clipboard: …"). Messages last until the next key; one too long for
// the line takes a second (the panes give up a row), and every one is kept whole for
// the messages view (M).
type statusBar struct {
	sh         *shared
	profile    string
	location   string
	rate       client.RateLimit
	inFlight   int
	err        string    // the last error, with its status code
	info       string    // what the last key did
	notice     string    // something to know that is not a failure (why the folders look different)
	retryUntil time.Time // while the client waits out a 429
	retryPath  string    // the request the client is retrying after a 5xx or a dropped connection
	retryErr   string    // what went wrong with it
	ticking    bool      // a clock tick is scheduled
	readOnly   bool      // the client refuses writes: the bar says so, always
	cache      string    // how old the data on screen is when it comes from the local index ("cached 5m ago")
	indexing   string    // how a crawl under way goes ("indexing 42% · 1m left")
	said       statusLog // every message shown this session, whole, for the messages view

	// locationID is the sub-account shown, to ask sharing how many sessions of the
	// team server are on it (sharing nil: the browser is not served).
	locationID string
	sharing    func(location string) int

	// drawn is the screen's chrome as drawn last — the header, the footer and this
	// bar — so a frame that does not change them does not draw them (viewcache.go).
	drawn chromeCache
}

// switchTo shows another profile and location: their own rate limit, requests in
// flight and read-only state; nothing of the old one's retries stays.
func (s *statusBar) switchTo(profile, location string, rate client.RateLimit, inFlight int, readOnly bool) {
	s.profile, s.location, s.rate, s.inFlight, s.readOnly = profile, location, rate, inFlight, readOnly
	s.locationID = location
	s.retryUntil, s.retryPath, s.retryErr, s.err, s.info, s.notice = time.Time{}, "", "", "", "", ""
}

// keyPressed clears the messages of the previous key.
func (s *statusBar) keyPressed() { s.err, s.info, s.notice = "", "", "" }

// setNotice shows something to know that is not a failure.
func (s *statusBar) setNotice(text string) {
	s.notice, s.err, s.info = text, "", ""
	s.record(false, 0, text)
}

// setErr shows err as the last error.
func (s *statusBar) setErr(err error) {
	if t := errorText(err); t != "" {
		s.err, s.info = t, ""
		s.record(true, client.StatusCode(err), t)
	}
}

// setInfo shows what a key did.
func (s *statusBar) setInfo(text string) {
	s.info, s.err, s.notice = text, "", ""
	s.record(false, 0, text)
}

// setWarn shows a problem a key ran into that is not a failed request.
func (s *statusBar) setWarn(text string) {
	s.err, s.info = text, ""
	s.record(true, 0, text)
}

// record keeps a message shown for the messages view.
func (s *statusBar) record(failed bool, status int, text string) {
	s.said.add(said{at: s.sh.now(), failed: failed, status: status, text: text})
}

// event takes a client event (the root starts the clock afterwards if needed).
func (s *statusBar) event(ev client.Event) {
	now := s.sh.now()
	switch e := ev.(type) {
	case client.RateEvent:
		s.rate = e.Rate
	case client.RetryEvent:
		if e.Background {
			return // the crawl's own; it waits without the user waiting
		}
		if e.StatusCode == 429 {
			s.retryUntil = now.Add(e.Wait)
			return
		}
		// A 5xx or a dropped connection that the client retries by itself: the user
		// still learns it happened, with its status code.
		s.retryErr = sanitize(e.String())
		if e.StatusCode == 0 {
			s.retryErr = "no answer from server: " + s.retryErr
		}
		s.err, s.info, s.retryPath = s.retryErr, "", e.Path
		s.record(true, e.StatusCode, s.retryErr)
	case client.RequestStarted:
		s.inFlight = e.InFlight - e.Background // the crawl's requests are not the user's to wait for
	case client.RequestFinished:
		s.inFlight = e.InFlight - e.Background
		if e.Record.Status != 0 && e.Record.Status != 429 && !s.retryUntil.IsZero() {
			s.retryUntil = time.Time{}
		}
		path, _, _ := strings.Cut(e.Record.Path, "?")
		if s.retryPath != "" && path == s.retryPath {
			if s.err == s.retryErr {
				// Nothing is retrying any more: keep what happened on the bar, without a
				// stale "retrying in …" — the retry worked, or the client gave up (the
				// failure itself, when someone waited for it, replaces this line).
				before, _, _ := strings.Cut(s.retryErr, ", retrying")
				switch {
				case e.Record.Err == "":
					s.err = before + " — recovered on retry"
				case e.Record.Canceled:
					s.err = before + " — no longer needed, not retried"
				case e.Record.Status > 0 && e.Record.Status < 500 && e.Record.Status != 429:
					s.err = before + " — the retry answered " + strconv.Itoa(e.Record.Status)
				default:
					s.err = before + " — gave up after " + strconv.Itoa(max(e.Record.Attempts, 2)) + " tries"
				}
				s.record(e.Record.Err != "", e.Record.Status, s.err)
			}
			s.retryPath, s.retryErr = "", ""
		}
	}
}

// needsClock reports whether something on the bar counts down.
func (s *statusBar) needsClock() bool {
	now := s.sh.now()
	return s.rate.ResetIn(now) > 0 || s.retryUntil.After(now)
}

// barMsg is the message the bar shows now and how it is painted.
type barMsg int

const (
	msgBar barMsg = iota
	msgWarn
	msgError
	msgInfo
)

// content is what the bar shows at width: who and where, the figures on the right
// (long, and short for when the message needs the room), and the message.
func (s *statusBar) content(width int) (who, right, short, msg string, kind barMsg) {
	now := s.sh.now()
	who = s.profile
	if s.location != "" {
		who += " · " + s.location
	}
	busy := s.busyText()
	if s.readOnly {
		busy = "read-only · " + busy
	}
	busy = s.indexText() + s.sharingText() + busy
	right = " " + busy + "  " + s.rateText(now, width >= threePaneWidth) + " "
	short = " " + busy + "  " + s.rateText(now, false) + " "
	switch {
	case s.retryUntil.After(now):
		msg, kind = "rate limited — retrying in "+ceilSeconds(s.retryUntil.Sub(now))+"s", msgWarn
	case s.err != "":
		msg, kind = s.err, msgError
	case s.notice != "":
		msg, kind = s.notice, msgWarn
	case s.info != "":
		msg, kind = s.info, msgInfo
	}
	if msg != "" && ansi.StringWidth(who)+2+ansi.StringWidth(right)+ansi.StringWidth(msg)+2 > width {
		// The message needs the room: the figures say less ("97/100 · 7s").
		right = short
	}
	return who, right, short, msg, kind
}

// rows is how many lines the bar takes at width: two while its message does not fit
// beside the profile and the figures (the panes give up a row for it), else one.
func (s *statusBar) rows(width int) int {
	who, right, _, msg, _ := s.content(width)
	if msg == "" {
		return 1
	}
	if _, msgW := s.place(width, who, right, msg); ansi.StringWidth(msg)+1 > msgW {
		return 2
	}
	return 1
}

// view renders the bar as rows lines (the layout's: one, or two for a long message)
// of exactly width cells. The profile and the figures on the right are kept. On two
// lines the message reads as text does, never around the figures: it starts after
// the profile, runs to the end of the first line and on into the second, and the
// figures end the second line; what still does not fit is cut with "…" (the messages
// view has it whole).
func (s *statusBar) view(width, rows int) string {
	st := &s.sh.styles
	p := st.paints()
	who, right, short, msg, kind := s.content(width)
	rateLow := s.rate.Known() && s.rate.Limit > 0 && s.rate.Remaining >= 0 && s.rate.Remaining*10 <= s.rate.Limit

	// Everything above is what the bar shows; it is drawn again only when that changed.
	k := barKey{gen: st.gen, width: width, rows: rows, who: who, profile: s.profile, right: right, short: short, msg: msg, msgKind: int(kind), rateLow: rateLow}
	if c := &s.drawn.bar; c.ok && c.key == k {
		return c.line
	}
	msgStyle := [...]*paint{msgBar: &p.bar, msgWarn: &p.barWarn, msgError: &p.barError, msgInfo: &p.barInfo}[kind]
	rateStyle := pick(rateLow, &p.barRateLow, &p.barRate)
	whoText, msgW := s.place(width, who, right, msg)
	var line string
	if rows < 2 {
		line = s.draw(p, width, whoText, msgW, right, msg, msgStyle, rateStyle)
	} else {
		firstW := width - ansi.StringWidth(whoText) // the first line has no figures
		first, rest := "", msg
		if firstW >= 2 {
			first, rest = splitAt(msg, firstW-1)
		}
		top := fit(p.barProfile.render(whoText)+msgStyle.render(fitCell(" "+first, firstW, false)), width)
		line = top + "\n" + s.draw(p, width, "", width-ansi.StringWidth(right), right, rest, msgStyle, rateStyle)
	}
	s.drawn.bar.ok, s.drawn.bar.key, s.drawn.bar.line = true, k, line
	return line
}

// splitAt cuts text into what fits in w cells, ended at a space where there is one,
// and the rest.
func splitAt(text string, w int) (first, rest string) {
	first = wrapText(text, w)[0]
	if !strings.HasPrefix(text, first) {
		first = ansi.Truncate(text, w, "")
	}
	return first, strings.TrimLeft(text[len(first):], " ")
}

// place is where draw puts things: the profile (and location) as drawn, and the
// cells left for the message. The figures on the right always show, and so do the
// profile and the location while the message keeps minMessage cells — a long
// message is cut (or wrapped) rather than pushing them off. On a bar too short for
// all three, the location gives way first, then the profile.
func (s *statusBar) place(width int, who, right, msg string) (whoText string, msgW int) {
	const minMessage = 24
	room := width - ansi.StringWidth(right)
	for _, cand := range []string{who, s.profile} {
		w := ansi.StringWidth(cand) + 2
		if w <= room && (msg == "" || room-w >= min(minMessage, ansi.StringWidth(msg)+2)) {
			whoText = " " + cand + " "
			break
		}
	}
	if whoText == "" && msg == "" && room > 3 {
		whoText = " " + ansi.Truncate(s.profile, room-2, "…") + " "
	}
	return whoText, room - ansi.StringWidth(whoText)
}

// draw lays one line of the bar out as place said: the profile (whoText), the
// message in msgW cells, cut with "…" when longer, and the figures on the right.
func (s *statusBar) draw(p *paints, width int, whoText string, msgW int, right, msg string, msgStyle, rateStyle *paint) string {
	left := p.barProfile.render(whoText)
	if msgW < 0 {
		// Not even the figures fit: show what does.
		return fit(left+p.bar.render(right), width)
	}
	middle := ""
	if msgW > 0 {
		middle = msgStyle.render(fitCell(" "+msg, msgW, false))
	}
	return fit(left+middle+rateStyle.render(right), width)
}

// indexText is what the bar says of the local index: the age of cached data on
// screen and a crawl under way, each followed by two spaces; "" for neither.
func (s *statusBar) indexText() string {
	out := ""
	if s.cache != "" {
		out += s.cache + "  "
	}
	if s.indexing != "" {
		out += s.indexing + "  "
	}
	return out
}

// busyText says how many requests are under way.
func (s *statusBar) busyText() string {
	switch s.inFlight {
	case 0:
		return "idle"
	case 1:
		return "1 request"
	}
	return strconv.Itoa(s.inFlight) + " requests"
}

// rateText is "97/100 · resets in 7s" (long) or "97/100 · 7s": what is left of the
// rate limit and when it fills up again.
func (s *statusBar) rateText(now time.Time, long bool) string {
	if !s.rate.Known() {
		return "rate –/–"
	}
	num := func(n int) string {
		if n < 0 {
			return "?"
		}
		return strconv.Itoa(n)
	}
	var b strings.Builder
	b.WriteString(num(s.rate.Remaining) + "/" + num(s.rate.Limit))
	if d := s.rate.ResetIn(now); d > 0 {
		if long {
			b.WriteString(" · resets in " + ceilSeconds(d) + "s")
		} else {
			b.WriteString(" · " + ceilSeconds(d) + "s")
		}
	}
	return b.String()
}

// ceilSeconds is d in whole seconds, rounded up, so a countdown never shows 0 while
// there is still time left.
func ceilSeconds(d time.Duration) string {
	return strconv.Itoa(int((d + time.Second - 1) / time.Second))
}

// sharingText is "3 sessions  " when others share the shown sub-account over the
// team server; "" otherwise.
func (s *statusBar) sharingText() string {
	if s.sharing == nil {
		return ""
	}
	if n := s.sharing(s.locationID); n > 1 {
		return strconv.Itoa(n) + " sessions  "
	}
	return ""
}
