package redirectplan

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A file of redirects is opened in spreadsheets and shown with cat, and its values
// come from a server anyone with the redirect scope writes to. So a CSV cell that a
// spreadsheet would run as a formula (one starting =, +, - or @) is written after a
// ' — the mark spreadsheets take for "text" — and one holding a character that a
// terminal or an editor acts on or hides (ESC, BEL, a carriage return, U+202E …)
// is written as ' and the value quoted with Go's escapes ('"\x1b]52;…"), so the
// file holds no such byte; so is one with a space at either end, which reading
// would trim. A cell that starts with ' itself gets one more. Reading undoes both,
// so an export imports back as it was.

// formulaStart are the first characters spreadsheets read as a formula.
const formulaStart = "=+-@"

// escapeCell is value as a CSV cell of ours: as it is, or escaped as above.
func escapeCell(v string) string {
	switch {
	case hidesSomething(v) || strings.HasPrefix(v, " ") || strings.HasSuffix(v, " "):
		return "'" + strconv.Quote(v)
	case v != "" && (strings.IndexByte(formulaStart, v[0]) >= 0 || v[0] == '\''):
		return "'" + v
	}
	return v
}

// unescapeCell is the value a CSV cell holds: escapeCell undone. A cell of ' and a
// quoted string is that string; any other cell starting with ' is the rest of it.
func unescapeCell(c string) string {
	rest, ok := strings.CutPrefix(c, "'")
	if !ok {
		return c
	}
	if strings.HasPrefix(rest, `"`) {
		if v, err := strconv.Unquote(rest); err == nil {
			return v
		}
	}
	return rest
}

// hidesSomething reports a value that is not valid UTF-8 or holds a character Go
// does not count as printable: control characters (tab, CR and LF included),
// format characters such as bidirectional overrides, separators other than the
// space.
func hidesSomething(v string) bool {
	return !utf8.ValidString(v) || strings.ContainsFunc(v, func(r rune) bool { return !strconv.IsPrint(r) })
}

// jsonVisible is JSON text b with every character that is not printable written as
// a \u escape. encoding/json escapes the control characters below U+0020 and the
// line separators itself, but leaves DEL, the C1 controls (U+009B is a terminal's
// CSI) and the bidirectional overrides as they are. They can only stand inside
// strings, where a \u escape reads back as the same character; the newlines and
// spaces of the layout are printable or left alone.
func jsonVisible(b []byte) []byte {
	if !bytes.ContainsFunc(b, func(r rune) bool { return r != '\n' && !strconv.IsPrint(r) }) {
		return b
	}
	var out bytes.Buffer
	out.Grow(len(b) + 64)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		switch {
		case r == '\n' || strconv.IsPrint(r) || r == utf8.RuneError && size == 1:
			out.Write(b[:size])
		case r > 0xffff:
			hi, lo := utf16.EncodeRune(r)
			fmt.Fprintf(&out, `\u%04x\u%04x`, hi, lo)
		default:
			fmt.Fprintf(&out, `\u%04x`, r)
		}
		b = b[size:]
	}
	return out.Bytes()
}
