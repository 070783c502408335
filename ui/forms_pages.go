package ui

import (
	"context"
	"strconv"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"github.com/funnelsdev/funnels/client"
)

// The page actions, all through update-funnel-and-page: archive a page, restore an
// archived one, end a split test by keeping its winner. Each asks first; yes sends,
// no closes. Afterwards the funnel and the step's pages are read again.

// pageTarget is the page an action is about, with its step and funnel.
type pageTarget struct {
	key      stepKey
	step     stepRow
	page     pageRow
	folderID string
}

// selectedPage is the page of the third pane under the cursor, or why there is none.
func (m *Model) selectedPage(verb string) (pageTarget, bool) {
	pg := m.pages.selected()
	if pg == nil || m.pages.key == (stepKey{}) {
		m.status.setWarn("select a page first (third pane) to " + verb + " it")
		return pageTarget{}, false
	}
	return pageTarget{key: m.pages.key, step: m.pages.step, page: *pg, folderID: m.entities.folderID()}, true
}

// confirmForm is a form of one question; yes runs send. See askForm.
func (m *Model) confirmForm(title, question, yes string, notes []string,
	send func(m *Model, f *formModal, seq uint64) tea.Cmd) tea.Cmd {
	return m.askForm(title, nil, question, yes, notes, send)
}

// askForm is a form that ends in a question: the fields before it (a choice to make
// first), then the question, whose yes runs send. Cancel is highlighted to begin
// with, and the line under the question always says what enter does with the
// highlight where it is now; a no says "cancelled" in the status bar, so nobody
// believes a thing was done that was not.
func (m *Model) askForm(title string, before []*formField, question, yes string, notes []string,
	send func(m *Model, f *formModal, seq uint64) tea.Cmd) tea.Cmd {
	ok := false
	q := &formField{key: "confirm", title: question, kind: fieldConfirm, flag: &ok, yes: yes, no: "Cancel", hint: confirmHint(yes, false)}
	fields := append(append([]*formField{}, before...), q)
	var f *formModal
	f, cmd := newFormModal(m.sh, title, []*formGroup{{fields: fields}}, func(m *Model, seq uint64) (tea.Cmd, error) {
		if !ok {
			m.status.setInfo("cancelled: " + title + " — nothing was sent")
			return nil, nil
		}
		return send(m, f, seq), nil
	})
	f.onChange = func(*Model) tea.Cmd {
		q.hint = confirmHint(yes, ok)
		return nil
	}
	f.notes = notes
	return m.openForm(f, cmd)
}

// confirmHint is the line under a question: what enter does with the highlight where
// it is (yes highlighted or not), and how to do the other thing.
func confirmHint(yes string, highlighted bool) string {
	if highlighted {
		return "enter: " + yes + " (highlighted) · n or ←/→ to cancel"
	}
	return "enter: cancel (highlighted) · y: " + yes + " · ←/→ to choose"
}

// archivePageForm archives the selected page, after asking.
func (m *Model) archivePageForm() tea.Cmd {
	if !m.connected() {
		return nil
	}
	t, ok := m.selectedPage("archive")
	if !ok {
		return nil
	}
	if t.page.archived {
		m.status.setWarn(t.page.name + " is archived already: A restores it")
		return nil
	}
	if why := m.archiveRefusal(); why != "" {
		m.status.setWarn(why)
		return nil
	}
	left := len(t.step.pageIDs) - 1
	notes := []string{"Step " + t.step.name + " keeps " + plural(left, "live page") + ". An archived page can be restored (A on it)."}
	if t.step.splitTest {
		notes = append(notes, "Archiving a page of a split test ends the test; \"End split test\" (S) says which page wins.")
	}
	return m.confirmForm("Archive page", "Archive “"+t.page.name+"”?", "Archive", notes,
		func(m *Model, f *formModal, seq uint64) tea.Cmd {
			step := client.Step{ID: t.step.id, Pages: t.step.pageIDs}
			return pageAction(m.sh.ctx, f, seq, t, "archived page "+t.page.name, func(ctx context.Context) (*client.Result, *client.Response, error) {
				return m.client.ArchivePage(ctx, t.key.funnelID, step, t.page.id)
			})
		})
}

// archiveRefusal says why the selected page cannot be archived — it is the only
// live page of its step, which the service refuses to archive — or "" when it can
// be (or when no live page is selected: the action then says what to select).
func (m *Model) archiveRefusal() string {
	pg := m.pages.selected()
	if pg == nil || pg.archived || m.pages.key == (stepKey{}) || len(m.pages.step.pageIDs) > 1 {
		return ""
	}
	return "“" + pg.name + "” is the only live page of step " + m.pages.step.name +
		": the service refuses to archive a step's last page"
}

