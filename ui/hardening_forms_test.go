package ui

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/ui/form"
)

// The bad-input sweep of the forms: every text field of every form is fed
// an empty value (where one is required), a 1 MB paste, a long value, control
// characters, escape sequences, bidi overrides, text where a number, a code or a date
// belongs, and Unicode where only ids go. Each must end in a clear message at that
// field, with nothing sent (the sandbox's log is the same before and after) and
// nothing raw drawn: the frame holds no escape sequence but the renderer's styling
// and no control or text-direction character. Valid Unicode must be sent intact.

// sweepForm is one form of the sweep: how to open it and its text fields, in order.
type sweepForm struct {
	name   string
	open   func(h *harness)
	title  string
	fields []sweepText
}

// sweepText is one text field. walk is what it is left holding when it came empty
// and must be valid for enter to move on to the next field.
type sweepText struct {
	title    string
	required bool
	walk     string
	wrong    map[string]string // a value of the wrong kind → what the message at the field says
}

// viaPalette opens a form by its name in the command palette.
func viaPalette(name string) func(h *harness) {
	return func(h *harness) {
		h.press(":")
		h.typeText(name)
		h.press("enter")
	}
}

func viaKey(k string) func(h *harness) { return func(h *harness) { h.press(k) } }

// Values of the wrong kind for a field, with what it says of them.
var (
	wrongID = map[string]string{
		"a/b":          "must be an id made of letters, digits, -, _, . and : only",
		"Café Été 🎉":   "must be an id made of letters, digits, -, _, . and : only",
		"two words":    "must be an id made of letters, digits, -, _, . and : only",
		"..":           "must be an id, not . or ..",
		"id?x=1&y=../": "must be an id made of letters, digits, -, _, . and : only",
	}
	wrongHost = map[string]string{
		"https://shop.example.com/x": "must be a host name, not an address: try shop.example.com",
		"127.0.0.1":                  "not an IP address",
		"shop.example.com:8080":      "must be a host name without a port",
		"Café Été 🎉":                 "must not contain spaces or control characters",
		"localhost":                  "needs a dot, such as example.com",
	}
	wrongJSON = map[string]string{
		"[1, 2]":       "must be a JSON object",
		"{bad":         "is not valid JSON",
		"Café Été 🎉":   "is not valid JSON",
		`{"a": 1} {}`:  "more data after the value",
		"nothing here": "is not valid JSON",
	}
	wrongOpaque = map[string]string{"two words": "must not contain spaces or control characters"}
	wrongText   = map[string]string{} // free text: anything printable is a name
)

