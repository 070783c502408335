package main

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Strings from the server reach the terminal only through these helpers (DESIGN.md:
// no escape sequences). They are small and local so that the headless commands do not
// depend on the browser's packages.

// cleanLine makes a server string safe for one line of a terminal: escape sequences
// are dropped whole, other control and invisible formatting characters (bidi
// overrides included) are dropped, and tabs and line breaks become spaces.
func cleanLine(s string) string { return clean(s, false) }

// cleanBlock is cleanLine for text of several lines: it keeps newlines and tabs.
func cleanBlock(s string) string { return clean(s, true) }

func clean(s string, keepLines bool) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b: // ESC: skip the whole sequence it starts
			i += escapeLength(s[i:])
			continue
		case r == 0x9b: // CSI as one C1 character
			i += size + csiBodyLength(s[i+size:])
			continue
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\n' || r == '\t' || r == '\r':
			switch {
			case !keepLines:
				b.WriteByte(' ')
			case r != '\r':
				b.WriteRune(r)
			}
		case unsafeRune(r):
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}

// unsafeRune reports runes a terminal may act on or that change how text around them
// reads: controls (C0, DEL, C1) and invisible formatting characters.
func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029'
}

// escapeLength is how many bytes the escape sequence at the start of s takes (s[0]
// is ESC): CSI up to its final byte, OSC/DCS/APC/PM/SOS up to BEL or ST, otherwise
// ESC and the one character after it.
func escapeLength(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		return 2 + csiBodyLength(s[2:])
	case ']', 'P', '_', '^', 'X':
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
		return len(s)
	}
	_, size := utf8.DecodeRuneInString(s[1:])
	return 1 + size
}

// csiBodyLength is the length of a CSI sequence's parameters and final byte.
func csiBodyLength(s string) int {
	for j := 0; j < len(s); j++ {
		switch c := s[j]; {
		case c >= 0x40 && c <= 0x7e: // the final byte
			return j + 1
		case c < 0x20 || c > 0x7e: // not part of a sequence: stop before it
			return j
		}
	}
	return len(s)
}

// escapeJSONText makes encoded JSON safe for a terminal without changing what it
// means: the characters a terminal could act on can only sit inside JSON strings
// there, so each is written as its \u escape. Invalid UTF-8 becomes U+FFFD.
func escapeJSONText(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case r == '\n' || r == '\t' || r == '\r' || r == ' ':
			out = append(out, b[i:i+size]...)
		case unsafeRune(r):
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
