// Package termtext makes text from outside the program safe to show on a terminal.
// Every string a server sent (names, paths, error messages) reaches the screen
// through it: the browser's rows and status bar, and the tables, messages and JSON
// of the commands. One set of rules for both, so that what the browser shows and what
// a command prints cannot disagree:
//
//   - Escape sequences are dropped whole, as a terminal would read them: ESC with its
//     intermediates and final byte (ESC ( B is three bytes), CSI whether it starts
//     with ESC [ or with the one character U+009B (its parameters go with it), and
//     the string sequences OSC, DCS, SOS, PM and APC (7-bit or C1) up to BEL or ST.
//   - Other controls (C0, DEL, C1) are dropped; tabs and line breaks become a space
//     in Line (so a name stays on its row) and stay in Block.
//   - Invalid UTF-8 becomes U+FFFD, so a reader sees that something was there.
//   - Only graphic characters are kept: format characters that reorder or hide text
//     (bidi overrides, zero-width spaces, tags) and unassigned or private code points
//     are dropped. A zero-width joiner is kept only where it joins a grapheme (the
//     emoji sequence 👩‍💻 stays whole); a lone one is dropped, because terminals
//     disagree on its width and a row would come out a column too wide.
//
// Text made safe is fitted by the same rules on both sides too (fit.go): CutMiddle
// for a name or path whose end tells it apart, CutEnd, and Wrap at spaces only; and
// the columns of every table share their room one way (columns.go: FillColumns).
//
// The package lives under ui/ because it is about what a terminal draws; the
// commands (cli/) import it too. client/ must not: it knows nothing of terminals.
package termtext

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/graphemes"
)

const zwj = '\u200d'

// Line makes s safe for one line of a terminal: see the package doc. Plain printable
// ASCII comes back as it is, without a copy.
func Line(s string) string { return clean(s, false) }

// Block is Line for text of several lines: newlines and tabs stay (carriage returns
// go).
func Block(s string) string { return clean(s, true) }

func clean(s string, keepLines bool) string {
	if isPlainASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	joiners := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b:
			i += escapeLength(s[i:])
			continue
		case r == 0x9b: // CSI as one C1 character
			i += size + csiBodyLength(s[i+size:])
			continue
		case r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f: // DCS, SOS, OSC, PM, APC
			i += size + stringBodyLength(s[i+size:])
			continue
		case r == utf8.RuneError && size == 1:
			b.WriteRune(unicode.ReplacementChar)
		case r == '\n' || r == '\t' || r == '\r':
			switch {
			case !keepLines:
				b.WriteByte(' ')
			case r != '\r':
				b.WriteRune(r)
			}
		case r == zwj:
			b.WriteRune(r)
			joiners = true
		case unicode.IsGraphic(r):
			b.WriteRune(r)
		}
		i += size
	}
	if !joiners {
		return b.String()
	}
	return dropLoneJoiners(b.String())
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

// dropLoneJoiners keeps a zero-width joiner only where it is inside a grapheme
// cluster (followed by more of the cluster, as in an emoji ZWJ sequence); one that
// ends its cluster joins nothing.
func dropLoneJoiners(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	g := graphemes.FromString(s)
	for g.Next() {
		cluster := g.Value()
		if !strings.ContainsRune(cluster, zwj) {
			b.WriteString(cluster)
			continue
		}
		for i, r := range cluster {
			if r == zwj && i+utf8.RuneLen(r) == len(cluster) {
				continue // last in its cluster: joins nothing
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// escapeLength is how many bytes the escape sequence at the start of s takes (s[0]
// is ESC): CSI up to its final byte, a string sequence up to BEL or ST, otherwise ESC
// with its intermediates (0x20–0x2F) and final byte (0x30–0x7E). An ESC followed by
// anything else is dropped alone.
func escapeLength(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		return 2 + csiBodyLength(s[2:])
	case ']', 'P', '_', '^', 'X':
		return 2 + stringBodyLength(s[2:])
	}
	j := 1
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
		j++
	}
	if j < len(s) && s[j] >= 0x30 && s[j] <= 0x7e {
		return j + 1
	}
	if j > 1 {
		return j // intermediates cut short: drop what there was
	}
	return 1
}

// csiBodyLength is the length of a CSI sequence's parameters, intermediates and final
// byte. A byte that cannot be part of one ends it before that byte.
func csiBodyLength(s string) int {
	for j := 0; j < len(s); j++ {
		switch c := s[j]; {
		case c >= 0x40 && c <= 0x7e: // the final byte
			return j + 1
		case c < 0x20 || c > 0x7e:
			return j
		}
	}
	return len(s)
}

// stringBodyLength is the length of the body of OSC, DCS, SOS, PM or APC with its
// terminator: BEL, ESC \ or the C1 ST (U+009C). Unterminated, it runs to the end.
func stringBodyLength(s string) int {
	for j := 0; j < len(s); j++ {
		switch {
		case s[j] == 0x07:
			return j + 1
		case s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\':
			return j + 2
		case strings.HasPrefix(s[j:], "\u009c"):
			return j + len("\u009c")
		}
	}
	return len(s)
}

// EscapeJSON makes encoded JSON safe for a terminal without changing what it means:
// the characters a terminal could act on can only sit inside JSON strings there, so
// each character Line would not keep as it is is written as its \u escape (joiners
// included). Invalid UTF-8 becomes \ufffd.
func EscapeJSON(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case r == '\n' || r == '\t' || r == '\r':
			out = append(out, b[i:i+size]...)
		case !unicode.IsGraphic(r):
			out = appendUnicodeEscape(out, r)
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}

func appendUnicodeEscape(out []byte, r rune) []byte {
	if r > 0xffff { // as a surrogate pair, the way JSON spells it
		r -= 0x10000
		out = appendUnicodeEscape(out, 0xd800+(r>>10))
		return appendUnicodeEscape(out, 0xdc00+(r&0x3ff))
	}
	h := strconv.FormatInt(int64(r), 16)
	out = append(out, `\u`...)
	out = append(out, strings.Repeat("0", 4-len(h))...)
	return append(out, h...)
}