func sweepForms() []sweepForm {
	return []sweepForm{
		{name: "new folder", open: viaKey("N"), title: "New folder", fields: []sweepText{
			{title: "Name", required: true, wrong: wrongText},
		}},
		{name: "new step", open: viaKey("n"), title: "New step in Spring Sale 2026", fields: []sweepText{
			{title: "Name", required: true, walk: "Walk step", wrong: wrongText},
			{title: "Path", required: true, walk: "/hardening-walk", wrong: map[string]string{
				"Spring Offer":          "must not contain spaces: try /spring-offer",
				"https://x.example/y":   "must be a path such as /offer, not an address",
				"/Café-Été":             "must use only lowercase letters, digits, -, _ and /",
				"/a//b":                 "must not contain //",
				"/":                     "must name a page after the /",
				"/offer?utm_source=one": "must use only lowercase letters",
			}},
			{title: "Position", required: true, wrong: map[string]string{
				"three": "must be a whole number such as 3",
				"2.5":   "must be a whole number such as 3",
				"-1":    "must not be negative",
				"3e2":   "must be a whole number such as 3",
				"٣":     "must be a whole number such as 3",
			}},
		}},
		{name: "attach domain", open: viaKey("D"), title: "Attach domain", fields: []sweepText{
			{title: "Domain", required: true, wrong: wrongHost},
		}},
		{name: "test conversion event", open: viaKey("E"), title: "Test conversion event", fields: []sweepText{
			{title: "Address", wrong: map[string]string{
				"offers.example.com/x": "must be a full address such as https://www.example.com/offer",
				"ftp://x.example/y":    "must be a full address",
				"https://a b.example":  "must not contain spaces or control characters",
				"https://jo:pw@x.com/": "must not contain a user name or password",
			}},
			{title: "Value", wrong: map[string]string{
				"abc":       "must be a number such as 49.99",
				"12,50":     "must use . for decimals and no thousands separators",
				"-5":        "must not be negative",
				"1e5":       "must be a number such as 49.99",
				"49.":       "must be a number such as 49.99",
				"Café Été":  "must be a number such as 49.99",
				"1.1234567": "must have at most 6 decimal places",
			}},
			{title: "Currency", wrong: map[string]string{
				"dollars": "must be a 3-letter currency code such as USD",
				"us1":     "must be a 3-letter currency code such as USD",
				"€":       "must be a 3-letter currency code such as USD",
				"ÜSD":     "must be a 3-letter currency code such as USD",
			}},
			{title: "Event id", wrong: wrongOpaque},
			{title: "Email", wrong: map[string]string{
				"jo at example.com":        "must be an email address such as jo@example.com",
				"Jo <jo@example.com>":      "without a name or <>",
				"jo@localhost":             "must be an email address",
				"jo@https://x.example.com": "must be an email address",
			}},
			{title: "First name", wrong: wrongText},
			{title: "Last name", wrong: wrongText},
		}},
		// The form's second half, in a browser of its own, to run beside the first.
		{name: "test conversion event, second half", open: viaKey("E"), title: "Test conversion event", fields: []sweepText{
			{title: "Phone", wrong: map[string]string{
				"call me":         "must be a phone number such as +1 555 123 4567",
				"12":              "must have at least 5 digits",
				"+1 555 0100 x12": "must be a phone number",
			}},
			{title: "Date of birth", wrong: map[string]string{
				"yesterday":  "must be a date such as 1990-04-12",
				"12/04/1990": "must be a date such as 1990-04-12",
				"1990-13-45": "must be a date such as 1990-04-12",
				"1850-01-01": "must be on or after 1900-01-01",
				"2999-01-01": "must not be in the future",
			}},
			{title: "City", wrong: wrongText},
			{title: "State or region", wrong: wrongText},
			{title: "Postal code", wrong: map[string]string{
				"#90210":   "must use only letters, digits, spaces and -",
				"Zürich 1": "must use only letters, digits, spaces and -",
			}},
			{title: "Country", wrong: map[string]string{"U": "must be a 2-letter country code such as US"}},
			{title: "Browser id (pxp)", wrong: wrongOpaque},
			{title: "Click id (pxc)", wrong: wrongOpaque},
			{title: "Raw click id (pxclid)", wrong: wrongOpaque},
			{title: "Platform event id (pxEventId)", wrong: wrongOpaque},
		}},
		{name: "page-visit trigger", open: viaKey("T"), title: "Trigger page-visit workflow", fields: []sweepText{
			{title: "Funnel id", required: true, wrong: wrongID},
			{title: "Step id", required: true, wrong: wrongID},
			{title: "Page path", required: true, wrong: map[string]string{
				"https://offers.example.com/x": "not an address: try /x",
				"/spring offer":                "must not contain spaces or control characters",
			}},
		}},
		{name: "funnel by domain", open: viaPalette("funnel by domain"), title: "Funnel by domain", fields: []sweepText{
			{title: "Domain", required: true, wrong: wrongHost},
		}},
		{name: "regex redirects", open: viaPalette("regex redirects"), title: "Regex redirects", fields: []sweepText{
			{title: "Domain", wrong: wrongHost},
		}},
		{name: "lookup multiple", open: viaPalette("lookup multiple"), title: "Lookup multiple", fields: []sweepText{
			{title: "Body (JSON)", required: true, wrong: wrongJSON},
		}},
		{name: "order-form products", open: viaPalette("order-form products"), title: "Order-form products", fields: []sweepText{
			{title: "Product id", wrong: wrongID},
		}},
		{name: "page by id", open: viaPalette("page by id"), title: "Page by id", fields: []sweepText{
			{title: "Page id", required: true, wrong: wrongID},
		}},
		{name: "check step path", open: viaPalette("check step path"), title: "Check step path", fields: []sweepText{
			{title: "Path", required: true, walk: "/walk", wrong: map[string]string{"Two Words": "must not contain spaces: try /two-words"}},
			{title: "Funnel id", wrong: wrongID},
		}},
		{name: "attach social account", open: viaPalette("attach social account"), title: "Attach social account", fields: []sweepText{
			{title: "Location id", required: true, wrong: wrongID},
			{title: "Account id", required: true, walk: "acct-walk", wrong: wrongID},
			{title: "Body (JSON)", required: true, wrong: wrongJSON},
		}},
	}
}

