package ui

import (
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// formModal shows a huh form as an overlay and owns its life: it checks what was
// typed with the validate package, sends it, keeps it while the answer is awaited
// and after a refusal, and asks before throwing it away.
//
// A form is described by its groups of fields (formGroup, formField), each bound to
// a variable of the form's own, and a submit function:
//
//	var name string
//	var fm *formModal
//	fm, cmd := newFormModal(h.common(), "New folder", []*formGroup{{fields: []*formField{
//		{key: "name", title: "Name", value: &name, check: validate.FolderName},
//	}}}, func(h host, seq uint64) (tea.Cmd, error) {
//		body, err := validate.NormalizeCreateFolder(client.CreateFolderRequest{Name: name, Type: "funnel"})
//		if err != nil {
//			return nil, err // FieldErrors: marked at the fields they name; nothing is sent
//		}
//		return createFolder(h.common().ctx, h.api(), body, fm, seq), nil // a command returning an answerMsg
//	})
//	return openForm(h, fm, cmd)
//
// h is the form's host (host.go): the root Model, or a test's own.
//
// It is sent with enter on the last field (huh completes the form) or ctrl+s from
// any field. Either way every field is checked first; a refused value is marked at
// its field and nothing is sent. While the request is out the form shows
// "sending…" and takes no keys, so nothing is sent twice. The answer comes back to
// the root as an answerMsg (answer.go): the root closes the form on success and
// hands a failure back (fail), which the form shows with its status code, marking
// the field a 422 names, with everything typed still there.
//
// A huh form, once completed, cannot be taken back to editing, so on completion the
// form is built again over the same variables, with the focus where it was.
type formModal struct {
	sh     *shared
	title  string
	notes  []string // lines above the form: what it does, where things will appear
	groups []*formGroup
	form   *huh.Form
	submit func(h host, seq uint64) (tea.Cmd, error)
	// onMsg sees every message before the form (a form's own messages, such as the
	// path check's); onChange runs after every update (to start such checks).
	onMsg    func(h host, msg tea.Msg) (tea.Cmd, bool)
	onChange func(h host) tea.Cmd

	sending bool
	seq     uint64       // the request awaited, or the last one sent
	failure string       // the last refusal, status code first
	unsure  bool         // the failure may have happened after the server acted (5xx, no answer)
	barred  bool         // the failure is the route refused to this sign-in: sending again will not help
	problem string       // why nothing was sent (a check that failed before sending)
	causes  []*formField // the fields the failure or problem names: once none of them is wrong, it goes
	asking  bool         // "Discard what you typed? y/n" is shown
	opened  string       // the values when the form opened, to know whether anything was typed
	width   int          // the width the huh form is laid out for
	avail   int          // the rows the huh form may take
}

// formGroup is one page of a form: huh shows one group at a time.
type formGroup struct {
	title, desc string
	fields      []*formField
}

type fieldKind int

const (
	fieldInput fieldKind = iota
	fieldSelect
	fieldText
	fieldConfirm
)

// formField is one field: what it asks, the variable its answer lives in, and how it
// is checked. The line under its title says what to type, and turns into the problem
// when there is one ("✗ must be an email address …") or into a live note (the path
// check's "✓ /offer is free").
type formField struct {
	key         string // the field's name as the API spells it ("contact.email"): 422s and FieldErrors are matched on it
	title       string
	hint        string
	placeholder string
	kind        fieldKind
	value       *string // input, select, text
	flag        *bool   // confirm
	options     []huh.Option[string]
	height      int // rows of a select or text area
	optional    bool
	check       func(string) (string, error) // a validate function; nil takes anything
	yes, no     string                       // confirm labels

	status  string   // a live note shown instead of the hint
	block   string   // a problem known for the current value (a taken path); "" = none
	suggest []string // what ctrl+e completes the input with (the service's free path)
	err     string   // a problem found when sending or named by the server …
	errVal  string   // … for this value: it goes when the value changes

	refused    string // why a paste or key was kept out of the field (form_refuse.go) …
	refusedVal string // … shown while the value is still this one; a send clears it

	desc    string // what the description line shows now
	setDesc func(string)
	hf      huh.Field
	input   *huh.Input
}

// openForm shows f as h's overlay; cmd is what newFormModal returned.
func openForm(h host, f *formModal, cmd tea.Cmd) tea.Cmd {
	h.show(f)
	return cmd
}

// formWidth is the width of a form overlay on a terminal w cells wide.
func formWidth(w int) int { return min(w, 76) }

// newFormModal builds the form; run the returned command (the form's Init).
func newFormModal(sh *shared, title string, groups []*formGroup, submit func(host, uint64) (tea.Cmd, error)) (*formModal, tea.Cmd) {
	f := &formModal{sh: sh, title: title, groups: groups, submit: submit}
	for _, ff := range f.fields() {
		ff.desc = ff.hint
	}
	f.opened = f.values()
	return f, f.rebuild(nil)
}

// fields lists every field, in order.
func (f *formModal) fields() []*formField {
	var out []*formField
	for _, g := range f.groups {
		out = append(out, g.fields...)
	}
	return out
}

// values is everything typed and chosen, as one string. A confirmation's answer is
// not part of it: there is nothing to lose in a question.
func (f *formModal) values() string {
	var b strings.Builder
	for _, ff := range f.fields() {
		if ff.value != nil {
			b.WriteString(*ff.value)
		}
		b.WriteByte(0)
	}
	return b.String()
}

// editable reports whether the form has anything to type or choose.
func (f *formModal) editable() bool {
	for _, ff := range f.fields() {
		if ff.value != nil {
			return true
		}
	}
	return false
}

// sendable reports whether ctrl+s may send from any field: not in a form that ends
// in a question, which only its answer sends.
func (f *formModal) sendable() bool {
	for _, ff := range f.fields() {
		if ff.kind == fieldConfirm {
			return false
		}
	}
	return f.editable()
}

// dirty reports whether anything was typed or chosen since the form opened.
func (f *formModal) dirty() bool { return f.values() != f.opened }

// rebuild builds the huh form over the bound variables and moves the focus to
// target (nil: the first field).
func (f *formModal) rebuild(target *formField) tea.Cmd {
	hgroups := make([]*huh.Group, 0, len(f.groups))
	for _, g := range f.groups {
		fields := make([]huh.Field, 0, len(g.fields))
		for _, ff := range g.fields {
			fields = append(fields, ff.build())
		}
		hgroups = append(hgroups, huh.NewGroup(fields...).Title(g.title).Description(g.desc))
	}
	f.width = formWidth(f.sh.width) - 4
	f.form = huh.NewForm(hgroups...).
		WithTheme(f.sh.formTheme()).
		WithKeyMap(newFormKeyMap()).
		WithShowHelp(false).
		WithShowErrors(false).
		WithWidth(f.width)
	cmds := []tea.Cmd{f.form.Init()}
	if target != nil {
		cmds = append(cmds, f.focus(target))
	}
	f.avail = 0
	f.refresh()
	return tea.Batch(cmds...)
}

// build makes the huh field of ff.
func (ff *formField) build() huh.Field {
	check := func(s string) error { return ff.problemWith(s) }
	placeholder := ff.placeholder
	if placeholder != "" {
		// An example, and says so: without colours a placeholder looks typed.
		placeholder = "e.g. " + placeholder
	}
	switch ff.kind {
	case fieldSelect:
		s := huh.NewSelect[string]().Key(ff.key).Title(ff.title).Description(ff.desc).Options(ff.options...).Value(ff.value)
		if ff.height > 0 {
			s = s.Height(ff.height)
		}
		ff.setDesc = func(d string) { s.Description(d) }
		ff.hf = s
	case fieldText:
		t := huh.NewText().Key(ff.key).Title(ff.title).Description(ff.desc).Placeholder(placeholder).
			Value(ff.value).Validate(check).ExternalEditor(false).CharLimit(textCharLimit)
		if ff.height > 0 {
			t = t.Lines(ff.height)
		}
		ff.setDesc = func(d string) { t.Description(d) }
		ff.hf = t
	case fieldConfirm:
		c := huh.NewConfirm().Key(ff.key).Title(ff.title).Description(ff.desc).Value(ff.flag).WithButtonAlignment(lipgloss.Left)
		if ff.yes != "" {
			c = c.Affirmative(ff.yes).Negative(ff.no)
		}
		ff.setDesc = func(d string) { c.Description(d) }
		ff.hf = c
	default:
		in := huh.NewInput().Key(ff.key).Title(ff.title).Description(ff.desc).Placeholder(placeholder).
			Value(ff.value).Validate(check).CharLimit(inputCharLimit)
		if len(ff.suggest) > 0 {
			in.Suggestions(ff.suggest)
		}
		ff.setDesc = func(d string) { in.Description(d) }
		ff.hf, ff.input = in, in
	}
	return ff.hf
}

// problemWith says what is wrong with s as this field's value, or nil.
func (ff *formField) problemWith(s string) error {
	switch {
	case ff.err != "" && s == ff.errVal:
		return errors.New(ff.err)
	case ff.block != "":
		return errors.New(ff.block)
	case ff.check == nil, ff.optional && strings.TrimSpace(s) == "":
		return nil
	}
	if _, err := ff.check(s); err != nil {
		return errors.New(fieldMessage(err))
	}
	return nil
}

// fieldMessage is the part of a validation error that reads beside its field.
func fieldMessage(err error) string {
	var fe *validate.FieldError
	if errors.As(err, &fe) {
		return fe.Message
	}
	return err.Error()
}

// current is the value of the field as typed now.
func (ff *formField) current() string {
	if ff.value == nil {
		return ""
	}
	return *ff.value
}

// clearFixed drops the banner under the form once every field it was about holds a
// value with nothing wrong with it: a banner that outlives its cause reads as a new
// problem.
func (f *formModal) clearFixed() {
	if len(f.causes) == 0 {
		return
	}
	for _, ff := range f.causes {
		if ff.problemWith(ff.current()) != nil {
			return
		}
	}
	f.failure, f.problem, f.unsure, f.barred, f.causes = "", "", false, false, nil
}

// refresh brings every field's description line up to date and sizes the form.
func (f *formModal) refresh() {
	st := &f.sh.styles
	changed := false
	f.clearFixed()
	for _, ff := range f.fields() {
		if ff.setDesc == nil {
			continue
		}
		d := ff.hint
		var problem error
		if ff.hf != nil {
			problem = ff.hf.Error()
		}
		if ff.refused != "" && ff.current() != ff.refusedVal {
			ff.refused = ""
		}
		switch {
		case ff.refused != "":
			d = st.Error.Render("✗ " + ff.refused)
		case problem != nil:
			d = st.Error.Render("✗ " + problem.Error())
		case ff.err != "" && ff.current() == ff.errVal:
			d = st.Error.Render("✗ " + ff.err)
		case ff.status != "":
			d = ff.status
		}
		if d != ff.desc {
			ff.desc = d
			ff.setDesc(d)
			changed = true
		}
	}
	if avail := f.formRows(); changed || avail != f.avail {
		f.avail = avail
		f.form.Update(tea.WindowSizeMsg{Width: f.width, Height: max(3, avail)})
	}
}

// formRows is how many rows the huh form may take in the box, the form's own lines
// around it set aside.
func (f *formModal) formRows() int {
	h := f.sh.bodyHeight() - 2 // the body, inside the box's border
	return h - len(f.headLines(f.width)) - len(f.footLines(f.width))
}

// fail shows a refusal: the server's message with its status code, and the field it
// names marked with what the server said about it.
func (f *formModal) fail(err error) tea.Cmd {
	f.sending, f.problem, f.causes = false, "", nil
	f.failure = errorText(err)
	var api *client.APIError
	// A 4xx is a refusal, and a token that could not be had sent nothing; a 5xx, a
	// dropped connection or an answer cut short may come after the server did the
	// work (the client never sends a write twice by itself).
	var auth *client.AuthError
	f.unsure = !(errors.As(err, &api) && api.StatusCode < 500) && !errors.As(err, &auth)
	f.barred = errors.Is(err, client.ErrRouteUnavailable) || errors.Is(err, client.ErrScope) || errors.Is(err, client.ErrRouteMissing)
	var first *formField
	if errors.As(err, &api) && api.StatusCode == 422 {
		for _, msg := range api.Messages {
			if ff, rest := f.fieldNamedIn(msg); ff != nil {
				ff.err, ff.errVal = sanitize(rest), ff.current()
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
func (f *formModal) fieldNamedIn(msg string) (*formField, string) {
	for _, ff := range f.fields() {
		if ff.key == "" || ff.value == nil {
			continue
		}
		names := []string{ff.key}
		if i := strings.LastIndexByte(ff.key, '.'); i >= 0 {
			names = append(names, ff.key[i+1:])
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
func (f *formModal) checkAll() *formField {
	var first *formField
	for _, ff := range f.fields() {
		if ff.value == nil {
			continue
		}
		if err := ff.problemWith(ff.current()); err != nil {
			ff.err, ff.errVal = err.Error(), ff.current()
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
func (f *formModal) markErrors(err error) *formField {
	var first *formField
	for _, fe := range validate.As(err) {
		for _, ff := range f.fields() {
			if ff.key == fe.Field && ff.value != nil {
				ff.err, ff.errVal = fe.Message, ff.current()
				f.causes = append(f.causes, ff)
				if first == nil {
					first = ff
				}
			}
		}
	}
	return first
}

// send checks everything and, when all is well, sends. completedAt is the field
// the huh form completed on (nil for ctrl+s): a completed huh form is built again,
// with the focus back there, or on the first field that needs fixing.
func (f *formModal) send(h host, completedAt *formField) tea.Cmd {
	const fix = "Nothing was sent: fix the marked field."
	f.failure, f.problem, f.barred, f.causes = "", "", false, nil
	for _, ff := range f.fields() {
		ff.refused = "" // what the field holds is checked now
	}
	focus := completedAt
	var req tea.Cmd
	if bad := f.checkAll(); bad != nil {
		f.problem, focus = fix, bad
	} else {
		seq := h.next()
		cmd, err := f.submit(h, seq)
		switch {
		case err != nil:
			if bad := f.markErrors(err); bad != nil {
				f.problem, focus = fix, bad
			} else {
				f.problem = "Nothing was sent: " + sanitize(err.Error())
			}
		case cmd == nil: // nothing to send (a confirmation answered no): done
			if h.showing(f) {
				h.show(nil)
			}
			return nil
		default:
			f.seq, f.sending, req = seq, true, cmd
		}
	}
	if focus != nil && (completedAt != nil || focus != f.focused()) {
		return tea.Batch(f.rebuild(focus), req)
	}
	f.refresh()
	return req
}

// focused is the field that has the focus.
func (f *formModal) focused() *formField {
	cur := f.form.GetFocusedField()
	for _, ff := range f.fields() {
		if ff.hf == cur {
			return ff
		}
	}
	return nil
}

// focus moves the focus forward to target, group by group, then field by field.
func (f *formModal) focus(target *formField) tea.Cmd {
	tg := -1
	for gi, g := range f.groups {
		for _, ff := range g.fields {
			if ff == target {
				tg = gi
			}
		}
	}
	if tg < 0 {
		return nil
	}
	var cmds []tea.Cmd
	for range len(f.fields()) + len(f.groups) {
		cur := f.focused()
		if cur == nil || cur == target {
			break
		}
		if f.groupOf(cur) < tg {
			cmds = append(cmds, f.form.NextGroup())
		} else {
			cmds = append(cmds, f.form.NextField())
		}
	}
	return tea.Batch(cmds...)
}

func (f *formModal) groupOf(ff *formField) int {
	for gi, g := range f.groups {
		for _, x := range g.fields {
			if x == ff {
				return gi
			}
		}
	}
	return -1
}

// resize lays the form out again for a new terminal size.
func (f *formModal) resize() tea.Cmd {
	if formWidth(f.sh.width)-4 == f.width {
		f.refresh()
		return nil
	}
	return f.rebuild(f.focused())
}

func (f *formModal) update(h host, msg tea.Msg) (tea.Cmd, bool) {
	if f.onMsg != nil {
		if cmd, handled := f.onMsg(h, msg); handled {
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
	k := f.sh.keys
	if isKey && key.Matches(km, k.Cancel) && !f.selectFiltering() {
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
	if isKey && key.Matches(km, k.Send) && f.sendable() {
		return f.send(h, nil), false
	}
	if f.refuseInput(msg) {
		return nil, false
	}
	_, cmd := f.form.Update(msg)
	cmd = f.settle(cmd) // the focus moves now, before the next key (form_order.go)
	switch f.form.State {
	case huh.StateCompleted:
		last := f.focused()
		return tea.Batch(cmd, f.send(h, f.lastField(last))), false
	case huh.StateAborted:
		return cmd, true
	}
	var more tea.Cmd
	if f.onChange != nil {
		more = f.onChange(h)
	}
	f.refresh()
	return tea.Batch(cmd, more), false
}

// lastField is the field the user was on when the form completed: the last one.
func (f *formModal) lastField(cur *formField) *formField {
	if cur != nil {
		return cur
	}
	all := f.fields()
	return all[len(all)-1]
}

// selectFiltering reports whether the focused field is a select being filtered: esc
// is then the select's (it stops filtering), not the form's.
func (f *formModal) selectFiltering() bool {
	s, ok := f.form.GetFocusedField().(interface{ GetFiltering() bool })
	return ok && s.GetFiltering()
}

func (f *formModal) keys() []key.Binding {
	k := f.sh.keys
	if f.asking {
		return []key.Binding{as(k.Yes, "discard"), as(k.No, "keep typing")}
	}
	if f.sending {
		return []key.Binding{as(k.Cancel, "close (the answer shows below)")}
	}
	out := f.form.KeyBinds()
	if f.sendable() {
		out = append(out, k.Send)
	}
	return append(out, as(k.Cancel, "cancel"))
}

// headLines are the notes above the form.
func (f *formModal) headLines(w int) []string {
	if len(f.notes) == 0 {
		return nil
	}
	var out []string
	for _, n := range f.notes {
		for _, l := range wrapText(n, max(1, w)) {
			out = append(out, f.sh.styles.Hint.Render(l))
		}
	}
	return append(out, "")
}

// footLines are what the form says under its fields: sending, a refusal, why nothing
// was sent, or the question before discarding.
func (f *formModal) footLines(w int) []string {
	st := &f.sh.styles
	var text string
	style := st.Error
	switch {
	case f.asking:
		text, style = "Discard what you typed? y/n", st.Notice
	case f.sending:
		text, style = f.sh.spinner.View()+" sending…", st.Loading
	case f.failure != "" && f.barred:
		text = "✗ " + f.failure + " — nothing was changed."
		if f.editable() {
			text += " What you typed stays here (esc closes)."
		}
	case f.failure != "" && f.unsure:
		text = "✗ " + f.failure + " — it may have been done all the same: check before sending again, or esc."
	case f.failure != "":
		text = "✗ " + f.failure + " — nothing was changed."
		if f.editable() {
			text += " Edit and send again, or esc."
		}
	case f.problem != "":
		text = "✗ " + f.problem
	default:
		return nil
	}
	out := []string{""}
	for _, l := range wrapText(text, max(1, w)) {
		out = append(out, style.Render(l))
	}
	return out
}

func (f *formModal) view(w, h int) (string, int, int) {
	bw := formWidth(w)
	inner := bw - 3 // inside the border, after the box's leading space
	body := f.headLines(f.width)
	form := strings.Split(strings.TrimRight(f.form.View(), "\n"), "\n")
	foot := f.footLines(f.width)
	room := max(0, h-2-len(body)-len(foot))
	if len(form) > room {
		form = form[:room]
	}
	body = append(body, form...)
	body = append(body, foot...)
	for i, l := range body {
		if ansi.StringWidth(l) > inner {
			body[i] = ansi.Truncate(l, inner, "…")
		}
	}
	bh := min(h, len(body)+2)
	return f.sh.box(bw, bh, f.title, body, ""), (w - bw) / 2, max(0, min(1, (h-bh)/3))
}
