package form

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// A paste or a key that would pass a field's limit is refused with the length the
// field would have had, not the length of what came (a key is one character).
func TestRefusedLengthIsTheFieldsLength(t *testing.T) {
	var sent []string
	f, ff := nameForm(newTestHost(), &sent)
	f.Update(tea.PasteMsg{Content: strings.Repeat("x", inputCharLimit-10)})
	f.Update(tea.PasteMsg{Content: strings.Repeat("y", 30)})
	want := "not pasted: it would make the field 4116 characters long (it holds 4086)"
	if ff.refused == "" || !strings.HasPrefix(ff.refused, want) {
		t.Errorf("a paste past the limit says %q, want %q", ff.refused, want)
	}
	f.Update(tea.PasteMsg{Content: strings.Repeat("y", 10)})
	press(t, f, "z")
	want = "not typed: it would make the field 4097 characters long (it holds 4096)"
	if !strings.HasPrefix(ff.refused, want) || len(ff.Current()) != inputCharLimit {
		t.Errorf("a key into a full field says %q, want %q (the field holds %d)", ff.refused, want, len(ff.Current()))
	}
}

// A paste carrying an escape sequence or a bidi override is refused whole, and the
// field keeps what it held.
func TestUnsafePastesAreRefusedWhole(t *testing.T) {
	for _, paste := range []string{"ok\x1b[2Jgone", "a\u202ereversed", "bell\a"} {
		var sent []string
		f, ff := nameForm(newTestHost(), &sent)
		typeText(t, f, "Kept")
		f.Update(tea.PasteMsg{Content: paste})
		if ff.Current() != "Kept" || !strings.HasPrefix(ff.refused, "not pasted: it holds") {
			t.Errorf("paste %q: field %q, refused %q", paste, ff.Current(), ff.refused)
		}
	}
}
