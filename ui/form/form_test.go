package form

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// nameForm is a form of one required name on h; sent collects what was sent.
func nameForm(h Host, sent *[]string) (*Form, *Field) {
	var name string
	field := &Field{Key: "name", Title: "Name", Hint: "What it is called", Value: &name, Check: validate.FolderName}
	f, _ := New(h, "New folder", []*Group{{Fields: []*Field{field}}}, func(seq uint64) (tea.Cmd, error) {
		*sent = append(*sent, name)
		return func() tea.Msg { return seq }, nil
	})
	return f, field
}

// said is what the form says under its fields, without styles, its lines joined.
func said(f *Form) string {
	var out []string
	for _, l := range f.Under() {
		out = append(out, strings.TrimSpace(ansi.Strip(l)))
	}
	return strings.TrimSpace(strings.Join(out, " "))
}

// TestAFormChecksFirstAndSendsOnce: a blank required field is marked and nothing is
// sent; a good value is sent once, numbered by the host, and while its request is
// out no key reaches the form; the answer ends the wait only for its own number.
func TestAFormChecksFirstAndSendsOnce(t *testing.T) {
	h := newTestHost()
	var sent []string
	f, field := nameForm(h, &sent)

	press(t, f, "ctrl+s")
	if len(sent) != 0 || !strings.Contains(said(f), "fix the marked field") || field.problemWith("") == nil {
		t.Fatalf("a blank name must be marked and not sent (sent %q, said %q)", sent, said(f))
	}
	typeText(t, f, "Spring q")
	if done := press(t, f, "enter"); done || len(sent) != 1 || sent[0] != "Spring q" || !f.Sending() {
		t.Fatalf("enter on the last field sends what was typed once (sent %q, sending %v, done %v)", sent, f.Sending(), done)
	}
	if !strings.Contains(said(f), "sending…") {
		t.Errorf("the form says it is sending: %q", said(f))
	}
	press(t, f, "enter", "x", "ctrl+s")
	if len(sent) != 1 || field.Current() != "Spring q" {
		t.Fatalf("no key reaches a form whose request is out (sent %q, field %q)", sent, field.Current())
	}
	if f.Answered(h.seq + 1) {
		t.Error("an answer to another request must not end the wait")
	}
	if !f.Answered(h.seq) || f.Sending() || f.Answered(h.seq) {
		t.Error("the answer to the form's request ends the wait, once")
	}
}

// TestAFailureMarksTheFieldTheServerNames: a 422 naming a field marks it with the
// service's words; the banner says nothing was changed and goes once the value
// changes; a 5xx says the write may have happened all the same.
func TestAFailureMarksTheFieldTheServerNames(t *testing.T) {
	h := newTestHost()
	var sent []string
	f, field := nameForm(h, &sent)
	typeText(t, f, "Spring")
	press(t, f, "enter")
	refusal := &client.APIError{StatusCode: 422, Messages: []string{"name is already used by a folder"}}
	f.Answered(h.seq)
	f.Fail(refusal, "422 name is already used by a folder")
	if err := field.problemWith(field.Current()); err == nil || err.Error() != "is already used by a folder" {
		t.Fatalf("the field the 422 names is marked with what the service said: %v", err)
	}
	if s := said(f); !strings.Contains(s, "422") || !strings.Contains(s, "nothing was changed") {
		t.Fatalf("the banner says the status and that nothing changed: %q", s)
	}
	typeText(t, f, "s")
	if s := said(f); s != "" {
		t.Fatalf("the banner goes once the named field changes: %q", s)
	}

	press(t, f, "enter")
	f.Answered(h.seq)
	f.Fail(&client.APIError{StatusCode: 503}, "503 Service Unavailable")
	if s := said(f); !strings.Contains(s, "may have been done all the same") {
		t.Fatalf("a 5xx may have happened after the server acted: %q", s)
	}
	if len(sent) != 2 || field.Current() != "Springs" {
		t.Fatalf("what was typed stays through a failure (sent %q, field %q)", sent, field.Current())
	}
}

// TestEscAsksBeforeThrowingInputAway: esc on an untouched form closes it; with
// something typed it asks, n keeps everything, y closes without sending.
func TestEscAsksBeforeThrowingInputAway(t *testing.T) {
	h := newTestHost()
	var sent []string
	f, _ := nameForm(h, &sent)
	if !press(t, f, "esc") {
		t.Fatal("esc on an untouched form closes it")
	}
	f, field := nameForm(h, &sent)
	typeText(t, f, "x")
	if press(t, f, "esc") || !strings.Contains(said(f), "Discard what you typed? y/n") {
		t.Fatalf("esc with typed input asks first: %q", said(f))
	}
	if press(t, f, "n") || said(f) != "" || field.Current() != "x" {
		t.Fatalf("n keeps the form and what was typed (said %q, field %q)", said(f), field.Current())
	}
	if !press(t, f, "esc", "y") || len(sent) != 0 {
		t.Fatalf("y after esc closes the form without sending (sent %q)", sent)
	}
}

// TestAQuestionStartsOnCancel: enter on a question as it opens sends nothing, closes
// the form and says "cancelled"; y then enter runs the yes.
func TestAQuestionStartsOnCancel(t *testing.T) {
	h := newTestHost()
	yes := 0
	send := func(*Form, uint64) tea.Cmd { yes++; return func() tea.Msg { return nil } }
	f, _ := Confirm(h, "Delete redirect", "Delete it?", "Delete", nil, send)
	if !strings.Contains(f.Fields()[0].desc, "enter: cancel (highlighted)") {
		t.Errorf("the question says what enter does: %q", f.Fields()[0].desc)
	}
	if !press(t, f, "enter") || yes != 0 || len(h.infos) != 1 || !strings.HasPrefix(h.infos[0], "cancelled: Delete redirect") {
		t.Fatalf("enter on Cancel closes, sends nothing and says so (yes %d, infos %q)", yes, h.infos)
	}
	f, _ = Confirm(h, "Delete redirect", "Delete it?", "Delete", nil, send)
	if done := press(t, f, "y", "enter"); done || yes != 1 || !f.Sending() {
		t.Fatalf("y, enter runs the yes once and waits for its answer (yes %d, done %v)", yes, done)
	}
}
