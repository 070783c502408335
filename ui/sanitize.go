package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// sanitize makes a string from the server safe to draw: escape sequences (CSI, OSC,
// DCS …) are removed, C0 and C1 control characters and DEL are dropped (tabs and line
// breaks become a space, so a name stays on its row), invalid UTF-8 becomes U+FFFD,
// and invisible format characters that could reorder or hide text (bidi overrides,
// zero-width spaces) are dropped. Printable Unicode is kept as it is.
//
// It runs once, when data arrives (in the loading commands), never in View.
func sanitize(s string) string {
	if isPlainASCII(s) {
		return s // the common case: no copy
	}
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1:
			b.WriteRune(unicode.ReplacementChar)
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case keepRune(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isPlainASCII reports whether s holds only printable ASCII (0x20–0x7E).
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// keepRune keeps graphic runes (letters, marks, numbers, punctuation, symbols,
// spaces) and the zero-width joiner that emoji sequences need; every control (Cc) and
// other format character (Cf: bidi overrides, BOM, zero-width space …) is dropped.
func keepRune(r rune) bool {
	if r == '\u200d' {
		return true
	}
	return unicode.IsGraphic(r) && !unicode.Is(unicode.Cc, r)
}
