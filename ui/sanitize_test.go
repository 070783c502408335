package ui

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestSanitize(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Spring Sale 2026", "Spring Sale 2026"},
		{"red \x1b[31mtext\x1b[0m", "red text"},
		{"title\x1b]0;pwned\x07 end", "title end"},
		{"link \x1b]8;;https://evil\x1b\\here\x1b]8;;\x1b\\", "link here"},
		{"bell\x07 del\x7f nul\x00", "bell del nul"},
		{"c1 \u009b31m csi", "c1 31m csi"}, // the C1 CSI is dropped; what followed it is harmless text
		{"tab\tand\nnewline\r", "tab and newline "},
		{"bidi \u202egnp.exe", "bidi gnp.exe"},
		{"zero\u200bwidth", "zerowidth"},
		{"café 日本 👩\u200d💻", "café 日本 👩\u200d💻"},
		{"bad \xff utf8", "bad  utf8"},
		{"lone ESC at end \x1b", "lone ESC at end "},
	}
	for _, c := range cases {
		if got := sanitize(c.in); got != c.want {
			t.Errorf("sanitize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// checkSanitized fails when s could still move the cursor, change colours or reorder
// text on a terminal.
func checkSanitized(t *testing.T, in, s string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Fatalf("sanitize(%q) = %q: not valid UTF-8", in, s)
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) {
			t.Fatalf("sanitize(%q) = %q: keeps control %U", in, s, r)
		}
		if unicode.Is(unicode.Cf, r) && r != '\u200d' {
			t.Fatalf("sanitize(%q) = %q: keeps format character %U", in, s, r)
		}
	}
	if strings.ContainsRune(s, 0x1b) {
		t.Fatalf("sanitize(%q) = %q: keeps ESC", in, s)
	}
}

func FuzzSanitize(f *testing.F) {
	for _, seed := range []string{
		"", "plain", "\x1b[31mred\x1b[0m", "\x1b]0;title\x07", "\x1b]52;c;aGk=\x07",
		"\x1bP1$r\x1b\\", "\u009b2J", "\x00\x01\x7f", "\xff\xfe", "\u202e\u2066x\u2069",
		"日本語 🚀", "\x1b[", "\x1b]8;;http://x\x1b\\y", "a\r\nb\tc",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := sanitize(in)
		checkSanitized(t, in, out)
		if again := sanitize(out); again != out {
			t.Fatalf("sanitize is not idempotent: %q → %q → %q", in, out, again)
		}
	})
}
