package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/form"
)

// TestFormModalEmbedsAHuhForm proves the frame every form hangs in: a form of
// package form, as the root's overlay, gets the keys, draws inside the overlay, checks its fields before
// anything is sent, sends once, stays open until the root closes it, and asks before
// esc throws typed input away.
func TestFormModalEmbedsAHuhForm(t *testing.T) {
	h := newHarness(t, Options{}, 80, 24)
	var sent []string
	var name string
	open := func() modal {
		name = ""
		f, cmd := newForm(h.m, "New folder", []*form.Group{{Fields: []*form.Field{
			{Key: "name", Title: "Folder name", Hint: "What it is called", Value: &name, Check: validate.FolderName},
		}}}, func(seq uint64) (tea.Cmd, error) {
			sent = append(sent, name)
			return func() tea.Msg { return nil }, nil
		})
		h.runSync(openForm(h.m, f, cmd))
		return h.m.overlay
	}
	fm := open()
	v := h.view()
	if !strings.Contains(v, "New folder") || !strings.Contains(v, "Folder name") || !strings.Contains(v, "What it is called") {
		t.Fatalf("the form should show in its overlay:\n%s", v)
	}
	checkFrame(t, h.m.View().Content, 80, 24)

	// Blank: huh refuses to go on, the field says why, nothing is sent.
	h.press("enter")
	if v := h.view(); len(sent) != 0 || !strings.Contains(v, "✗ is required") {
		t.Fatalf("a blank name must be marked and not sent (sent %q):\n%s", sent, v)
	}

	h.typeText("Spring q") // q types: the form has the keys
	if h.quit {
		t.Fatal("q in a form must type, not quit")
	}
	h.press("enter")
	h.waitUntil("the submit", func(string) bool { return len(sent) > 0 })
	if len(sent) != 1 || sent[0] != "Spring q" {
		t.Fatalf("sent %q", sent)
	}
	if h.m.overlay != fm || !strings.Contains(h.view(), "sending…") || !strings.Contains(h.view(), "Spring q") {
		t.Fatalf("while the request is out the form stays, with what was typed, saying so:\n%s", h.view())
	}
	for range 2 {
		if _, cmd := h.m.Update(keyPress("enter")); cmd != nil || len(sent) != 1 {
			t.Fatalf("a second enter while sending must do nothing at all (sent %q)", sent)
		}
	}

	// esc with something typed asks first; n keeps the form, y throws it away.
	fm = open()
	h.typeText("x")
	h.press("esc")
	if h.m.overlay != fm || !strings.Contains(h.view(), "Discard what you typed? y/n") {
		t.Fatalf("esc with typed input must ask:\n%s", h.view())
	}
	h.press("n")
	if h.m.overlay != fm || strings.Contains(h.view(), "Discard") || !strings.Contains(h.view(), "x") {
		t.Fatalf("n keeps the form and what was typed:\n%s", h.view())
	}
	h.press("esc", "y")
	if h.m.overlay != nil || len(sent) != 1 {
		t.Fatal("y after esc closes the form without sending")
	}

	// Nothing typed: esc closes at once.
	open()
	h.press("esc")
	if h.m.overlay != nil {
		t.Fatal("esc on an untouched form closes it")
	}
}

// TestFormsReadWithoutColour: under NO_COLOR the focused field keeps huh's bar, an
// example looks like one (faint, "e.g."), a problem carries ✗, and the focused
// button of a question is in reverse video.
func TestFormsReadWithoutColour(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 80, 24)
	h.update(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	h.waitFor("Spring Sale 2026")
	h.press("N")
	h.waitFor("┃ Name", "e.g. Spring campaigns")
	if l := line(h.m.View().Content, "Spring campaigns"); !strings.Contains(l, ";2m.g. Spring") && !strings.Contains(l, "[2m.g. Spring") {
		t.Fatalf("the example is faint without colour: %q", l)
	}
	h.press("enter")
	h.waitFor("✗ is required")
	h.press("esc")
	h.selectRow("Free 7-Day Trial") // its Sign Up step has two live pages
	h.press("tab")
	h.selectRow("Sign Up")
	h.press("tab")
	h.waitUntil("the pages", func(string) bool { return h.m.pages.selected() != nil && h.m.pages.step.name == "Sign Up" })
	h.press("A")
	h.waitFor("Archive “")
	if l := line(h.m.View().Content, "Cancel"); !strings.Contains(l, ";7m") && !strings.Contains(l, "[7m") {
		t.Fatalf("the focused button is in reverse video without colour: %q", l)
	}
}
