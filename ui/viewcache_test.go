package ui

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
)

// The view's caches (viewcache.go, the row cache of pane.go and the paints of
// styles.go) must never show anything but what drawing from scratch shows. These
// tests drive models through every kind of change and compare each View, byte for
// byte, with the View of the same state drawn with every cache emptied.

// dropViewCaches empties every cache of the view, so the next View draws everything.
func dropViewCaches(m *Model) {
	m.status.drawn = chromeCache{}
	for i := 0; i < paneCount; i++ {
		p := m.pane(i)
		p.drawn = frameCache{}
		p.rows.reset()
	}
	if v := m.redirects; v != nil {
		v.drawn = frameCache{}
		v.paneBase.rows.reset()
	}
}

// freshView is what View shows of m's state when nothing is cached.
func freshView(m *Model) string {
	dropViewCaches(m)
	return m.View().Content
}

// cacheFixture is a folder of folders and funnels whose steps and pages cover the
// shapes of rows: split tests, archived pages, wide and long names.
func cacheFixture(n int) []entityRow {
	rows := []entityRow{
		{folder: true, id: "d1", name: "Archive", label: "Archive/", note: "folder"},
		{folder: true, id: "d2", name: "Webinars 日本", label: "Webinars 日本/", note: "folder"},
	}
	for i := range n {
		name := fmt.Sprintf("%s %s %d", benchWords[i%len(benchWords)], benchWords[(i/3)%len(benchWords)], 2000+i)
		if i%5 == 4 {
			name += " with a name long enough to be cut in every pane at every width"
		}
		f := client.Funnel{ID: "f" + strconv.Itoa(i), Name: name, StepsKnown: true}
		for s := range i % 4 {
			st := client.Step{
				ID: fmt.Sprintf("s%d-%d", i, s), Sequence: s + 1, Name: fmt.Sprintf("Step %d of %s", s+1, name),
				URL: fmt.Sprintf("/f%d-step-%d", i, s), Type: []string{"optin", "sales", "thankyou"}[s%3] + "_funnel_page",
				Pages: []string{fmt.Sprintf("p%d-%d", i, s)},
			}
			if s == 1 {
				st.Split, st.ControlTraffic, st.Pages = true, 70, append(st.Pages, fmt.Sprintf("p%d-%d-b", i, s))
			}
			f.Steps = append(f.Steps, st)
		}
		rows = append(rows, entityRows(nil, []client.Funnel{f})...)
	}
	return rows
}

// cachePages are the pages of a step.
func cachePages(key stepKey, n int) []pageRow {
	rows := make([]pageRow, n)
	for i := range rows {
		r := pageRow{id: key.stepID + "-p" + strconv.Itoa(i), name: "Page " + strconv.Itoa(i) + " of " + key.stepID, status: "live", updated: "2026-03-14"}
		switch i % 4 {
		case 1:
			r.role, r.status = "control 70%", "control 70%"
		case 3:
			r.archived, r.status = true, "archived"
		}
		rows[i] = r
	}
	return rows
}

// cacheModel is a model with no client, a fixed clock and the folder loaded.
func cacheModel(t *testing.T, clock *time.Time, w, h int) *Model {
	t.Helper()
	m := New(Options{Profile: "cache", LocationID: "loc1", Debounce: -1, Now: func() time.Time { return *clock }})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	seq := m.next()
	m.entities.load(seq)
	m.Update(entitiesMsg{folderID: "", seq: seq, rows: cacheFixture(40)})
	return m
}

// answerPages gives the pages pane its pages when it waits for them (the model has no
// client: the test is the server).
func answerPages(m *Model, fail bool) {
	ps := m.pages.current()
	if ps == nil || ps.seq == 0 {
		return
	}
	msg := pagesMsg{key: m.pages.key, seq: ps.seq}
	if fail {
		msg.err = errors.New("503 service unavailable")
	} else {
		msg.rows = cachePages(m.pages.key, 3+len(m.pages.key.stepID)%30)
	}
	m.Update(msg)
}

