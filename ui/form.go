package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// formModal shows a huh form as an overlay. It is the frame the forms of the next
// issue (New folder, New step, Attach domain, Test conversion event …) hang in:
//
//	form := huh.NewForm(huh.NewGroup(huh.NewInput().Key("name").Title("Name")))
//	fm, cmd := newFormModal(m.sh, "New folder", form, func(m *Model, f *huh.Form) tea.Cmd {
//		return createFolder(m.sh.ctx, m.client, f.GetString("name")) // a command, like loaders.go
//	})
//	m.overlay = fm
//	return cmd
//
// The form gets every key and every message the root does not handle itself (huh's
// own messages among them). When it completes, submit runs once and the overlay
// closes; esc (or the form's own abort) closes it without submitting. A form is used
// once: build a new one to show it again.
type formModal struct {
	sh     *shared
	title  string
	form   *huh.Form
	submit func(m *Model, f *huh.Form) tea.Cmd
}

// formWidth is the width of a form overlay on a terminal w cells wide.
func formWidth(w int) int { return min(w, 72) }

// newFormModal wraps form in an overlay; run the returned command (the form's Init).
func newFormModal(sh *shared, title string, form *huh.Form, submit func(*Model, *huh.Form) tea.Cmd) (*formModal, tea.Cmd) {
	form = form.WithTheme(huh.ThemeFunc(huh.ThemeBase16)).WithShowHelp(true).WithWidth(formWidth(sh.width) - 4)
	return &formModal{sh: sh, title: title, form: form, submit: submit}, form.Init()
}

func (f *formModal) update(m *Model, msg tea.Msg) (tea.Cmd, bool) {
	if km, ok := msg.(tea.KeyPressMsg); ok && key.Matches(km, f.sh.keys.Cancel) {
		return nil, true
	}
	model, cmd := f.form.Update(msg)
	if ff, ok := model.(*huh.Form); ok {
		f.form = ff
	}
	switch f.form.State {
	case huh.StateCompleted:
		var done tea.Cmd
		if f.submit != nil {
			done = f.submit(m, f.form)
		}
		return tea.Batch(cmd, done), true
	case huh.StateAborted:
		return cmd, true
	}
	return cmd, false
}

func (f *formModal) keys() []key.Binding {
	return append(f.form.KeyBinds(), as(f.sh.keys.Cancel, "cancel"))
}

func (f *formModal) view(w, h int) (string, int, int) {
	body := strings.Split(strings.TrimRight(f.form.View(), "\n"), "\n")
	bw := formWidth(w)
	bh := min(h, len(body)+2)
	return f.sh.box(bw, bh, f.title, body, ""), (w - bw) / 2, max(0, min(2, (h-bh)/3))
}
