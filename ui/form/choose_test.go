package form

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/charmbracelet/x/ansi"
)

// eventForm is a form of a name and a choice among a few event names (Lead first, as
// the conversion form has it) with room for three of them; sent collects the choice
// each send carried.
func eventForm(h Host, sent *[]string) (*Form, *Field, *Field) {
	name, event := "", "Lead"
	var opts []huh.Option[string]
	for _, n := range []string{"Lead", "AddToCart", "CompleteRegistration", "Contact", "Purchase", "Subscribe", "StartTrial"} {
		opts = append(opts, huh.NewOption(n, n))
	}
	nameField := &Field{Key: "name", Title: "Name", Value: &name, Optional: true}
	choice := &Field{Key: "eventName", Title: "Event", Hint: "What happened", Kind: Select, Value: &event, Options: opts, Height: 5}
	f, _ := New(h, "Event", []*Group{{Fields: []*Field{choice, nameField}}}, func(seq uint64) (tea.Cmd, error) {
		*sent = append(*sent, event)
		return func() tea.Msg { return seq }, nil
	})
	return f, choice, nameField
}

// shown is the form as drawn, without styles.
func shown(f *Form) string { return ansi.Strip(strings.Join(f.Lines(80, 22), "\n")) }

// TestLettersTypedIntoAChoicePickIt: "Purchase" typed into the choice highlights
// Purchase and makes it the value at once, so both enter (moving on) and the Send
// key carry it; a search shows under the title, and the highlight is drawn in the
// list even when it had to scroll there.
func TestLettersTypedIntoAChoicePickIt(t *testing.T) {
	h := newTestHost()
	var sent []string
	f, choice, name := eventForm(h, &sent)
	typeText(t, f, "Purchase")
	if choice.Current() != "Purchase" {
		t.Fatalf("typing Purchase into the choice picks it: holds %q", choice.Current())
	}
	view := shown(f)
	if !strings.Contains(view, `"Purchase"`) || !strings.Contains(view, "▸ Purchase") {
		t.Errorf("the search and the highlighted choice are shown:\n%s", view)
	}
	press(t, f, "ctrl+s")
	if len(sent) != 1 || sent[0] != "Purchase" {
		t.Fatalf("the Send key sends the choice typed: sent %q", sent)
	}

	sent = nil
	f, choice, name = eventForm(h, &sent)
	typeText(t, f, "sub")
	press(t, f, "enter")
	if choice.Current() != "Subscribe" || f.Focused() != name {
		t.Fatalf("enter after a search moves on with the pick: %q, focus on %v", choice.Current(), f.Focused().Key)
	}
	typeText(t, f, "x")
	if name.Current() != "x" || choice.search != "" {
		t.Errorf("the next field takes its own letters (%q), the choice's search is over (%q)", name.Current(), choice.search)
	}
}

// TestAChoiceSearchRanksWholeStartWordAnywhere: the best of several matches is the
// option named whole, then one starting with the search, then one with a word
// starting with it, then one holding it; case does not count and a value names its
// option as well as its label.
func TestAChoiceSearchRanksWholeStartWordAnywhere(t *testing.T) {
	opts := []huh.Option[string]{
		huh.NewOption("downsell", "downsell_funnel_page"),
		huh.NewOption("Sales page", "sales_funnel_page"),
		huh.NewOption("upsell  (upsell_funnel_page)", "upsell_funnel_page"),
		huh.NewOption("Misc", "sell"),
	}
	for search, want := range map[string]int{
		"sell":                 3, // a value, whole
		"SELL":                 3,
		"upsell":               2, // the start of a label, though "downsell" holds it first
		"page":                 1, // a word of a label
		"ownsell":              0, // anywhere
		"upsell_funnel_page":   2,
		"sales_funnel_page":    1,
		"nothing like it":      -1,
		"   ":                  -1,
		"funnel_page)":         2,
		"(upsell_funnel_page)": 2,
	} {
		if got := bestOption(opts, search); got != want {
			t.Errorf("bestOption(%q) = %d, want %d", search, got, want)
		}
	}
}

// TestAChoiceSearchEditsAndEnds: backspace takes a letter back and picks again; a
// search that names nothing says so, keeps the choice it had and holds the focus (enter
// and the Send key do nothing), esc forgets it without closing the form, and an arrow
// ends it and moves as usual.
func TestAChoiceSearchEditsAndEnds(t *testing.T) {
	h := newTestHost()
	var sent []string
	f, choice, _ := eventForm(h, &sent)
	typeText(t, f, "Con")
	if choice.Current() != "Contact" {
		t.Fatalf("Con picks Contact (a label starting so), not %q", choice.Current())
	}
	typeText(t, f, "q")
	if choice.Current() != "Contact" || !strings.Contains(shown(f), `✗ no choice matches "Conq"`) {
		t.Fatalf("a search naming nothing keeps the choice (%q) and says so:\n%s", choice.Current(), shown(f))
	}
	press(t, f, "enter", "ctrl+s")
	if f.Focused() != choice || len(sent) != 0 {
		t.Fatalf("with a search naming nothing, enter and Send do nothing (focus %s, sent %q)", f.Focused().Key, sent)
	}
	press(t, f, "backspace", "backspace", "backspace")
	if choice.Current() != "CompleteRegistration" || choice.search != "C" {
		t.Fatalf("backspace takes letters back and picks again: %q after %q", choice.Current(), choice.search)
	}
	if done := press(t, f, "esc"); done || f.asking || choice.search != "" || choice.Current() != "CompleteRegistration" {
		t.Fatalf("esc forgets the search, keeps the pick and the form (done %v, asking %v, search %q, %q)", done, f.asking, choice.search, choice.Current())
	}
	if strings.Contains(shown(f), `"C"`) {
		t.Errorf("the search is no longer shown:\n%s", shown(f))
	}
	typeText(t, f, "sta")
	press(t, f, "up")
	if choice.search != "" || choice.Current() != "Subscribe" {
		t.Fatalf("an arrow ends the search and moves from the pick: search %q, %q", choice.search, choice.Current())
	}
	typeText(t, f, "jk")
	if choice.Current() != "Subscribe" || choice.search != "jk" {
		t.Errorf("j and k are letters of the search in a choice, they do not move it: %q, search %q", choice.Current(), choice.search)
	}
}

// TestAChoiceTakesAPastedName: a name pasted into a choice picks as typed; a paste
// carrying an escape sequence is refused whole, the choice unchanged.
func TestAChoiceTakesAPastedName(t *testing.T) {
	h := newTestHost()
	var sent []string
	f, choice, _ := eventForm(h, &sent)
	f.Update(tea.PasteMsg{Content: "start trial"})
	if choice.Current() != "Lead" || choice.search != "start trial" {
		t.Fatalf("a paste naming nothing is the search, the choice unchanged: %q, search %q", choice.Current(), choice.search)
	}
	press(t, f, "esc")
	f.Update(tea.PasteMsg{Content: "StartTrial\n"})
	if choice.Current() != "StartTrial" {
		t.Fatalf("a pasted name picks its option: %q", choice.Current())
	}
	press(t, f, "esc")
	f.Update(tea.PasteMsg{Content: "Purchase\x1b[2J"})
	if choice.Current() != "StartTrial" || choice.search != "" {
		t.Errorf("a paste with an escape sequence is refused: %q, search %q", choice.Current(), choice.search)
	}
}