// answerRedirects gives the Redirects view a list (or an error), as a load would.
func answerRedirects(m *Model, n int, fail bool) {
	v := m.redirects
	if v == nil {
		return
	}
	v.seq, v.state = m.next(), stateLoading
	msg := redirectsMsg{seq: v.seq}
	if fail {
		msg.err = errors.New("503 service unavailable")
	} else {
		list := make([]client.Redirect, n)
		for i := range list {
			list[i] = client.Redirect{ID: "r" + strconv.Itoa(i), Domain: benchHosts[i%len(benchHosts)],
				Path:   "/" + strings.ToLower(benchWords[i%len(benchWords)]) + "-" + strconv.Itoa(i),
				Target: "https://www.example.com/" + strings.ToLower(benchWords[(i/3)%len(benchWords)]), Action: []string{"funnel", "url", "website", "all"}[i%4]}
		}
		msg.rows = redirectRows(list)
	}
	m.Update(msg)
}

// answerFolder gives the current folder its rows (or an error) when it waits.
func answerFolder(m *Model, rows []entityRow, fail bool) {
	fs := m.entities.current()
	if fs.seq == 0 {
		seq := m.next()
		m.entities.load(seq)
	}
	msg := entitiesMsg{folderID: m.entities.folderID(), seq: m.entities.current().seq, rows: rows}
	if fail {
		msg.rows, msg.err = nil, errors.New("500 internal error")
	}
	m.Update(msg)
}

// cacheOp is one change of the model's state, applied to a model.
type cacheOp struct {
	name string
	do   func(m *Model, clock *time.Time)
}

func keyOp(keys ...string) cacheOp {
	return cacheOp{strings.Join(keys, " "), func(m *Model, _ *time.Time) {
		for _, k := range keys {
			m.Update(keyPress(k))
		}
	}}
}

func msgOp(name string, msg func(m *Model, now time.Time) tea.Msg) cacheOp {
	return cacheOp{name, func(m *Model, clock *time.Time) { m.Update(msg(m, *clock)) }}
}

