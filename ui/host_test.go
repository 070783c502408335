package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// fakeHost is a host without a Model: a form or an overlay built on it has only what
// the host interface gives, and what it does to the browser is recorded here.
type fakeHost struct {
	t       *testing.T
	sh      *shared
	c       *client.Client
	sel     selection
	seq     uint64
	overlay modal
	infos   []string
	warns   []string
	copied  []string
	answers []answerMsg
	cmds    *harness // only its command runner (run, and the messages in msgs): no Model
}

func newFakeHost(t *testing.T, c *client.Client, w, h int) *fakeHost {
	sh := newShared(Options{})
	sh.width, sh.height = w, h
	return &fakeHost{t: t, sh: sh, c: c, cmds: &harness{t: t, msgs: make(chan tea.Msg, 256)}}
}

func (f *fakeHost) common() *shared               { return f.sh }
func (f *fakeHost) api() *client.Client           { return f.c }
func (f *fakeHost) selected() selection           { return f.sel }
func (f *fakeHost) setInfo(text string)           { f.infos = append(f.infos, text) }
func (f *fakeHost) setWarn(text string)           { f.warns = append(f.warns, text) }
func (f *fakeHost) next() uint64                  { f.seq++; return f.seq }
func (f *fakeHost) show(o modal)                  { f.overlay = o }
func (f *fakeHost) copyText(text string) tea.Cmd  { f.copied = append(f.copied, text); return nil }
func (f *fakeHost) browse(string, string) tea.Cmd { return nil }

// send hands msg to the overlay, as the root does, and runs what it returns.
func (f *fakeHost) send(msg tea.Msg) {
	f.t.Helper()
	if f.overlay == nil {
		f.t.Fatalf("no overlay to take %T", msg)
	}
	cmd, done := f.overlay.update(f, msg)
	if done {
		f.overlay = nil
	}
	f.cmds.run(cmd)
}

// waitUntil hands the overlay the messages of its commands, as the root does, until
// cond holds; the answer of a request, when one comes, is kept in answers.
func (f *fakeHost) waitUntil(what string, cond func() bool) {
	f.t.Helper()
	deadline := time.NewTimer(waitTimeout)
	defer deadline.Stop()
	for !cond() {
		select {
		case msg := <-f.cmds.msgs:
			switch {
			case isAnswer(msg):
				f.answers = append(f.answers, msg.(answerMsg))
			case f.overlay != nil:
				f.send(msg)
			}
		case <-deadline.C:
			f.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func isAnswer(msg tea.Msg) bool { _, ok := msg.(answerMsg); return ok }

// TestAFormWorksOnAHostWithoutAModel builds the new-folder form on a fake host: it
// reads the selection and the location from the host, opens itself as the host's
// overlay, numbers its request by the host, and sends to the host's client; the
// answer names the form.
func TestAFormWorksOnAHostWithoutAModel(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newFakeHost(t, c, 80, 30)
	h.sel = selection{entity: &entityRow{id: "w1", name: "Club site", website: true}, location: "LakesideFit2026Loc01"}

	h.cmds.run(newFolderForm(h))
	fm, ok := h.overlay.(*formOverlay)
	if !ok {
		t.Fatalf("the form did not open as the host's overlay: %T", h.overlay)
	}
	if notes := strings.Join(fm.Notes, " "); !strings.Contains(notes, "LakesideFit2026Loc01") {
		t.Errorf("the notes should name the host's location: %q", notes)
	}
	for _, r := range "Spring promos" {
		h.send(keyPress(string(r)))
	}
	h.send(keyPress("enter"))
	h.waitUntil("the next field", func() bool { return fm.Focused() == fm.Fields()[1] })
	h.send(keyPress("enter")) // "Holds" stays on websites, as the selected row is one: sends
	h.waitUntil("the form to send", func() bool { return fm.Sending() || len(fm.Under()) > 0 })
	if !fm.Sending() || h.seq != 1 || h.overlay != fm {
		t.Fatalf("sent: sending %v, request %d, overlay %T (warnings %q)", fm.Sending(), h.seq, h.overlay, h.warns)
	}
	h.waitUntil("the answer", func() bool { return len(h.answers) > 0 })
	a := h.answers[0]
	if a.err != nil || a.from != fm.Form || a.seq != 1 || a.status != 201 || !strings.Contains(a.info, "created folder Spring promos") {
		t.Fatalf("answer: %+v", a)
	}
	ents, _, err := c.FolderEntities(t.Context(), "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ents.Folders {
		if f.Name == "Spring promos" {
			if f.Type != "website" {
				t.Errorf("the folder holds %q, want website (the selected row's kind)", f.Type)
			}
			return
		}
	}
	t.Fatalf("the sandbox has no folder Spring promos (%d requests)", len(sb.Server.Requests()))
}

// TestFormsAskTheHostFirst: without a client a form says so and opens nothing; a
// form that needs a selection says what to select.
func TestFormsAskTheHostFirst(t *testing.T) {
	h := newFakeHost(t, nil, 80, 30)
	if cmd := newFolderForm(h); cmd != nil || h.overlay != nil || len(h.warns) != 1 || !strings.Contains(h.warns[0], "not connected") {
		t.Fatalf("no client: overlay %T, warnings %q", h.overlay, h.warns)
	}
	sb, c := testClient(t, sandbox.Options{}, -1)
	h = newFakeHost(t, c, 80, 30)
	if newStepForm(h); h.overlay != nil || len(h.warns) != 1 || !strings.Contains(h.warns[0], "select a funnel first") {
		t.Fatalf("no funnel selected: overlay %T, warnings %q", h.overlay, h.warns)
	}
	h.warns = nil
	if endSplitForm(h); h.overlay != nil || len(h.warns) != 1 || !strings.Contains(h.warns[0], "select a step") {
		t.Fatalf("no step selected: overlay %T, warnings %q", h.overlay, h.warns)
	}
	if n := len(sb.Server.Requests()); h.seq != 0 || n != 0 {
		t.Errorf("nothing may be sent when a form does not open (request %d, %d sent)", h.seq, n)
	}
}
