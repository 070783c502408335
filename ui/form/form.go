package form

import (
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// Form shows a huh form and owns its life: it checks what was typed with the
// validate package, sends it, keeps it while the answer is awaited and after a
// refusal, and asks before throwing it away.
//
// A form is described by its groups of fields, each bound to a variable of the
// form's own, and a submit function:
//
//	var name string
//	var f *form.Form
//	f, cmd := form.New(h, "New folder", []*form.Group{{Fields: []*form.Field{
//		{Key: "name", Title: "Name", Value: &name, Check: validate.FolderName},
//	}}}, func(seq uint64) (tea.Cmd, error) {
//		body, err := validate.NormalizeCreateFolder(client.CreateFolderRequest{Name: name, Type: "funnel"})
//		if err != nil {
//			return nil, err // FieldErrors: marked at the fields they name; nothing is sent
//		}
//		return createFolder(ctx, c, body, f, seq), nil // a command whose answer names f and seq
//	})
//
// It is sent with enter on the last field (huh completes the form) or the host's
// Send key from any field. Either way every field is checked first; a refused value
// is marked at its field and nothing is sent. While the request is out the form
// shows "sending…" and takes no keys, so nothing is sent twice. The answer goes to
// whoever opened the form, which takes it with Answered and hands a failure back
// with Fail: the form shows it with its status code, marking the field a 422 names,
// with everything typed still there.
//
// A huh form, once completed, cannot be taken back to editing, so on completion the
// form is built again over the same variables, with the focus where it was.
type Form struct {
	h      Host
	title  string
	groups []*Group
	form   *huh.Form
	submit func(seq uint64) (tea.Cmd, error)

	// Notes are lines above the form: what it does, where things will appear.
	Notes []string
	// OnMsg sees every message before the form (a form's own messages, such as a
	// path check's) and says whether it took it; OnChange runs after every update
	// (to start such checks).
	OnMsg    func(msg tea.Msg) (tea.Cmd, bool)
	OnChange func() tea.Cmd

	sending bool
	seq     uint64   // the request awaited, or the last one sent
	failure string   // the last refusal, status code first
	unsure  bool     // the failure may have happened after the server acted (5xx, no answer)
	barred  bool     // the failure is the route refused to this sign-in: sending again will not help
	problem string   // why nothing was sent (a check that failed before sending)
	causes  []*Field // the fields the failure or problem names: once none of them is wrong, it goes
	asking  bool     // "Discard what you typed? y/n" is shown
	opened  string   // the values when the form opened, to know whether anything was typed
	width   int      // the width the huh form is laid out for
	avail   int      // the rows the huh form may take

	at     *Field                         // the field that had the focus when last looked (prefill.go)
	marked struct{ from, to *huh.Styles } // the host's styles, and the same with the text shown selected
}

// New builds a form over h; run the returned command (the form's Init). submit runs
// the request-level check and returns the command that sends, numbered seq; an error
// sends nothing (validate.FieldErrors are marked at their fields), and a nil command
// with no error closes the form with nothing sent.
func New(h Host, title string, groups []*Group, submit func(seq uint64) (tea.Cmd, error)) (*Form, tea.Cmd) {
	f := &Form{h: h, title: title, groups: groups, submit: submit}
	for _, ff := range f.Fields() {
		ff.desc, ff.prefill = ff.Hint, ff.Current()
	}
	f.opened = f.values()
	return f, f.rebuild(nil)
}

// Title is what the form's box is called.
func (f *Form) Title() string { return f.title }

// Sending reports whether the form's request is out.
func (f *Form) Sending() bool { return f.sending }

// Fields lists every field, in order.
func (f *Form) Fields() []*Field {
	var out []*Field
	for _, g := range f.groups {
		out = append(out, g.Fields...)
	}
	return out
}

// values is every value typed or chosen, to compare. A confirmation's answer is
// not part of it: there is nothing to lose in a question.
func (f *Form) values() string {
	var b strings.Builder
	for _, ff := range f.Fields() {
		if ff.Value != nil {
			b.WriteString(*ff.Value)
		}
		b.WriteByte(0)
	}
	return b.String()
}

// editable reports whether the form has anything to type or choose.
func (f *Form) editable() bool {
	for _, ff := range f.Fields() {
		if ff.Value != nil {
			return true
		}
	}
	return false
}

// sendable reports whether the Send key may send from any field: not in a form that
// ends in a question, which only its answer sends.
func (f *Form) sendable() bool {
	for _, ff := range f.Fields() {
		if ff.Kind == Question {
			return false
		}
	}
	return f.editable()
}

// dirty reports whether anything was typed or chosen since the form opened.
func (f *Form) dirty() bool { return f.values() != f.opened }

// rebuild builds the huh form over the bound variables and moves the focus to
// target (nil: the first field).
func (f *Form) rebuild(target *Field) tea.Cmd {
	hgroups := make([]*huh.Group, 0, len(f.groups))
	for _, g := range f.groups {
		fields := make([]huh.Field, 0, len(g.Fields))
		for _, ff := range g.Fields {
			fields = append(fields, ff.build(f))
		}
		hgroups = append(hgroups, huh.NewGroup(fields...).Title(g.Title).Description(g.Desc))
	}
	f.width = Width(f.h.Width()) - 4
	f.form = huh.NewForm(hgroups...).
		WithTheme(theme(f.h)).
		WithKeyMap(newKeyMap()).
		WithShowHelp(false).
		WithShowErrors(false).
		WithWidth(f.width)
	cmds := []tea.Cmd{f.form.Init()}
	if target != nil {
		cmds = append(cmds, f.focus(target))
	}
	f.avail = 0
	f.tracked()
	f.refresh()
	return tea.Batch(cmds...)
}

// Answered takes the answer to request seq: it reports whether the form was waiting
// for it, and then waits no more.
func (f *Form) Answered(seq uint64) bool {
	if f.seq != seq || !f.sending {
		return false
	}
	f.sending = false
	return true
}

// NothingSent marks err as a failure before anything was sent (a file that could
// not be read): the form says nothing was changed, not that it may have been.
func NothingSent(err error) error { return &notSentError{err} }

type notSentError struct{ err error }

func (e *notSentError) Error() string { return e.err.Error() }
func (e *notSentError) Unwrap() error { return e.err }

// Fail shows a refusal: text (the refusal as the browser words it, status code
// first), and the field err names marked with what the server said about it.
func (f *Form) Fail(err error, text string) tea.Cmd {
	f.sending, f.problem, f.causes = false, "", nil
	f.failure = text
	var api *client.APIError
	// A 4xx is a refusal, and a token that could not be had sent nothing; a 5xx, a
	// dropped connection or an answer cut short may come after the server did the
	// work (the client never sends a write twice by itself).
	var auth *client.AuthError
	var local *notSentError
	f.unsure = !(errors.As(err, &api) && api.StatusCode < 500) && !errors.As(err, &auth) && !errors.As(err, &local)
	f.barred = errors.Is(err, client.ErrRouteUnavailable) || errors.Is(err, client.ErrScope) || errors.Is(err, client.ErrRouteMissing)
	var first *Field
	if errors.As(err, &api) && api.StatusCode == 422 {
		for _, msg := range api.Messages {
			if ff, rest := f.fieldNamedIn(msg); ff != nil {
				ff.err, ff.errVal = termtext.Line(rest), ff.Current()
				f.causes = append(f.causes, ff)
				if first == nil {
					first = ff
				}
			}
		}
	}
	if first != nil {
		return f.rebuild(first)
	}
	f.refresh()
	return nil
}

// fieldNamedIn finds the field a server message is about ("step.url is already used
// …" → the path field, "is already used …"), matching the field's key, or its last
// part, at the start of the message.
func (f *Form) fieldNamedIn(msg string) (*Field, string) {
	for _, ff := range f.Fields() {
		if ff.Key == "" || ff.Value == nil {
			continue
		}
		names := []string{ff.Key}
		if i := strings.LastIndexByte(ff.Key, '.'); i >= 0 {
			names = append(names, ff.Key[i+1:])
		}
		for _, n := range names {
			if rest, ok := strings.CutPrefix(msg, n+" "); ok {
				return ff, rest
			}
		}
	}
	return nil, ""
}

// checkAll runs every field's check, marks the fields that fail, and reports the first.
func (f *Form) checkAll() *Field {
	var first *Field
	for _, ff := range f.Fields() {
		if ff.Value == nil {
			continue
		}
		if err := ff.problemWith(ff.Current()); err != nil {
			ff.err, ff.errVal = err.Error(), ff.Current()
			f.causes = append(f.causes, ff)
			if first == nil {
				first = ff
			}
		}
	}
	return first
}

// markErrors marks the fields a request-level check refused (validate.FieldErrors,
// by JSON path) and returns the first, or nil when none of them is a field here.
func (f *Form) markErrors(err error) *Field {
	var first *Field
	for _, fe := range validate.As(err) {
		for _, ff := range f.Fields() {
			if ff.Key == fe.Field && ff.Value != nil {
				ff.err, ff.errVal = fe.Message, ff.Current()
				f.causes = append(f.causes, ff)
				if first == nil {
					first = ff
				}
			}
		}
	}
	return first
}

// send checks everything and, when all is well, sends; done reports that there was
// nothing to send (a question answered no), so the form closes. completedAt is the
// field the huh form completed on (nil for the Send key): a completed huh form is
// built again, with the focus back there, or on the first field that needs fixing.
func (f *Form) send(completedAt *Field) (cmd tea.Cmd, done bool) {
	const fix = "Nothing was sent: fix the marked field."
	f.failure, f.problem, f.barred, f.causes = "", "", false, nil
	for _, ff := range f.Fields() {
		ff.refused = "" // what the field holds is checked now
	}
	focus := completedAt
	var req tea.Cmd
	if bad := f.checkAll(); bad != nil {
		f.problem, focus = fix, bad
	} else {
		seq := f.h.Next()
		cmd, err := f.submit(seq)
		switch {
		case err != nil:
			if bad := f.markErrors(err); bad != nil {
				f.problem, focus = fix, bad
			} else {
				f.problem = "Nothing was sent: " + termtext.Line(err.Error())
			}
		case cmd == nil: // nothing to send (a confirmation answered no): done
			return nil, true
		default:
			f.seq, f.sending, req = seq, true, cmd
		}
	}
	if focus != nil && (completedAt != nil || focus != f.Focused()) {
		return tea.Batch(f.rebuild(focus), req), false
	}
	f.refresh()
	return req, false
}

// Resize lays the form out again for a new terminal size.
func (f *Form) Resize() tea.Cmd {
	if Width(f.h.Width())-4 == f.width {
		f.refresh()
		return nil
	}
	return f.rebuild(f.Focused())
}

// Update takes a message for the form; done reports that the form is finished with
// (closed, or nothing to send), so whoever shows it closes it.
func (f *Form) Update(msg tea.Msg) (cmd tea.Cmd, done bool) {
	if f.OnMsg != nil {
		if cmd, handled := f.OnMsg(msg); handled {
			f.refresh()
			return cmd, false
		}
	}
	km, isKey := msg.(tea.KeyPressMsg)
	if f.asking {
		if isKey {
			switch km.String() {
			case "y", "Y":
				return nil, true
			case "n", "N", "esc":
				f.asking = false
			}
		}
		return nil, false
	}
	k := f.h.Keys()
	if isKey && key.Matches(km, k.Cancel) && !f.searching() {
		if f.sending || !f.dirty() {
			// Nothing to lose: untouched, or already sent (the answer then goes to
			// the status bar).
			return nil, true
		}
		f.asking = true
		return nil, false
	}
	if f.sending {
		// No key reaches the form while its request is out: a second enter sends
		// nothing. Everything else (the cursor's blink) still does.
		if _, isPaste := msg.(tea.PasteMsg); isKey || isPaste {
			return nil, false
		}
	}
	if f.refuseInput(msg) {
		return nil, false
	}
	if f.choose(msg) {
		f.refresh()
		return nil, false
	}
	if isKey && key.Matches(km, k.Send) && f.sendable() {
		return f.send(nil)
	}
	if f.replaceSelected(msg) {
		f.refresh()
		return nil, false
	}
	_, cmd = f.form.Update(msg)
	cmd = f.settle(cmd) // the focus moves now, before the next key (order.go)
	f.tracked()
	switch f.form.State {
	case huh.StateCompleted:
		sent, done := f.send(f.lastField(f.Focused()))
		return tea.Batch(cmd, sent), done
	case huh.StateAborted:
		return cmd, true
	}
	var more tea.Cmd
	if f.OnChange != nil {
		more = f.OnChange()
	}
	f.refresh()
	return tea.Batch(cmd, more), false
}

// lastField is the field the user was on when the form completed: the last one.
func (f *Form) lastField(cur *Field) *Field {
	if cur != nil {
		return cur
	}
	all := f.Fields()
	return all[len(all)-1]
}

// searching reports whether the focused field is a choice being searched: esc then
// ends the search (choose.go), it does not close the form.
func (f *Form) searching() bool {
	ff := f.Focused()
	return ff != nil && ff.search != ""
}

// CompleteWith makes the focused input take its suggestion, as ctrl+e does: a
// completion of the form's own (a file name on tab) sends it this way.
func (f *Form) CompleteWith() tea.Cmd {
	_, cmd := f.form.Update(tea.KeyPressMsg{Code: 'e', Mod: tea.ModCtrl})
	return cmd
}

// Reset builds the form again from its variables as they hold now, the focus on the
// first field: what was set from outside the form shows in its fields, as values it
// opened with (selected when reached, so typing replaces them).
func (f *Form) Reset() tea.Cmd {
	for _, ff := range f.Fields() {
		ff.prefill, ff.search, ff.selected = ff.Current(), "", false
	}
	f.at = nil
	return f.rebuild(nil)
}