// cacheOps are every kind of change the view's caches must follow.
var cacheOps = []cacheOp{
	keyOp("down"), keyOp("down"), keyOp("down"), keyOp("up"), keyOp("j"), keyOp("k"),
	keyOp("pgdown"), keyOp("pgup"), keyOp("G"), keyOp("g"),
	keyOp("tab"), keyOp("shift+tab"), keyOp("tab", "tab"),
	keyOp("/"), keyOp("/", "s", "a"), keyOp("/", "w", "i", "n"), keyOp("e"), keyOp("backspace"),
	keyOp("/", "z", "z", "q", "enter"), keyOp("enter"), keyOp("esc"), keyOp("esc", "esc"),
	keyOp("?"), keyOp("?", "down"), keyOp(":"), keyOp(":", "h", "e"), keyOp("L"), keyOp("y"), keyOp("Y"), keyOp("o"),
	keyOp("enter", "enter"), keyOp("h"),
	keyOp("U"), keyOp("U"), keyOp("U", "/", "s", "p"), keyOp("U", "down", "down"),
	{"redirects arrive", func(m *Model, _ *time.Time) { answerRedirects(m, 30, false) }},
	{"other redirects arrive", func(m *Model, _ *time.Time) { answerRedirects(m, 5, false) }},
	{"redirects fail", func(m *Model, _ *time.Time) { answerRedirects(m, 0, true) }},
	{"pages arrive", func(m *Model, _ *time.Time) { answerPages(m, false) }},
	{"pages fail", func(m *Model, _ *time.Time) { answerPages(m, true) }},
	{"pages arrive", func(m *Model, _ *time.Time) { answerPages(m, false) }},
	{"folder reloads with other rows", func(m *Model, _ *time.Time) { answerFolder(m, cacheFixture(7), false) }},
	{"folder reloads", func(m *Model, _ *time.Time) { answerFolder(m, cacheFixture(40), false) }},
	{"folder fails", func(m *Model, _ *time.Time) { answerFolder(m, nil, true) }},
	{"refresh (r) starts the spinner", func(m *Model, _ *time.Time) {
		seq := m.next()
		m.entities.load(seq)
		m.Update(tea.KeyPressMsg{Code: 'x', Text: "x"}) // any key: Update runs spin()
	}},
	{"spinner tick", func(m *Model, _ *time.Time) { m.Update(m.sh.spinner.Tick()) }},
	{"spinner tick", func(m *Model, _ *time.Time) { m.Update(m.sh.spinner.Tick()) }},
	msgOp("resize 120×40", func(*Model, time.Time) tea.Msg { return tea.WindowSizeMsg{Width: 120, Height: 40} }),
	msgOp("resize 121×41", func(*Model, time.Time) tea.Msg { return tea.WindowSizeMsg{Width: 121, Height: 41} }),
	msgOp("resize 80×24", func(*Model, time.Time) tea.Msg { return tea.WindowSizeMsg{Width: 80, Height: 24} }),
	msgOp("resize 59×20", func(*Model, time.Time) tea.Msg { return tea.WindowSizeMsg{Width: 59, Height: 20} }),
	msgOp("resize 30×8", func(*Model, time.Time) tea.Msg { return tea.WindowSizeMsg{Width: 30, Height: 8} }),
	msgOp("resize 200×50", func(*Model, time.Time) tea.Msg { return tea.WindowSizeMsg{Width: 200, Height: 50} }),
	msgOp("light background", func(*Model, time.Time) tea.Msg { return tea.BackgroundColorMsg{Color: lightGrey{}} }),
	msgOp("dark background", func(*Model, time.Time) tea.Msg { return tea.BackgroundColorMsg{Color: darkGrey{}} }),
	msgOp("no colour", func(*Model, time.Time) tea.Msg { return tea.ColorProfileMsg{Profile: colorprofile.ASCII} }),
	msgOp("true colour", func(*Model, time.Time) tea.Msg { return tea.ColorProfileMsg{Profile: colorprofile.TrueColor} }),
	msgOp("rate known", func(_ *Model, now time.Time) tea.Msg {
		return eventMsg{ev: client.RateEvent{Rate: client.RateLimit{Limit: 100, Remaining: 97, Reset: now.Add(7 * time.Second), Observed: now}}}
	}),
	msgOp("rate low", func(_ *Model, now time.Time) tea.Msg {
		return eventMsg{ev: client.RateEvent{Rate: client.RateLimit{Limit: 100, Remaining: 4, Reset: now.Add(3 * time.Second), Observed: now}}}
	}),
	msgOp("429 wait", func(*Model, time.Time) tea.Msg {
		return eventMsg{ev: client.RetryEvent{Method: "GET", Path: "/funnels/page", Attempt: 1, Wait: 4 * time.Second, StatusCode: 429}}
	}),
	msgOp("502 retried", func(*Model, time.Time) tea.Msg {
		return eventMsg{ev: client.RetryEvent{Method: "GET", Path: "/funnels/page", Attempt: 1, Wait: time.Second, StatusCode: 502, Cause: "bad gateway"}}
	}),
	msgOp("request started", func(*Model, time.Time) tea.Msg {
		return eventMsg{ev: client.RequestStarted{ID: 1, Method: "GET", Path: "/funnels/page", InFlight: 2}}
	}),
	msgOp("request finished", func(*Model, time.Time) tea.Msg {
		return eventMsg{ev: client.RequestFinished{Record: client.RequestRecord{ID: 1, Method: "GET", Path: "/funnels/page", Status: 200}, InFlight: 0}}
	}),
	msgOp("browser failed", func(*Model, time.Time) tea.Msg { return openedMsg{url: "https://x", err: errors.New("no display")} }),
	{"a second passes", func(_ *Model, clock *time.Time) { *clock = clock.Add(time.Second) }},
	{"a second passes", func(_ *Model, clock *time.Time) { *clock = clock.Add(time.Second) }},
	{"half a second passes", func(_ *Model, clock *time.Time) { *clock = clock.Add(500 * time.Millisecond) }},
}

// darkGrey is a dark terminal background.
type darkGrey struct{}

func (darkGrey) RGBA() (r, g, b, a uint32) { return 0x1111, 0x1111, 0x1111, 0xffff }

