package termtext

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// TestLineWhereTheTwoSanitisersDisagreed pins the four answers the command line's
// and the browser's sanitisers used to give differently.
func TestLineWhereTheTwoSanitisersDisagreed(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		width          int
	}{
		// U+009B is CSI: "31m" is its parameters and final byte, not text.
		{"C1 CSI", "c1 \u009b31m csi", "c1  csi", 7},
		{"C1 CSI cut short", "c1 \u009b31", "c1 ", 3},
		// A reader should see that something was there.
		{"invalid UTF-8", "bad \xff utf8", "bad \ufffd utf8", 10},
		{"invalid UTF-8, two bytes", "\xff\xfe", "\ufffd\ufffd", 2},
		// The joiner inside an emoji sequence keeps it one picture, two columns wide.
		{"ZWJ emoji", "café 日本 👩\u200d💻", "café 日本 👩\u200d💻", 12},
		{"ZWJ family", "👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧", 2},
		// A joiner that joins nothing is dropped.
		{"lone ZWJ between letters", "a\u200db", "ab", 2},
		{"lone ZWJ at the start", "\u200dSpring", "Spring", 6},
		{"lone ZWJ at the end", "Spring\u200d", "Spring", 6},
		{"ZWJ after an emoji, before a letter", "🎉\u200dx", "🎉x", 3},
		{"two joiners", "👩\u200d\u200d💻", "👩\u200d💻", 2},
		// ESC ( B designates a character set: three bytes, all of them the sequence.
		{"ESC ( B", "a\x1b(Bb", "ab", 2},
		{"ESC ( 0 line drawing", "\x1b(0lqqk\x1b(B", "lqqk", 4},
	} {
		got := Line(c.in)
		if got != c.want {
			t.Errorf("%s: Line(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
		if w := ansi.StringWidth(got); w != c.width {
			t.Errorf("%s: Line(%q) is %d columns wide, want %d", c.name, c.in, w, c.width)
		}
	}
}

// TestLine is every hostile string either sanitiser was tested with.
func TestLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                                             "plain",
		"Spring Sale 2026":                                  "Spring Sale 2026",
		"Café 🎉 Ünïcode":                                    "Café 🎉 Ünïcode",
		"red \x1b[31mALERT\x1b[0m done":                     "red ALERT done",
		"title \x1b]0;pwned\x07 after":                      "title  after",
		"osc-st \x1b]8;;http://x\x1b\\link":                 "osc-st link",
		"link \x1b]8;;https://evil\x1b\\here\x1b]8;;\x1b\\": "link here",
		"dcs \x1bPq#0;2;0;0;0\x1b\\ end":                    "dcs  end",
		"c1 osc \u009d0;pwned\u009c after":                  "c1 osc  after",
		"two\nlines\tand\rcr":                               "two lines and cr",
		"bell\x07 nul\x00 del\x7f":                          "bell nul del",
		"bidi \u202egnp.exe\u202c":                          "bidi gnp.exe",
		"zero\u200bwidth":                                   "zerowidth",
		"cut \x1b[":                                         "cut ",
		"lone esc \x1b":                                     "lone esc ",
		"esc then letter \x1bc reset":                       "esc then letter  reset",
		"line sep\u2028para\u2029":                          "line seppara",
		"tag \U000e0001":                                    "tag ",
	} {
		if got := Line(in); got != want {
			t.Errorf("Line(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Block("a\n\tb\r\n\x1b[2Jc"); got != "a\n\tb\nc" {
		t.Errorf("Block keeps %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Line("Spring Sale 2026") }); n != 0 {
		t.Errorf("plain ASCII costs %v allocations, want none", n)
	}
}

func TestEscapeJSONKeepsTheMeaning(t *testing.T) {
	in := map[string]any{"name": "x\u0085y\u202ez\U000e0001", "esc": "\x1b[31m", "ok": "Café 👩\u200d💻"}
	enc, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	out := string(EscapeJSON(enc))
	if strings.ContainsFunc(out, func(r rune) bool { return !unicode.IsGraphic(r) }) {
		t.Errorf("unsafe characters left: %q", out)
	}
	var back map[string]any
	if err := json.Unmarshal([]byte(out), &back); err != nil || back["name"] != in["name"] || back["esc"] != in["esc"] || back["ok"] != in["ok"] {
		t.Errorf("round trip: %v %q", err, back)
	}
	for _, esc := range []string{`\u0085`, `\u202e`, `\udb40\udc01`, `\u200d`} {
		if !strings.Contains(out, esc) {
			t.Errorf("%s missing: %s", esc, out)
		}
	}
}

// checkSafe fails when out could still move the cursor, change colours, reorder text
// or leave a joiner that joins nothing.
func checkSafe(t *testing.T, in, out string, keepLines bool) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%q → %q: not valid UTF-8", in, out)
	}
	for i, r := range out {
		switch {
		case keepLines && (r == '\n' || r == '\t'):
		case r == '\u200d':
			if i == 0 || i+len("\u200d") == len(out) {
				t.Fatalf("%q → %q: a joiner at an end", in, out)
			}
		case !unicode.IsGraphic(r):
			t.Fatalf("%q → %q: keeps %U", in, out, r)
		}
	}
}

func FuzzSanitize(f *testing.F) {
	for _, seed := range []string{
		"", "plain", "\x1b[31mred\x1b[0m", "\x1b]0;title\x07", "\x1b]52;c;aGk=\x07",
		"\x1bP1$r\x1b\\", "\u009b2J", "\x00\x01\x7f", "\xff\xfe", "\u202e\u2066x\u2069",
		"日本語 🚀", "\x1b[", "\x1b]8;;http://x\x1b\\y", "a\r\nb\tc", "a\x1b(Bb", "👩\u200d💻",
		"a\u200d", "\u200d👩", "👩\u200d\x1b[0m💻",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		line := Line(in)
		checkSafe(t, in, line, false)
		if again := Line(line); again != line {
			t.Fatalf("Line is not idempotent: %q → %q → %q", in, line, again)
		}
		if ansi.StringWidth(line) != ansi.StringWidth(ansi.Strip(line)) {
			t.Fatalf("Line(%q) = %q still holds something the width counts as a sequence", in, line)
		}
		checkSafe(t, in, Block(in), true)

		enc, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		safe := EscapeJSON(enc)
		var back string
		if err := json.Unmarshal(safe, &back); err != nil || (utf8.ValidString(in) && back != in) {
			t.Fatalf("EscapeJSON(%s) = %s → %q, %v", enc, safe, back, err)
		}
		if strings.ContainsFunc(string(safe), func(r rune) bool { return !unicode.IsGraphic(r) }) {
			t.Fatalf("EscapeJSON(%s) = %q", enc, safe)
		}
	})
}
