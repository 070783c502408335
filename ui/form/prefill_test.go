package form

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/validate"
)

// domainForm is a form of a domain filled in with host, then a path.
func domainForm(h Host, host string) (*Form, *Field, *Field) {
	domain, path := host, ""
	d := &Field{Key: "domain", Title: "Domain", Value: &domain, Check: validate.HostName}
	p := &Field{Key: "path", Title: "Path", Value: &path, Optional: true}
	f, _ := New(h, "New redirect", []*Group{{Fields: []*Field{d, p}}}, func(seq uint64) (tea.Cmd, error) {
		return func() tea.Msg { return seq }, nil
	})
	return f, d, p
}

// TestAPrefilledFieldIsReplacedByTyping: the first character typed into a field the
// form opened with a value replaces the value; a paste does too, and backspace clears
// it whole.
func TestAPrefilledFieldIsReplacedByTyping(t *testing.T) {
	h := newTestHost()
	f, d, _ := domainForm(h, "offers.lakesidefit.com")
	if !d.selected {
		t.Fatal("the pre-filled domain is selected when the form opens on it")
	}
	typeText(t, f, "offers.lakesidefit.com")
	if d.Current() != "offers.lakesidefit.com" {
		t.Fatalf("typing over the pre-filled value replaces it: %q", d.Current())
	}
	typeText(t, f, ".au")
	if d.Current() != "offers.lakesidefit.com.au" {
		t.Fatalf("after the first key the field takes keys as usual: %q", d.Current())
	}

	f, d, _ = domainForm(h, "offers.lakesidefit.com")
	f.Update(tea.PasteMsg{Content: "www.lakesidefit.com"})
	if d.Current() != "www.lakesidefit.com" {
		t.Errorf("a paste replaces the pre-filled value: %q", d.Current())
	}

	for _, k := range []string{"backspace", "delete"} {
		f, d, _ = domainForm(h, "offers.lakesidefit.com")
		press(t, f, k)
		if d.Current() != "" || d.selected {
			t.Errorf("%s clears the selected value: %q", k, d.Current())
		}
	}
}

// TestAPrefilledFieldKeepsItsValueOnMoves: an arrow, home or end keeps the value and
// moves the cursor, and what is typed next goes where the cursor is; enter moves on
// with it; coming back to the field selects it again while it holds what it opened
// with.
func TestAPrefilledFieldKeepsItsValueOnMoves(t *testing.T) {
	h := newTestHost()
	f, d, p := domainForm(h, "lakesidefit.com")
	press(t, f, "home")
	typeText(t, f, "www.")
	if d.Current() != "www.lakesidefit.com" {
		t.Fatalf("home keeps the value and the next key goes before it: %q", d.Current())
	}

	f, d, _ = domainForm(h, "lakesidefit.co")
	press(t, f, "end")
	typeText(t, f, "m")
	if d.Current() != "lakesidefit.com" {
		t.Fatalf("end keeps the value and the next key goes after it: %q", d.Current())
	}

	f, d, _ = domainForm(h, "lakesidefit.com")
	press(t, f, "left")
	typeText(t, f, "x")
	if d.Current() != "lakesidefit.coxm" {
		t.Fatalf("← keeps the value and moves into it: %q", d.Current())
	}

	f, d, p = domainForm(h, "lakesidefit.com")
	press(t, f, "enter")
	if f.Focused() != p || d.Current() != "lakesidefit.com" || d.selected {
		t.Fatalf("enter keeps the value and moves on (focus %s, %q)", f.Focused().Key, d.Current())
	}
	f.Update(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	if f.Focused() != d || !d.selected {
		t.Fatalf("back on the untouched field, its value is selected again (focus %s)", f.Focused().Key)
	}
	press(t, f, "end")
	typeText(t, f, "x")
	press(t, f, "enter")
	f.Update(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	if d.selected {
		t.Error("a field edited since the form opened is not selected when reached again")
	}

	f, d, _ = domainForm(h, "")
	if d.selected {
		t.Error("an empty field is never selected")
	}
}

// TestAPrefilledFieldLooksSelected: the selected value is drawn in reverse video,
// with colours and without, and plainly once a key ended the selection.
func TestAPrefilledFieldLooksSelected(t *testing.T) {
	h := newTestHost()
	f, _, _ := domainForm(h, "offers.lakesidefit.com")
	line := func() string {
		for _, l := range f.Lines(80, 22) {
			if strings.Contains(ansi.Strip(l), "offers.lakesidefit.com") {
				return l
			}
		}
		t.Fatalf("the value is not drawn:\n%s", strings.Join(f.Lines(80, 22), "\n"))
		return ""
	}
	if l := line(); !reversed(l, "offers.lakesidefit.com") {
		t.Errorf("the selected value is in reverse video: %q", l)
	}
	press(t, f, "end")
	if l := line(); reversed(l, "offers.lakesidefit.com") {
		t.Errorf("once a key ended the selection the value is drawn plainly: %q", l)
	}
}

// reversed reports whether text is drawn in reverse video in line: the last SGR
// sequence before it turns reverse video on.
func reversed(line, text string) bool {
	at := strings.Index(line, text)
	if at < 0 {
		return false
	}
	seqs := sgr.FindAllStringSubmatch(line[:at], -1)
	if len(seqs) == 0 {
		return false
	}
	return slices.Contains(strings.Split(seqs[len(seqs)-1][1], ";"), "7")
}

// sgr is a Select Graphic Rendition sequence, its parameters captured.
var sgr = regexp.MustCompile(`\x1b\[([0-9;]*)m`)

// TestAPasteIntoASelectedFieldCountsOnlyItself: the limit of a field is checked
// against what the paste leaves, which replaces the selected value.
func TestAPasteIntoASelectedFieldCountsOnlyItself(t *testing.T) {
	h := newTestHost()
	f, d, _ := domainForm(h, strings.Repeat("a", inputCharLimit-10)+".com")
	f.Update(tea.PasteMsg{Content: "www." + strings.Repeat("b", 40) + ".com"})
	if !strings.HasPrefix(d.Current(), "www.b") || d.refused != "" {
		t.Errorf("a paste replacing a long selected value is taken (%q…, refused %q)", d.Current()[:8], d.refused)
	}
}
