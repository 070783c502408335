package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// TestFormModalEmbedsAHuhForm proves the overlay contract the next issue's forms rely
// on: a huh form in a formModal gets the keys, draws inside the frame, submits once
// and closes; esc closes without submitting.
func TestFormModalEmbedsAHuhForm(t *testing.T) {
	h := newHarness(t, Options{}, 80, 24)
	var submitted []string
	open := func() {
		form := huh.NewForm(huh.NewGroup(huh.NewInput().Key("name").Title("Folder name")))
		fm, cmd := newFormModal(h.m.sh, "New folder", form, func(_ *Model, f *huh.Form) tea.Cmd {
			submitted = append(submitted, f.GetString("name"))
			return nil
		})
		h.m.overlay = fm
		h.runSync(cmd)
	}
	open()
	v := h.view()
	if !strings.Contains(v, "New folder") || !strings.Contains(v, "Folder name") {
		t.Fatalf("the form should show in its overlay:\n%s", v)
	}
	checkFrame(t, h.m.View().Content, 80, 24)
	h.typeText("Spring q") // q types: the form has the keys
	if h.quit {
		t.Fatal("q in a form must type, not quit")
	}
	h.press("enter")
	h.waitUntil("the submit", func(string) bool { return len(submitted) == 1 })
	if submitted[0] != "Spring q" || h.m.overlay != nil {
		t.Fatalf("submitted %q, overlay %v", submitted, h.m.overlay)
	}
	open()
	h.typeText("x")
	h.press("esc")
	if h.m.overlay != nil || len(submitted) != 1 {
		t.Fatal("esc closes the form without submitting")
	}
}