// The pastes every field refuses whole, each with what the field then says. The
// refusal is the form's, not the field's: the first text field of each form gets
// them all, the others the first four (1 MB, controls, an escape sequence, a bidi
// override).
var refusedPastes = []struct{ name, text, says string }{
	{"1 MB", strings.Repeat("A", 1<<20), "is 1048576 characters, more than the"},
	{"NUL and BEL", "Spring\x00Sale\x07", "holds control character U+0000"},
	{"OSC 52 clipboard write", "\x1b]52;c;ZXZpbCBwYXlsb2Fk\x07", "holds an escape sequence"},
	{"bidi override", "invoice\u202etxt.exe", "holds text-direction control U+202E"},
	{"DEL", "Spring\x7fSale", "holds control character U+007F"},
	{"C1 NEL", "Spring\u0085Sale", "holds control character U+0085"},
	{"clear screen", "\x1b[2J", "holds an escape sequence"},
	{"colours", "\x1b[31mred\x1b[0m", "holds an escape sequence"},
	{"C1 CSI", "\u009b2J", "holds an escape sequence"},
	{"window title", "name\x1b]0;pwned\x1b\\", "holds an escape sequence"},
	{"bidi isolate", "\u2067abc\u2069", "holds text-direction control U+2067"},
	{"zero-width space", "ab\u200bcd", "holds invisible character U+200B"},
	{"invalid UTF-8", "ab\xff\xfecd", "is not valid UTF-8 text"},
}

// sweepOptions are the options of the sweep: the path check answers at once, so the
// sweep can wait for it before counting requests.
func sweepOptions(t *testing.T) (*sandbox.Running, Options) {
	sb, c := testClient(t, sandbox.Options{Limit: 100000}, -1)
	o := demoOptions(c, sb)
	o.PathCheckDelay = -1
	return sb, o
}

