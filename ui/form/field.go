package form

import (
	"errors"
	"strings"

	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"

	"github.com/funnelsdev/funnels/client/validate"
)

// Group is one page of a form: huh shows one group at a time.
type Group struct {
	Title, Desc string
	Fields      []*Field
}

// Kind is what a field is drawn as.
type Kind int

const (
	Input    Kind = iota // one line of text
	Select               // a choice among Options
	TextArea             // lines of text (ctrl+j starts a new one)
	Question             // a yes/no question, bound to Flag
)

// Field is one field: what it asks, the variable its answer lives in, and how it is
// checked. The line under its title says what to type, and turns into the problem
// when there is one ("✗ must be an email address …") or into a live note (the path
// check's "✓ /offer is free").
type Field struct {
	Key         string // the field's name as the API spells it ("contact.email"): 422s and FieldErrors are matched on it
	Title       string
	Hint        string
	Placeholder string
	Kind        Kind
	Value       *string // input, select, text area
	Flag        *bool   // confirm
	Options     []huh.Option[string]
	Height      int // rows of a select or text area
	Optional    bool
	Check       func(string) (string, error) // a validate function; nil takes anything
	Yes, No     string                       // confirm labels

	Status  string   // a live note shown instead of the hint
	Block   string   // a problem known for the current value (a taken path); "" = none
	Suggest []string // what ctrl+e completes the input with (the service's free path)

	err    string // a problem found when sending or named by the server …
	errVal string // … for this value: it goes when the value changes

	refused    string // why a paste or key was kept out of the field (refuse.go) …
	refusedVal string // … shown while the value is still this one; a send clears it

	search string // what was typed into a choice to find an option (choose.go)

	prefill  string // the value the form opened with: shown selected, so typing replaces it (prefill.go)
	selected bool   // the value is shown selected: the next character typed replaces it

	desc    string // what the description line shows now
	setDesc func(string)
	hf      huh.Field
	input   *huh.Input
	choice  *huh.Select[string]
}

// build makes the huh field of ff, in form f.
func (ff *Field) build(f *Form) huh.Field {
	check := func(s string) error { return ff.problemWith(s) }
	placeholder := ff.Placeholder
	if placeholder != "" {
		// An example, and says so: without colours a placeholder looks typed.
		placeholder = "e.g. " + placeholder
	}
	switch ff.Kind {
	case Select:
		s := huh.NewSelect[string]().Key(ff.Key).Title(ff.Title).Description(ff.desc).Options(ff.Options...).Value(ff.Value)
		if ff.Height > 0 {
			s = s.Height(ff.Height)
		}
		ff.setDesc = func(d string) { s.Description(d) }
		ff.hf, ff.choice = s, s
	case TextArea:
		t := huh.NewText().Key(ff.Key).Title(ff.Title).Description(ff.desc).Placeholder(placeholder).
			Value(ff.Value).Validate(check).ExternalEditor(false).CharLimit(textCharLimit)
		if ff.Height > 0 {
			t = t.Lines(ff.Height)
		}
		ff.setDesc = func(d string) { t.Description(d) }
		ff.hf = t
	case Question:
		c := huh.NewConfirm().Key(ff.Key).Title(ff.Title).Description(ff.desc).Value(ff.Flag).WithButtonAlignment(lipgloss.Left)
		if ff.Yes != "" {
			c = c.Affirmative(ff.Yes).Negative(ff.No)
		}
		ff.setDesc = func(d string) { c.Description(d) }
		ff.hf = c
	default:
		in := huh.NewInput().Key(ff.Key).Title(ff.Title).Description(ff.desc).Placeholder(placeholder).
			Value(ff.Value).Validate(check).CharLimit(inputCharLimit)
		in.WithTheme(f.inputTheme(ff))
		if len(ff.Suggest) > 0 {
			in.Suggestions(ff.Suggest)
		}
		ff.setDesc = func(d string) { in.Description(d) }
		ff.hf, ff.input = in, in
	}
	return ff.hf
}

// SetSuggestions sets what ctrl+e completes the input with, now: the field's input
// takes them at once, and keeps them when the form is built again.
func (ff *Field) SetSuggestions(s []string) {
	ff.Suggest = s
	if ff.input != nil {
		ff.input.Suggestions(s)
	}
}

// problemWith says what is wrong with s as this field's value, or nil.
func (ff *Field) problemWith(s string) error {
	switch {
	case ff.err != "" && s == ff.errVal:
		return errors.New(ff.err)
	case ff.Block != "":
		return errors.New(ff.Block)
	case ff.Check == nil, ff.Optional && strings.TrimSpace(s) == "":
		return nil
	}
	if _, err := ff.Check(s); err != nil {
		return errors.New(Message(err))
	}
	return nil
}

// Message is the part of a validation error that reads beside its field.
func Message(err error) string {
	var fe *validate.FieldError
	if errors.As(err, &fe) {
		return fe.Message
	}
	return err.Error()
}

// Current is the value of the field as typed now.
func (ff *Field) Current() string {
	if ff.Value == nil {
		return ""
	}
	return *ff.Value
}
