package form

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// What a field takes, in characters. A paste that would pass the limit is refused
// whole: the text input would otherwise cut it short without a word.
const (
	inputCharLimit = 4096
	textCharLimit  = 64 << 10
)

// refuseInput keeps out of the focused field what no field ever holds, and says so at
// the field: a paste or a typed key carrying an escape sequence, a control character
// (tabs and line breaks aside, which the input turns into spaces) or an invisible
// formatting character such as a bidi override, or a paste longer than the field
// takes. Left to the text input, the controls would be dropped silently ("\x1b[2J"
// arriving as "[2J", ready to be sent) and a bidi override drawn as it is, reordering
// the line on screen. The whole text is refused; what the field held stays. It
// reports whether msg was refused.
func (f *Form) refuseInput(msg tea.Msg) bool {
	var text, verb string
	switch msg := msg.(type) {
	case tea.PasteMsg:
		text, verb = msg.Content, "not pasted: "
	case tea.KeyPressMsg:
		text, verb = msg.Text, "not typed: "
	default:
		return false
	}
	if text == "" {
		return false
	}
	ff := f.Focused()
	if ff == nil || ff.Value == nil {
		return false
	}
	why := unsafeText(text)
	if why == "" && ff.Kind != Select {
		limit := inputCharLimit
		if ff.Kind == TextArea {
			limit = textCharLimit
		}
		held := utf8.RuneCountInString(ff.Current())
		if ff.selected {
			held = 0 // what comes replaces the value (prefill.go)
		}
		why = overLimit(held, utf8.RuneCountInString(text), limit)
	}
	if why == "" {
		return false
	}
	ff.refused, ff.refusedVal = verb+"it "+why+"; the field is unchanged", ff.Current()
	f.refresh()
	return true
}

// overLimit says why adding characters to a field holding held would pass limit, or
// "" when it would not: the length it would have, not only the length of what came
// (a key typed into a full field is one character, the field would be limit+1).
func overLimit(held, adding, limit int) string {
	switch {
	case held+adding <= limit:
		return ""
	case held == 0 || adding > limit:
		return fmt.Sprintf("is %s, more than the %d this field takes", characters(adding), limit)
	}
	return fmt.Sprintf("would make the field %s long (it holds %d), more than the %d it takes", characters(held+adding), held, limit)
}

// characters is "1 character" or "N characters".
func characters(n int) string {
	if n == 1 {
		return "1 character"
	}
	return fmt.Sprintf("%d characters", n)
}

// unsafeText says what is wrong with s for a field ("holds an escape sequence"), or
// "" when nothing.
func unsafeText(s string) string {
	if !utf8.ValidString(s) {
		return "is not valid UTF-8 text"
	}
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r' || r == '\u200d':
			// Whitespace the input turns into spaces; the joiner of emoji sequences.
		case r == 0x1b || r == 0x9b:
			return "holds an escape sequence"
		case unicode.IsControl(r):
			return fmt.Sprintf("holds control character U+%04X", r)
		case isBidiControl(r):
			return fmt.Sprintf("holds text-direction control U+%04X, which reorders what is shown", r)
		case unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029':
			return fmt.Sprintf("holds invisible character U+%04X", r)
		}
	}
	return ""
}

// isBidiControl reports the characters that change the direction text is shown in.
func isBidiControl(r rune) bool {
	return r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069' || r == '\u200e' || r == '\u200f' || r == '\u061c'
}