// archiveHelp is what the footer says of A for the selected page.
func (m *Model) archiveHelp() string {
	pg := m.pages.selected()
	switch {
	case pg == nil:
		return "archive/restore"
	case pg.archived:
		return "restore"
	case m.archiveRefusal() != "":
		return "archive: no, only live page"
	}
	return "archive"
}

// restorePageForm brings the selected archived page back, after asking.
func (m *Model) restorePageForm() tea.Cmd {
	if !m.connected() {
		return nil
	}
	t, ok := m.selectedPage("restore")
	if !ok {
		return nil
	}
	if !t.page.archived {
		m.status.setWarn(t.page.name + " is live: only an archived page can be restored (A archives it)")
		return nil
	}
	notes := []string{"The page goes back into step " + t.step.name + " as its last live page."}
	return m.confirmForm("Restore page", "Restore “"+t.page.name+"”?", "Restore", notes,
		func(m *Model, f *formModal, seq uint64) tea.Cmd {
			return pageAction(m.sh.ctx, f, seq, t, "restored page "+t.page.name, func(ctx context.Context) (*client.Result, *client.Response, error) {
				return m.client.RestorePage(ctx, t.key.funnelID, t.step.id, t.page.id)
			})
		})
}

// endSplitForm ends the split test of the selected step: the winner stays with all
// the traffic, the other page is archived.
func (m *Model) endSplitForm() tea.Cmd {
	if !m.connected() {
		return nil
	}
	s := m.steps.selected()
	if s == nil {
		m.status.setWarn("select a step with a split test first (second pane)")
		return nil
	}
	if !s.splitTest || len(s.pageIDs) < 2 {
		m.status.setWarn(s.name + " runs no split test")
		return nil
	}
	t := pageTarget{key: stepKey{funnelID: m.steps.funnelID, stepID: s.id}, step: *s, folderID: m.entities.folderID()}
	names := map[string]string{}
	if ps := m.pages.cache[t.key]; ps != nil {
		for _, r := range ps.rows {
			names[r.id] = r.name
		}
	}
	roles := []string{"control " + percent(s.control) + "%", "variation " + percent(100-s.control) + "%"}
	opts := make([]huh.Option[string], 0, 2)
	for i, pid := range s.pageIDs[:2] {
		name := names[pid]
		if name == "" {
			name = "page " + sanitize(pid)
		}
		opts = append(opts, huh.NewOption(name+"  ("+roles[i]+")", pid))
	}
	winner := s.pageIDs[0]
	choice := &formField{key: "winner", title: "Winner", hint: "The page that keeps all the traffic", kind: fieldSelect, value: &winner, options: opts}
	notes := []string{"Step " + s.name + " splits its traffic " + s.split + ". The other page is archived (it can be restored)."}
	return m.askForm("End split test · "+s.name, []*formField{choice}, "End the test?", "End test", notes,
		func(m *Model, f *formModal, seq uint64) tea.Cmd {
			step := client.Step{ID: s.id, Pages: s.pageIDs}
			w := names[winner]
			if w == "" {
				w = sanitize(winner)
			}
			return pageAction(m.sh.ctx, f, seq, t, "ended the split test of "+s.name+": "+w+" won", func(ctx context.Context) (*client.Result, *client.Response, error) {
				return m.client.EndSplitTest(ctx, t.key.funnelID, step, winner)
			})
		})
}

// pageAction runs one update-funnel-and-page call and, on success, reads the funnel
// and the step's pages again.
func pageAction(ctx context.Context, from *formModal, seq uint64, t pageTarget, done string,
	call func(ctx context.Context) (*client.Result, *client.Response, error)) tea.Cmd {
	return func() tea.Msg {
		_, resp, err := call(ctx)
		status := statusOf(resp, err)
		msg := answerMsg{from: from, seq: seq, err: err, status: status}
		if err == nil {
			msg.info = done + " (" + strconv.Itoa(status) + ")"
			msg.after = func(m *Model) tea.Cmd {
				delete(m.pageDocs, t.page.id)
				m.reloadPages = t.key
				if ps := m.pages.cache[t.key]; ps != nil {
					ps.loaded = false
				}
				if t.folderID == m.entities.folderID() {
					return m.loadFolder()
				}
				m.reloadFolder(t.folderID)
				return m.reloadPagesNow()
			}
		}
		return msg
	}
}
