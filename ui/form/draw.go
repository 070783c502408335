package form

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// Width is the width of a form's box on a terminal w cells wide.
func Width(w int) int { return min(w, 76) }

// clearFixed drops the banner under the form once every field it was about holds a
// value with nothing wrong with it: a banner that outlives its cause reads as a new
// problem.
func (f *Form) clearFixed() {
	if len(f.causes) == 0 {
		return
	}
	for _, ff := range f.causes {
		if ff.problemWith(ff.Current()) != nil {
			return
		}
	}
	f.failure, f.problem, f.unsure, f.barred, f.causes = "", "", false, false, nil
}

// refresh brings every field's description line up to date and sizes the form.
func (f *Form) refresh() {
	look := f.h.Look()
	changed := false
	f.clearFixed()
	for _, ff := range f.Fields() {
		if ff.setDesc == nil {
			continue
		}
		d := ff.Hint
		var problem error
		if ff.hf != nil {
			problem = ff.hf.Error()
		}
		if ff.refused != "" && ff.Current() != ff.refusedVal {
			ff.refused = ""
		}
		switch {
		case ff.search != "":
			d = searchLine(ff, look)
		case ff.refused != "":
			d = look.Error.Render("✗ " + ff.refused)
		case problem != nil:
			d = look.Error.Render("✗ " + problem.Error())
		case ff.err != "" && ff.Current() == ff.errVal:
			d = look.Error.Render("✗ " + ff.err)
		case ff.Status != "":
			d = ff.Status
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
func (f *Form) formRows() int {
	h := f.h.BodyHeight() - 2 // the body, inside the box's border
	return h - len(f.headLines(f.width)) - len(f.footLines(f.width))
}

// Keys are the bindings a footer shows while the form is open.
func (f *Form) Keys() []key.Binding {
	k := f.h.Keys()
	if f.asking {
		return []key.Binding{named(k.Yes, "discard"), named(k.No, "keep typing")}
	}
	if f.sending {
		return []key.Binding{named(k.Cancel, "close (the answer shows below)")}
	}
	out := f.form.KeyBinds()
	if ff := f.Focused(); ff != nil && ff.Kind == Select {
		out = append(out, key.NewBinding(key.WithKeys("a"), key.WithHelp("a-z", "find a choice")))
	}
	if f.sendable() {
		out = append(out, k.Send)
	}
	return append(out, named(k.Cancel, "cancel"))
}

// headLines are the notes above the form.
func (f *Form) headLines(w int) []string {
	if len(f.Notes) == 0 {
		return nil
	}
	hint := &f.h.Look().Hint
	var out []string
	for _, n := range f.Notes {
		for _, l := range termtext.Wrap(n, max(1, w)) {
			out = append(out, hint.Render(l))
		}
	}
	return append(out, "")
}

// footLines are what the form says under its fields: sending, a refusal, why nothing
// was sent, or the question before discarding.
func (f *Form) footLines(w int) []string {
	look := f.h.Look()
	var text string
	style := look.Error
	switch {
	case f.asking:
		text, style = "Discard what you typed? y/n", look.Notice
	case f.sending:
		text, style = f.h.Spinner()+" sending…", look.Loading
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
	for _, l := range termtext.Wrap(text, max(1, w)) {
		out = append(out, style.Render(l))
	}
	return out
}

// Under is what the form says under its fields, as it is drawn (wrapped to the
// form's width, styled): nothing, or a blank line and then sending, a refusal, why
// nothing was sent or the question before discarding.
func (f *Form) Under() []string { return f.footLines(f.width) }

// Lines are what the form's box holds on a body of w×h cells — the notes, the huh
// form and what the form says under it — each cut to fit inside a box of Width(w)
// with its border.
func (f *Form) Lines(w, h int) []string {
	inner := Width(w) - 3 // inside the border, after the box's leading space
	body := f.headLines(f.width)
	form := strings.Split(strings.TrimRight(f.form.View(), "\n"), "\n")
	foot := f.Under()
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
	return body
}

// Focused is the field that has the focus, or nil.
func (f *Form) Focused() *Field {
	cur := f.form.GetFocusedField()
	for _, ff := range f.Fields() {
		if ff.hf == cur {
			return ff
		}
	}
	return nil
}

// focus moves the focus forward to target, group by group, then field by field.
func (f *Form) focus(target *Field) tea.Cmd {
	tg := f.groupOf(target)
	if tg < 0 {
		return nil
	}
	var cmds []tea.Cmd
	for range len(f.Fields()) + len(f.groups) {
		cur := f.Focused()
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

func (f *Form) groupOf(ff *Field) int {
	for gi, g := range f.groups {
		for _, x := range g.Fields {
			if x == ff {
				return gi
			}
		}
	}
	return -1
}
