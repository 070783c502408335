package form

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// Letters typed into a choice find the option they name, as in a list box: "pur"
// picks Purchase, "upsell" the upsell step, in one burst or key by key. The pick is
// the field's value at once, so enter moves on with it and the Send key sends it.
// What was typed shows under the field's title; backspace takes a letter back, esc
// forgets the search (the pick stays), an arrow or another field ends it. A search
// that names no option says so there and holds the focus: enter would otherwise move
// on with a choice the person did not mean, and what they typed would be gone.
// Letters belong to the search, so h/j/k/l and g/G do not move in a choice; the
// arrows, home and end do (newKeyMap).

// maxSearch is the most a choice's search holds, in characters.
const maxSearch = 64

// choose takes msg for the focused choice when it types into, edits or ends the
// search; it reports whether msg was used up.
func (f *Form) choose(msg tea.Msg) bool {
	ff := f.Focused()
	if ff == nil || ff.Kind != Select || ff.choice == nil || ff.Value == nil {
		return false
	}
	var text string
	switch msg := msg.(type) {
	case tea.PasteMsg:
		text = strings.Join(strings.Fields(msg.Content), " ")
	case tea.KeyPressMsg:
		k := f.h.Keys()
		switch {
		case msg.Text != "" && (ff.search != "" || strings.TrimSpace(msg.Text) != ""):
			text = msg.Text
		case ff.search == "":
			return false
		case msg.String() == "backspace":
			_, size := utf8.DecodeLastRuneInString(ff.search)
			ff.search = ff.search[:len(ff.search)-size]
			f.pick(ff)
			return true
		case key.Matches(msg, k.Cancel):
			ff.search = ""
			return true
		case bestOption(ff.Options, ff.search) < 0:
			// No option matches: moving on or sending would take the old choice.
			return true
		default:
			ff.search = "" // an arrow, enter, tab: the search is over
			return false
		}
	default:
		return false
	}
	if text == "" {
		return false
	}
	if utf8.RuneCountInString(ff.search+text) > maxSearch {
		return true // longer than any option's name: it matches nothing already
	}
	ff.search += text
	f.pick(ff)
	return true
}

// pick highlights the option that best matches ff's search and makes it ff's value;
// with no match the choice stays as it was.
func (f *Form) pick(ff *Field) {
	i := bestOption(ff.Options, ff.search)
	if i < 0 {
		return
	}
	*ff.Value = ff.Options[i].Value
	ff.choice.Value(ff.Value)
	f.form.Update(nil) // on any message huh scrolls a choice's list to its highlight
}

// bestOption is the index of the option the search s names best, or -1: an option
// whose label or value is s, then one whose label starts with s, then one with a word
// starting with s, then one holding s anywhere; the first of the best. Case does not
// count.
func bestOption(opts []huh.Option[string], s string) int {
	s = strings.ToLower(s)
	if strings.TrimSpace(s) == "" {
		return -1
	}
	best, rank := -1, 0
	for i, o := range opts {
		if r := matchRank(strings.ToLower(o.Key), strings.ToLower(o.Value), s); r > rank {
			best, rank = i, r
		}
	}
	return best
}

// matchRank is how well the search s names an option labelled label with value value:
// 4 the whole of either, 3 the start of the label, 2 the start of a word of it, 1
// anywhere in it, 0 not at all.
func matchRank(label, value, s string) int {
	switch {
	case label == s || value == s:
		return 4
	case strings.HasPrefix(label, s):
		return 3
	}
	at := strings.Index(label, s)
	if at < 0 {
		return 0
	}
	for ; at >= 0; at = nextIndex(label, s, at) {
		if r, _ := utf8.DecodeLastRuneInString(label[:at]); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return 2
		}
	}
	return 1
}

// nextIndex is where s is found in text after position at, or -1.
func nextIndex(text, s string, at int) int {
	i := strings.Index(text[at+1:], s)
	if i < 0 {
		return -1
	}
	return at + 1 + i
}

// searchLine is the line under a choice's title while its search is in use.
func searchLine(ff *Field, look *Look) string {
	if bestOption(ff.Options, ff.search) < 0 {
		return look.Error.Render("✗ no choice matches \"" + ff.search + "\" · backspace erases · esc clears")
	}
	return "\"" + ff.search + "\" · backspace erases · esc clears"
}