// TestViewCachesDrawWhatAFreshViewDraws drives two identical models through long
// random sequences of every kind of change: one draws through its caches as the
// program does, the other has every cache emptied before each View. The two must
// show the same bytes after every change.
func TestViewCachesDrawWhatAFreshViewDraws(t *testing.T) {
	t.Parallel()
	steps := 400
	if testing.Short() {
		steps = 100
	}
	seeds := uint64(1) // make test: one walk; make sweep: three
	if sweeping() {
		seeds = 3
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		t.Run("seed"+strconv.FormatUint(seed, 10), func(t *testing.T) {
			clock := time.Date(2026, 3, 14, 9, 26, 53, 0, time.UTC)
			cached, fresh := cacheModel(t, &clock, 120, 40), cacheModel(t, &clock, 120, 40)
			rng := rand.New(rand.NewPCG(seed, 42))
			var trail []string
			for i := range steps {
				op := cacheOps[rng.IntN(len(cacheOps))]
				trail = append(trail, op.name)
				op.do(cached, &clock)
				// The same change, as the program would see it, on the other model (the
				// clock is shared and moves once).
				if !strings.Contains(op.name, "passes") {
					op.do(fresh, &clock)
				}
				got, want := cached.View().Content, freshView(fresh)
				if got != want {
					t.Fatalf("after %d changes (last %q) the cached view differs from a fresh one:\n%s\nlast changes: %q",
						i+1, op.name, screenDiff(got, want), trail[max(0, len(trail)-8):])
				}
				if i%7 == 0 {
					// A View with nothing changed in between is the same screen.
					if again := cached.View().Content; again != got {
						t.Fatalf("a second View without a change differs:\n%s", screenDiff(again, got))
					}
				}
			}
		})
	}
}

// screenDiff shows the first lines where two screens differ, escapes visible.
func screenDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	fmt.Fprintf(&b, "%d lines, want %d\n", len(g), len(w))
	shown := 0
	for i := 0; i < max(len(g), len(w)) && shown < 4; i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			fmt.Fprintf(&b, "line %d\n got  %q\n want %q\n", i+1, gl, wl)
			shown++
		}
	}
	return b.String()
}

