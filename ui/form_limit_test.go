package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// A paste or a key that would pass a field's limit is refused with the length the
// field would have had, not the length of what came (a key is one character).
func TestRefusedLengthIsTheFieldsLength(t *testing.T) {
	_, h := openSweepHarness(t)
	h.press("N")
	ff := h.waitField("Name")
	h.update(tea.PasteMsg{Content: strings.Repeat("x", inputCharLimit-10)})
	h.update(tea.PasteMsg{Content: strings.Repeat("y", 30)})
	want := "not pasted: it would make the field 4116 characters long (it holds 4086)"
	if ff.refused == "" || !strings.HasPrefix(ff.refused, want) {
		t.Errorf("a paste past the limit says %q, want %q", ff.refused, want)
	}
	h.update(tea.PasteMsg{Content: strings.Repeat("y", 10)})
	h.press("z")
	want = "not typed: it would make the field 4097 characters long (it holds 4096)"
	if !strings.HasPrefix(ff.refused, want) || len(ff.current()) != inputCharLimit {
		t.Errorf("a key into a full field says %q, want %q (the field holds %d)", ff.refused, want, len(ff.current()))
	}
}