// openSweepHarness is a browser on Spring Sale 2026 with its steps focused and the
// pages of its first step loaded: every form can open from there.
func openSweepHarness(t *testing.T) (*sandbox.Running, *harness) {
	t.Helper()
	sb, o := sweepOptions(t)
	h := newHarness(t, o, 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("G", "tab")
	h.waitFor("Steps · Spring Sale 2026")
	h.waitUntil("the pages of Opt-in", func(string) bool { return h.m.pages.selected() != nil })
	return sb, h
}

// form is the open form, or nil.
func (h *harness) form() *form.Form { return h.m.shownForm() }

// until handles messages until cond holds, asking the model rather than drawing the
// screen after each message: a burst of the cursor's blink messages costs no frames.
func (h *harness) until(what string, cond func() bool) {
	h.t.Helper()
	deadline := time.NewTimer(waitTimeout)
	defer deadline.Stop()
	for !cond() {
		select {
		case msg := <-h.msgs:
			h.update(msg)
		case <-deadline.C:
			h.t.Fatalf("timed out waiting for %s; the screen shows:\n%s", what, h.view())
		}
	}
}

// waitField waits until the form's focus is on the field titled title.
func (h *harness) waitField(title string) *form.Field {
	h.t.Helper()
	var ff *form.Field
	h.until("the focus on "+title, func() bool {
		if f := h.form(); f != nil {
			ff = f.Focused()
		}
		return ff != nil && ff.Title == title
	})
	return ff
}

// fieldNote is what the focused field titled title says under its title (its hint,
// or its problem), its wrapped lines joined: the text between the bar ┃ and the box's
// border of up to two lines, ending before the input's own line.
func fieldNote(view, title string) string {
	lines := strings.Split(view, "\n")
	var parts []string
	for i, l := range lines {
		if !strings.Contains(l, "┃ "+title+" ") {
			continue
		}
		for _, next := range lines[i+1 : min(i+3, len(lines))] {
			_, cell, ok := strings.Cut(next, "┃ ")
			cell, _, _ = strings.Cut(cell, "│")
			if cell = strings.TrimSpace(cell); !ok || strings.HasPrefix(cell, ">") {
				break
			}
			parts = append(parts, cell)
		}
		break
	}
	return strings.Join(parts, " ")
}

// clearField deletes what the focused field holds, as a person would: ctrl+u deletes
// to the start of the line (one key, where thousands of backspaces would flood the
// queue with the cursor's blink messages), backspaces take what is left.
func (h *harness) clearField(ff *form.Field) {
	h.t.Helper()
	h.update(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	for range len([]rune(ff.Current())) {
		h.press("backspace")
	}
	if ff.Current() != "" {
		h.t.Fatalf("%s still holds %q after the backspaces", ff.Title, ff.Current())
	}
}

// checkDrawn fails unless the frame is harmless: every escape sequence in it is the
// renderer's styling (SGR, CSI … m), and the text holds no control character but the
// line breaks and no invisible or text-direction character but the emoji joiner.
func checkDrawn(t *testing.T, content string) {
	t.Helper()
	var state byte
	for rest := content; rest != ""; {
		seq, _, n, next := ansi.DecodeSequence(rest, state, nil)
		state = next
		if n <= 0 {
			break
		}
		if c := seq[0]; c == 0x1b || c == 0x9b || c < 0x20 && c != '\n' || c == 0x7f {
			if !ansi.HasCsiPrefix(seq) || !strings.HasSuffix(seq, "m") {
				t.Fatalf("the frame carries a sequence that is not styling: %q", seq)
			}
		}
		rest = rest[n:]
	}
	for _, r := range ansi.Strip(content) {
		if r == '\n' || r == '\u200d' {
			continue
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' {
			t.Fatalf("the frame draws U+%04X:\n%s", r, ansi.Strip(content))
		}
	}
}

// TestFormsRefuseBadInputAtTheField is the sweep: each form is opened once and its
// text fields are taken in order, as enter walks through them.
func TestFormsRefuseBadInputAtTheField(t *testing.T) {
	t.Parallel()
	for _, sf := range sweepForms() {
		t.Run(sf.name, func(t *testing.T) {
			t.Parallel()
			sb, h := openSweepHarness(t)
			sf.open(h)
			h.until(sf.name+" to open", func() bool { return h.form() != nil })
			h.waitFor(sf.title)
			for i, field := range sf.fields {
				t.Run(field.title, func(t *testing.T) {
					h.t = t
					sweepField(t, sb, h, sf, i)
				})
				if t.Failed() {
					return
				}
			}
		})
	}
}

// fill gives the focused field a valid value to move on with; the new step's path
// is then checked by the service: wait for the answer, so it is not counted later.
func (h *harness) fill(sf sweepForm, ff *form.Field, value string) {
	h.t.Helper()
	h.update(tea.PasteMsg{Content: value})
	if sf.name == "new step" && ff.Title == "Path" {
		h.waitFor("✓ " + value + " is free")
	}
}

// sweepField walks the open form to its i-th text field and feeds it every bad
// input; it leaves the field valid again, so enter moves on to the next.
func sweepField(t *testing.T, sb *sandbox.Running, h *harness, sf sweepForm, i int) {
	field := sf.fields[i]
	f := h.form()
	for {
		cur := f.Focused()
		if cur == nil {
			t.Fatalf("no field has the focus:\n%s", h.view())
		}
		if cur.Title == field.title {
			break
		}
		h.press("enter")
		h.until("the focus to move on from "+cur.Title, func() bool { return f.Focused() != cur })
	}
	ff := h.waitField(field.title)
	if ff.Kind != form.Input && ff.Kind != form.TextArea {
		t.Fatalf("%s is not a text field", field.title)
	}
	orig := ff.Current()
	before := len(sb.Server.Requests())
	// says checks the frame after an input: the message at the field, nothing sent,
	// nothing raw drawn (and, after a send, that the form says nothing was sent).
	// Everything happens in Update, at the key: there is nothing to wait for.
	says := func(what, want string, sent bool) {
		t.Helper()
		content := h.m.View().Content
		v := ansi.Strip(content)
		if note := fieldNote(v, field.title); !strings.Contains(note, want) {
			t.Fatalf("%s: the line under %s says %q, want %q:\n%s", what, field.title, note, want, v)
		}
		if sent && !strings.Contains(v, "Nothing was sent: fix the marked field.") {
			t.Fatalf("%s: the form should say nothing was sent:\n%s", what, v)
		}
		if cur := f.Focused(); cur != ff {
			t.Fatalf("%s: the focus should stay on %s", what, field.title)
		}
		if f.Sending() || h.form() != f {
			t.Fatalf("%s: the form sent:\n%s", what, v)
		}
		if n := len(sb.Server.Requests()); n != before {
			t.Fatalf("%s: %d requests reached the sandbox: %+v", what, n-before, sb.Server.Requests()[before:])
		}
		checkFrame(t, content, 120, 40)
		checkDrawn(t, content)
	}

	h.clearField(ff)
	if field.required {
		h.press("ctrl+s")
		says("empty", "is required", true)
	}

	// Pasted: refused whole, said at the field; what it held stays. (What is typed
	// first has a space: no valid path, so the new step's live check stays quiet.)
	pastes := refusedPastes
	if i > 0 {
		pastes = pastes[:4]
	}
	h.update(tea.PasteMsg{Content: "kept here"})
	for _, p := range pastes {
		h.update(tea.PasteMsg{Content: p.text})
		says("a paste of "+p.name, "not pasted: it "+p.says, false)
		if ff.Current() != "kept here" {
			t.Fatalf("a paste of %s changed %s to %q", p.name, field.title, ff.Current())
		}
	}
	// Typed: a bidi override from an input method is refused the same way.
	h.clearField(ff)
	h.update(tea.PasteMsg{Content: "a b"})
	h.press("\u202e")
	says("a typed bidi override", "not typed: it holds text-direction control U+202E", false)
	h.typeText("c")
	if ff.Current() != "a bc" || strings.Contains(fieldNote(h.view(), field.title), "not typed") {
		t.Fatalf("typing on clears the refusal and keeps the text: %q\n%s", ff.Current(), h.view())
	}

	// Long: the field's own check refuses it.
	h.clearField(ff)
	h.update(tea.PasteMsg{Content: strings.Repeat("x", 4000)})
	if len(ff.Current()) != 4000 {
		t.Fatalf("a 4000-character paste fits the field: %d", len(ff.Current()))
	}
	h.press("ctrl+s")
	says("4000 characters", "✗ ", true)

	// The wrong kind of thing: the first typed key by key, the rest pasted (each key
	// costs a frame of the whole form; the field's check sees the same text).
	for n, typed := range slices.Sorted(maps.Keys(field.wrong)) {
		want := field.wrong[typed]
		h.clearField(ff)
		if n == 0 {
			h.typeText(typed)
		} else {
			h.update(tea.PasteMsg{Content: typed})
		}
		h.press("ctrl+s")
		says(fmt.Sprintf("%q", typed), want, true)
		if ff.Current() != typed {
			t.Fatalf("a refused value must stay as typed: %q, want %q", ff.Current(), typed)
		}
	}
	// Leave the field as it came, or valid, for the walk to the next one.
	h.clearField(ff)
	if orig != "" {
		h.fill(sf, ff, orig)
	} else if field.walk != "" {
		h.fill(sf, ff, field.walk)
	}
}

// TestFormsSendValidUnicodeIntact: names, contact fields and host names in other
// scripts, with emoji, typed or pasted, are accepted and reach the server as typed
// (host names in punycode, as the form says).
func TestFormsSendValidUnicodeIntact(t *testing.T) {
	t.Parallel()
	sb, h := openSweepHarness(t)
	const name = "Café Été 🎉"

	// A folder, typed key by key.
	h.press("N")
	h.waitField("Name")
	h.typeText(name)
	h.press("ctrl+s")
	v := h.waitFor("▸ " + name + "/")
	checkDrawn(t, h.m.View().Content)
	var folder struct{ Name string }
	reqs := sent(sb, "POST", "/funnels/funnel/folder/create")
	if len(reqs) != 1 || json.Unmarshal([]byte(reqs[0].Body), &folder) != nil || folder.Name != name {
		t.Fatalf("the folder's name must arrive as typed: %+v\n%s", reqs, v)
	}

	// A folder, pasted with the line break a copied line ends in.
	h.press("N")
	h.waitField("Name")
	h.update(tea.PasteMsg{Content: "Ölmühle — 東京 ✓\n"})
	h.press("ctrl+s")
	h.waitFor("▸ Ölmühle — 東京 ✓/")
	reqs = sent(sb, "POST", "/funnels/funnel/folder/create")
	if len(reqs) != 2 || !strings.Contains(reqs[1].Body, `"name":"Ölmühle — 東京 ✓"`) {
		t.Fatalf("the pasted name must arrive without the line break: %+v", reqs)
	}

	// A step of Spring Sale 2026.
	h.press("g")
	h.selectRow("Spring Sale 2026")
	h.press("n")
	h.waitField("Name")
	h.typeText(name)
	h.press("enter")
	h.waitField("Path")
	h.typeText("/cafe-ete")
	h.waitFor("✓ /cafe-ete is free")
	h.press("ctrl+s")
	h.waitUntil("the new step", func(v string) bool { return strings.Contains(v, name) && h.form() == nil })
	var step struct{ Step struct{ Name string } }
	reqs = sent(sb, "POST", "/funnels/funnel/create-step")
	if len(reqs) != 1 || json.Unmarshal([]byte(reqs[0].Body), &step) != nil || step.Step.Name != name {
		t.Fatalf("the step's name must arrive as typed: %+v", reqs)
	}

	// A conversion event whose contact lives abroad.
	h.press("E")
	h.waitField("Event")
	contact := []struct{ title, typed, sentKey, sent string }{
		{"Email", "zoë@bücher.example", "email", "zoë@xn--bcher-kva.example"},
		{"First name", "Zoë", "firstName", "Zoë"},
		{"Last name", "Ñúñez 🎉", "lastName", "Ñúñez 🎉"},
		{"City", "São Paulo", "city", "São Paulo"},
		{"State or region", "Île-de-France", "state", "Île-de-France"},
		{"Country", "Österreich", "country", "Österreich"},
	}
	for _, c := range contact {
		for h.form().Focused().Title != c.title {
			cur := h.form().Focused()
			h.press("enter")
			h.until("the focus to move on from "+cur.Title, func() bool { return h.form().Focused() != cur })
		}
		h.typeText(c.typed)
	}
	h.press("ctrl+s")
	h.waitFor("✓ Lead event accepted (200)")
	reqs = sent(sb, "POST", "/funnels/event/conversion")
	if len(reqs) != 1 {
		t.Fatalf("%d conversions", len(reqs))
	}
	var ev struct{ Contact map[string]string }
	if err := json.Unmarshal([]byte(reqs[0].Body), &ev); err != nil {
		t.Fatal(err)
	}
	for _, c := range contact {
		if got := ev.Contact[c.sentKey]; got != c.sent {
			t.Errorf("contact.%s arrived as %q, want %q (%s)", c.sentKey, got, c.sent, reqs[0].Body)
		}
	}
	checkDrawn(t, h.m.View().Content)
}

// TestFailedWriteSaysWhetherItMayHaveHappened: a form whose request failed keeps
// everything typed and says what is known. A 4xx is a refusal: nothing was changed.
// A 5xx, a dropped connection or an answer cut short may come after the server did
// the work — the client never sends a write twice by itself (the sandbox's log
// proves it, even for a 503 that names a Retry-After) — so the form says to check
// before sending again; after a cut answer the folder is indeed there.
func TestFailedWriteSaysWhetherItMayHaveHappened(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{Limit: 100000}, 0) // the client's own retries on
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	const create = "/funnels/funnel/folder/create"
	submit := func(name string) string {
		t.Helper()
		h.press("N")
		h.waitField("Name")
		h.typeText(name)
		h.press("ctrl+s")
		v := h.waitUntil("the answer", func(v string) bool { return !strings.Contains(v, "sending…") })
		if h.form() == nil || !strings.Contains(v, "> "+name) {
			t.Fatalf("a failed write keeps the form and the name:\n%s", v)
		}
		checkDrawn(t, h.m.View().Content)
		// What the form says under its fields, its wrapped lines joined; the first of
		// them is on the screen.
		f := h.form()
		var said []string
		for _, l := range f.Under() {
			said = append(said, strings.TrimSpace(ansi.Strip(l)))
		}
		if len(said) < 2 || !strings.Contains(v, said[1]) {
			t.Fatalf("the form says nothing under its fields:\n%s", v)
		}
		return strings.TrimSpace(strings.Join(said, " "))
	}
	discard := func() {
		h.press("esc", "y")
		h.until("the form to close", func() bool { return h.form() == nil })
	}
	count := func(name string) (n int, statuses []int) {
		for _, r := range sent(sb, "POST", create) {
			if strings.Contains(r.Body, `"`+name+`"`) {
				n++
				statuses = append(statuses, r.Status)
			}
		}
		return n, statuses
	}

	sb.Server.FailNext(422, 1, create)
	if v := submit("Refused"); !strings.Contains(v, "✗ 422 Unprocessable Entity — nothing was changed. Edit and send again, or esc.") {
		t.Fatalf("a 422 is a refusal:\n%s", v)
	}
	discard()

	sb.Server.FailNext(503, 1, create)
	if v := submit("Server trouble"); !strings.Contains(v, "✗ 503 Service Unavailable — it may have been done all the same: check before sending again, or esc.") {
		t.Fatalf("a 503 may come after the work:\n%s", v)
	}
	if n, st := count("Server trouble"); n != 1 || st[0] != 503 {
		t.Fatalf("a POST answered 503 must not be sent again: %d sent, statuses %v", n, st)
	}
	discard()

	sb.Server.SetFaults(sandbox.Faults{DropRate: 1})
	v := submit("Dropped")
	sb.Server.SetFaults(sandbox.Faults{})
	if !strings.Contains(v, "✗ no answer from server") || !strings.Contains(v, "it may have been done all the same") {
		t.Fatalf("a dropped connection:\n%s", v)
	}
	if n, st := count("Dropped"); n != 1 || st[0] != 0 {
		t.Fatalf("a dropped POST must not be sent again: %d sent, statuses %v", n, st)
	}
	discard()

	sb.Server.SetFaults(sandbox.Faults{TruncateRate: 1})
	v = submit("Cut short")
	sb.Server.SetFaults(sandbox.Faults{})
	if !strings.Contains(v, "✗ no answer from server") || !strings.Contains(v, "it may have been done all the same") {
		t.Fatalf("an answer cut short:\n%s", v)
	}
	if n, st := count("Cut short"); n != 1 || st[0] != 201 {
		t.Fatalf("the cut answer's POST was made once: %d sent, statuses %v", n, st)
	}
	discard()
	h.press("r")
	h.waitFor("Cut short/") // it was done all the same, as the form said it might be
}

// TestPaletteQueryDrawsNothingHidden: what is pasted or typed into the command
// palette's search is drawn as plain text — no escape sequence, no control and no
// bidi override reaches the frame — and still finds the action.
func TestPaletteQueryDrawsNothingHidden(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{}, 120, 40)
	h.press(":")
	h.update(tea.PasteMsg{Content: "\x1b]52;c;ZXZpbA==\x07new\u202e \x1b[2Jfol\x00der"})
	h.press("\u2066")
	v := h.view()
	if !strings.Contains(v, "new folder") || !strings.Contains(v, "▸ New folder") {
		t.Fatalf("the query is the text without what is hidden, and it finds the action:\n%s", v)
	}
	checkDrawn(t, h.m.View().Content)
	checkFrame(t, h.m.View().Content, 120, 40)
}