// TestEveryChangeShowsInTheNextView takes each kind of change the caches depend on,
// one at a time, on a model whose caches are warm: the next View must show the change
// (it differs from the View before, and what it shows is there) and be exactly what
// a fresh View of the same state is.
func TestEveryChangeShowsInTheNextView(t *testing.T) {
	cases := []struct {
		name   string
		setup  func(m *Model, clock *time.Time) // before the caches are warmed
		change func(m *Model, clock *time.Time)
		shows  func(v string) bool // on the screen without styles
	}{
		{"cursor move", nil, func(m *Model, _ *time.Time) { m.Update(keyPress("down")) },
			func(v string) bool { return strings.Contains(v, "▸ Webinars 日本/") && strings.Contains(v, "2/42") }},
		{"resize", nil, func(m *Model, _ *time.Time) { m.Update(tea.WindowSizeMsg{Width: 100, Height: 30}) },
			func(v string) bool {
				return len(strings.Split(v, "\n")) == 30 && ansi.StringWidth(strings.Split(v, "\n")[0]) == 100
			}},
		{"resize by one column", nil, func(m *Model, _ *time.Time) { m.Update(tea.WindowSizeMsg{Width: 121, Height: 40}) },
			func(v string) bool { return ansi.StringWidth(strings.Split(v, "\n")[5]) == 121 }},
		{"light background", nil, func(m *Model, _ *time.Time) { m.Update(tea.BackgroundColorMsg{Color: lightGrey{}}) }, nil},
		{"no colour", nil, func(m *Model, _ *time.Time) { m.Update(tea.ColorProfileMsg{Profile: colorprofile.ASCII}) }, nil},
		{"data load", nil, func(m *Model, _ *time.Time) {
			rows := cacheFixture(40)
			rows[3].label, rows[3].name = "Renamed Funnel", "Renamed Funnel"
			answerFolder(m, rows, false)
		}, func(v string) bool { return strings.Contains(v, "Renamed Funnel") }},
		{"load error", nil, func(m *Model, _ *time.Time) { answerFolder(m, nil, true) },
			func(v string) bool { return strings.Contains(v, "500 internal error") }},
		{"pages arrive", func(m *Model, _ *time.Time) {
			m.Update(keyPress("down"))
			m.Update(keyPress("down"))
			m.Update(keyPress("down"))
		},
			func(m *Model, _ *time.Time) { answerPages(m, false) },
			func(v string) bool { return strings.Contains(v, "Page 0 of s1-0") }},
		{"filter typed", nil, func(m *Model, _ *time.Time) { m.Update(keyPress("/")); m.Update(keyPress("w")) },
			func(v string) bool { return strings.Contains(v, "/w") && strings.Contains(v, " of 42") }},
		{"filter cleared", func(m *Model, _ *time.Time) {
			m.Update(keyPress("/"))
			m.Update(keyPress("w"))
			m.Update(keyPress("enter"))
		},
			func(m *Model, _ *time.Time) { m.Update(keyPress("/")); m.Update(keyPress("esc")) },
			func(v string) bool {
				return strings.Contains(v, "/42 ─╯") && !strings.Contains(v, " of 42") && !strings.Contains(v, "/w")
			}},
		{"focus", func(m *Model, _ *time.Time) {
			m.Update(keyPress("down"))
			m.Update(keyPress("down"))
			m.Update(keyPress("down"))
		},
			func(m *Model, _ *time.Time) { m.Update(keyPress("tab")) }, nil},
		{"help overlay", nil, func(m *Model, _ *time.Time) { m.Update(keyPress("?")) },
			func(v string) bool { return strings.Contains(v, "Keys") && strings.Contains(v, "go to bottom") }},
		{"overlay closed", func(m *Model, _ *time.Time) { m.Update(keyPress("?")) },
			func(m *Model, _ *time.Time) { m.Update(keyPress("esc")) },
			func(v string) bool { return !strings.Contains(v, "go to bottom") }},
		{"palette", nil, func(m *Model, _ *time.Time) { m.Update(keyPress(":")) },
			func(v string) bool { return strings.Contains(v, "Copy id") }},
		{"form", func(m *Model, _ *time.Time) {
			m.Update(keyPress("down"))
			m.Update(keyPress("down"))
			m.Update(keyPress("down"))
		},
			func(m *Model, _ *time.Time) { m.Update(keyPress("n")) }, nil},
		{"status message", func(m *Model, _ *time.Time) {
			m.Update(keyPress("down"))
			m.Update(keyPress("down"))
			m.Update(keyPress("down"))
		},
			func(m *Model, _ *time.Time) { m.Update(keyPress("y")) },
			func(v string) bool { return strings.Contains(statusLine(v), "copied") }},
		{"status message cleared by a key", func(m *Model, _ *time.Time) {
			m.Update(openedMsg{err: errors.New("no display")})
		}, func(m *Model, _ *time.Time) { m.Update(keyPress("x")) },
			func(v string) bool { return !strings.Contains(statusLine(v), "no display") }},
		{"request in flight", nil, func(m *Model, _ *time.Time) {
			m.Update(eventMsg{ev: client.RequestStarted{ID: 1, Method: "GET", Path: "/x", InFlight: 3}})
		}, func(v string) bool { return strings.Contains(statusLine(v), "3 requests") }},
		{"rate limit", nil, func(m *Model, clock *time.Time) {
			m.Update(eventMsg{ev: client.RateEvent{Rate: client.RateLimit{Limit: 100, Remaining: 5, Reset: clock.Add(9 * time.Second), Observed: *clock}}})
		}, func(v string) bool { return strings.Contains(statusLine(v), "5/100 · resets in 9s") }},
		{"reset countdown", func(m *Model, clock *time.Time) {
			m.Update(eventMsg{ev: client.RateEvent{Rate: client.RateLimit{Limit: 100, Remaining: 5, Reset: clock.Add(9 * time.Second), Observed: *clock}}})
		}, func(_ *Model, clock *time.Time) { *clock = clock.Add(time.Second) },
			func(v string) bool { return strings.Contains(statusLine(v), "resets in 8s") }},
		{"429 countdown", func(m *Model, _ *time.Time) {
			m.Update(eventMsg{ev: client.RetryEvent{Method: "GET", Path: "/x", Attempt: 1, Wait: 5 * time.Second, StatusCode: 429}})
		}, func(_ *Model, clock *time.Time) { *clock = clock.Add(2 * time.Second) },
			func(v string) bool { return strings.Contains(statusLine(v), "retrying in 3s") }},
		{"spinner tick", func(m *Model, _ *time.Time) {
			seq := m.next()
			m.entities.load(seq)
			m.Update(keyPress("x"))
		}, func(m *Model, _ *time.Time) { m.Update(m.sh.spinner.Tick()) }, nil},
		{"folder opened (breadcrumb)", nil, func(m *Model, _ *time.Time) { m.Update(keyPress("enter")) },
			func(v string) bool { return strings.Contains(strings.Split(v, "\n")[0], "Root › Archive") }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			clock := time.Date(2026, 3, 14, 9, 26, 53, 0, time.UTC)
			m := cacheModel(t, &clock, 120, 40)
			if tc.setup != nil {
				tc.setup(m, &clock)
			}
			before := m.View().Content
			if again := m.View().Content; again != before {
				t.Fatal("two Views of one state differ")
			}
			tc.change(m, &clock)
			after := m.View().Content
			if after == before {
				t.Fatalf("the change does not show in the next View:\n%s", ansi.Strip(after))
			}
			if tc.shows != nil && !tc.shows(ansi.Strip(after)) {
				t.Fatalf("the next View does not show the change:\n%s", ansi.Strip(after))
			}
			if want := freshView(m); after != want {
				t.Fatalf("the next View is not what a fresh View draws:\n%s", screenDiff(after, want))
			}
		})
	}
}

