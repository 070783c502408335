package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/ui/form"
)

// The browser's side of package form: the host a form asks for its room, look, keys,
// request numbers and status bar, and the overlay a form is shown in.

// formHost is a host as a form sees it.
type formHost struct{ h host }

func (fh formHost) Width() int         { return fh.h.common().width }
func (fh formHost) BodyHeight() int    { return fh.h.common().bodyHeight() }
func (fh formHost) Look() *form.Look   { return &fh.h.common().formLook }
func (fh formHost) Spinner() string    { return fh.h.common().spinner.View() }
func (fh formHost) Next() uint64       { return fh.h.next() }
func (fh formHost) SetInfo(msg string) { fh.h.setInfo(msg) }

func (fh formHost) Keys() form.Keys {
	k := &fh.h.common().keys
	return form.Keys{Cancel: k.Cancel, Send: k.Send, Yes: k.Yes, No: k.No}
}

// formOverlay is a form as the browser's overlay: the form draws its lines, the
// overlay puts them in a box.
type formOverlay struct {
	*form.Form
	sh *shared
}

func (o *formOverlay) update(_ host, msg tea.Msg) (tea.Cmd, bool) { return o.Update(msg) }
func (o *formOverlay) keys() []key.Binding                        { return o.Keys() }

func (o *formOverlay) view(w, h int) (string, int, int) {
	bw := form.Width(w)
	body := o.Lines(w, h)
	bh := min(h, len(body)+2)
	return o.sh.box(bw, bh, o.Title(), body, ""), (w - bw) / 2, max(0, min(1, (h-bh)/3))
}

// newForm builds a form over h; see form.New.
func newForm(h host, title string, groups []*form.Group, submit func(seq uint64) (tea.Cmd, error)) (*form.Form, tea.Cmd) {
	return form.New(formHost{h}, title, groups, submit)
}

// openForm shows f as h's overlay; cmd is what building it returned.
func openForm(h host, f *form.Form, cmd tea.Cmd) tea.Cmd {
	h.show(&formOverlay{Form: f, sh: h.common()})
	return cmd
}

// confirmForm opens a form of one question, whose yes runs send (form.Confirm).
func confirmForm(h host, title, question, yes string, notes []string, send func(f *form.Form, seq uint64) tea.Cmd) tea.Cmd {
	f, cmd := form.Confirm(formHost{h}, title, question, yes, notes, send)
	return openForm(h, f, cmd)
}

// askForm opens a form that ends in a question, after the fields before (form.Ask).
func askForm(h host, title string, before []*form.Field, question, yes string, notes []string, send func(f *form.Form, seq uint64) tea.Cmd) tea.Cmd {
	f, cmd := form.Ask(formHost{h}, title, before, question, yes, notes, send)
	return openForm(h, f, cmd)
}