// TestFrameCacheDrawsWhatFrameDraws feeds the frame cache random pane views, sizes,
// focus and styles and compares every result with sh.frame.
func TestFrameCacheDrawsWhatFrameDraws(t *testing.T) {
	sh := newShared(Options{})
	rng := rand.New(rand.NewPCG(7, 7))
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	var c frameCache
	w, h, focused := 40, 12, true
	body := make([]string, 0, 20)
	for i := range 5000 {
		switch rng.IntN(12) {
		case 0:
			w = 8 + rng.IntN(60)
		case 1:
			h = 2 + rng.IntN(20)
		case 2:
			focused = !focused
		case 3:
			sh.bgDark = !sh.bgDark
			sh.restyle()
		}
		inner := w - 2
		if n := rng.IntN(h + 2); rng.IntN(3) > 0 {
			body = body[:0]
			for j := 0; j < n; j++ {
				body = append(body, fit(pick("", "row", "▸ selected", "日本語の名前", strconv.Itoa(j)+" "+strconv.Itoa(i%3)), inner))
			}
		}
		v := paneView{
			title: pick("Funnels", "Steps", "Pages", "Pages "+sh.spinner.View()),
			info:  pick("", "Spring Sale 2026", "a context long enough to be cut at every width we try here"),
			body:  body,
			pos:   pick("", "1/3", strconv.Itoa(i%50)+"/50", "3/12 of 40"),
		}
		filter := pick("", "", sh.styles.FilterPrompt.Render("/spr"))
		got := c.draw(sh, w, h, focused, v, filter)
		want := sh.frame(w, h, focused, v, filter)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("step %d (%d×%d focused=%v): cached frame\n%q\nwant\n%q", i, w, h, focused, got, want)
		}
	}
}

// TestPaintsRenderAsLipGloss checks every style of every theme, with and without
// colour: a paint draws exactly what Style.Render draws, and the styles drawn every
// frame take the fast path.
func TestPaintsRenderAsLipGloss(t *testing.T) {
	texts := []string{"", " ", "x", "  two  spaces  ", "╭─ Funnels · Spring Sale ─╮", "日本語", "e\u0301", "👍🏽 ok",
		"\x1b[1mstyled\x1b[m inside", "tab\there", "line\nbreak", "cr\r\nlf", "…"}
	for _, dark := range []bool{true, false} {
		for _, noColor := range []bool{false, true} {
			st := newStyles(newTheme(dark), noColor)
			v := reflect.ValueOf(st)
			for i := 0; i < v.NumField(); i++ {
				if !v.Type().Field(i).IsExported() {
					continue
				}
				s, ok := v.Field(i).Interface().(lipgloss.Style)
				if !ok {
					continue
				}
				p := newPaint(s)
				for _, txt := range texts {
					if got, want := p.render(txt), s.Render(txt); got != want {
						t.Errorf("dark=%v noColor=%v %s.Render(%q): paint %q, lipgloss %q", dark, noColor, v.Type().Field(i).Name, txt, got, want)
					}
				}
			}
			p := st.paints()
			for name, pt := range map[string]paint{"border": p.border, "borderFocused": p.borderFocused, "selected": p.selected,
				"selectedBlur": p.selectedBlur, "position": p.position, "bar": p.bar, "barRate": p.barRate, "titleInfo": p.titleInfo} {
				if !pt.fast {
					t.Errorf("dark=%v noColor=%v: %s does not take the fast path", dark, noColor, name)
				}
			}
		}
	}
	// A style with layout (padding, width, a border) is left to Render.
	for _, s := range []lipgloss.Style{
		lipgloss.NewStyle().Padding(0, 1), lipgloss.NewStyle().Width(10), lipgloss.NewStyle().Border(lipgloss.RoundedBorder()),
		lipgloss.NewStyle().Underline(true), lipgloss.NewStyle().MaxWidth(3),
	} {
		p := newPaint(s)
		if p.fast {
			t.Errorf("%v should not take the fast path", s)
		}
		for _, txt := range texts {
			if got, want := p.render(txt), s.Render(txt); got != want {
				t.Errorf("Render(%q) = %q, want %q", txt, got, want)
			}
		}
	}
}

// TestSpinnerTickIsDrawn makes sure the frame cache keys the title on the spinner's
// frame: with rows shown and a reload under way, each tick shows a new frame.
func TestSpinnerTickIsDrawn(t *testing.T) {
	clock := time.Date(2026, 3, 14, 9, 26, 53, 0, time.UTC)
	m := cacheModel(t, &clock, 120, 40)
	seq := m.next()
	m.entities.load(seq)
	m.Update(keyPress("x")) // starts the spinner
	seen := map[string]bool{}
	for range len(spinner.MiniDot.Frames) {
		v := ansi.Strip(m.View().Content)
		seen[strings.Split(v, "\n")[1]] = true
		m.Update(m.sh.spinner.Tick())
	}
	if len(seen) != len(spinner.MiniDot.Frames) {
		t.Fatalf("%d spinner frames drew %d different title lines", len(spinner.MiniDot.Frames), len(seen))
	}
}

// TestTextWidth compares textWidth with ansi.StringWidth: every rune it counts
// itself alone and beside every other, and random mixes of those with escape
// sequences, wide and combining characters, emoji and control characters.
func TestTextWidth(t *testing.T) {
	var narrow []string
	for r := rune(0x20); r < 0x3000; r++ {
		if (r >= 0x20 && r < 0x7f) || narrowRune(r) {
			narrow = append(narrow, string(r))
			if w := ansi.StringWidth(string(r)); w != 1 {
				t.Fatalf("%U is %d cells wide, not 1", r, w)
			}
		}
	}
	for _, a := range narrow {
		for _, b := range []string{"a", "·", "─", "▸", "é", "…", "›"} {
			if got, want := textWidth(a+b), ansi.StringWidth(a+b); got != want {
				t.Fatalf("textWidth(%q) = %d, StringWidth %d", a+b, got, want)
			}
		}
	}
	pieces := append(narrow[:0:0], "\x1b[m", "\x1b[1m", "\x1b[38;2;10;20;30m", "\x1b[48;5;236m", "\x1b[7;1m", "\x1b[?25l",
		"\x1b]8;;https://x\x07", "\x1b", "\x1b[", "\t", "\n", "\r", "\x7f", "\u00ad", "日本", "e\u0301", "\u0301", "👍🏽", "🇯🇵", "\u200d",
		"\ufe0f", "a", "Spring Sale", " ", "·", "─", "╭", "▸", "…", "›", "é", "\u200b", "\x00")
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100_000 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			if rng.IntN(3) == 0 {
				b.WriteString(narrow[rng.IntN(len(narrow))])
			} else {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
		}
		s := b.String()
		if got, want := textWidth(s), ansi.StringWidth(s); got != want {
			t.Fatalf("textWidth(%q) = %d, StringWidth %d", s, got, want)
		}
	}
}
