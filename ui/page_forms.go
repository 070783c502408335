package ui

import (
	"context"
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/ui/form"
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
func selectedPage(h host, verb string) (pageTarget, bool) {
	sel := h.selected()
	pg := sel.page
	if pg == nil || sel.pagesOf == (stepKey{}) {
		h.setWarn("select a page first (third pane) to " + verb + " it")
		return pageTarget{}, false
	}
	return pageTarget{key: sel.pagesOf, step: sel.pagesStep, page: *pg, folderID: sel.folderID}, true
}

// archivePageForm archives the selected page, after asking.
func archivePageForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	t, ok := selectedPage(h, "archive")
	if !ok {
		return nil
	}
	if t.page.archived {
		h.setWarn(t.page.name + " is archived already: A restores it")
		return nil
	}
	if why := archiveRefusal(&t.page, t.step); why != "" {
		h.setWarn(why)
		return nil
	}
	left := len(t.step.rec.Pages) - 1
	notes := []string{"Step " + t.step.name + " keeps " + plural(left, "live page") + ". An archived page can be restored (A on it)."}
	if t.step.rec.Split {
		notes = append(notes, "Archiving a page of a split test ends the test; \"End split test\" (S) says which page wins.")
	}
	return confirmForm(h, "Archive page", "Archive “"+t.page.name+"”?", "Archive", notes,
		func(f *form.Form, seq uint64) tea.Cmd {
			step := t.step.rec
			c := h.api()
			return pageAction(h.common().ctx, f, seq, t, "archived page "+t.page.name, func(ctx context.Context) (*client.Result, *client.Response, error) {
				return c.ArchivePage(ctx, t.key.funnelID, step, t.page.id)
			})
		})
}

// archiveRefusal says why the selected page cannot be archived — it is the only
// live page of its step, which the service refuses to archive — or "" when it can
// be (or when no live page is selected: the action then says what to select).
func (s selection) archiveRefusal() string {
	if s.pagesOf == (stepKey{}) {
		return ""
	}
	return archiveRefusal(s.page, s.pagesStep)
}

// archiveRefusal says why page pg of step cannot be archived, or "" when it can be.
func archiveRefusal(pg *pageRow, step stepRow) string {
	if pg == nil || pg.archived || step.rec.CanArchivePage() {
		return ""
	}
	return "“" + pg.name + "” is the only live page of step " + step.name +
		": the service refuses to archive a step's last page"
}

// restorePageForm brings the selected archived page back, after asking.
func restorePageForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	t, ok := selectedPage(h, "restore")
	if !ok {
		return nil
	}
	if !t.page.archived {
		h.setWarn(t.page.name + " is live: only an archived page can be restored (A archives it)")
		return nil
	}
	notes := []string{"The page goes back into step " + t.step.name + " as its last live page."}
	return confirmForm(h, "Restore page", "Restore “"+t.page.name+"”?", "Restore", notes,
		func(f *form.Form, seq uint64) tea.Cmd {
			c := h.api()
			return pageAction(h.common().ctx, f, seq, t, "restored page "+t.page.name, func(ctx context.Context) (*client.Result, *client.Response, error) {
				return c.RestorePage(ctx, t.key.funnelID, t.step.id, t.page.id)
			})
		})
}

// endSplitForm ends the split test of the selected step: the winner stays with all
// the traffic, the other page is archived.
func endSplitForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	sel := h.selected()
	s := sel.step
	if s == nil {
		h.setWarn("select a step with a split test first (second pane)")
		return nil
	}
	if !s.rec.SplitRunning() {
		h.setWarn(s.name + " runs no split test")
		return nil
	}
	t := pageTarget{key: stepKey{funnelID: sel.stepsOf, stepID: s.id}, step: *s, folderID: sel.folderID}
	names := map[string]string{}
	for _, r := range sel.stepPages {
		names[r.id] = r.name
	}
	opts := make([]huh.Option[string], 0, 2)
	for _, pid := range s.rec.Pages[:2] {
		name := names[pid]
		if name == "" {
			name = "page " + sanitize(pid)
		}
		opts = append(opts, huh.NewOption(name+"  ("+roleLabel(s.rec, pid)+")", pid))
	}
	// The page selected in the pages pane, when it is one of the test's, is the one
	// asked about: the highlight starts on its role, the control's otherwise.
	winner := s.rec.Pages[0]
	if sel.page != nil && sel.pagesOf == t.key && slices.Contains(s.rec.Pages[:2], sel.page.id) {
		winner = sel.page.id
	}
	choice := &form.Field{Key: "winner", Title: "Winner", Hint: "The page that keeps all the traffic", Kind: form.Select, Value: &winner, Options: opts}
	notes := []string{"Step " + s.name + " splits its traffic " + s.split + ". The other page is archived (it can be restored)."}
	return askForm(h, "End split test · "+s.name, []*form.Field{choice}, "End the test?", "End test", notes,
		func(f *form.Form, seq uint64) tea.Cmd {
			step := s.rec
			w := names[winner]
			if w == "" {
				w = sanitize(winner)
			}
			c := h.api()
			return pageAction(h.common().ctx, f, seq, t, "ended the split test of "+s.name+": "+w+" won", func(ctx context.Context) (*client.Result, *client.Response, error) {
				return c.EndSplitTest(ctx, t.key.funnelID, step, winner)
			})
		})
}

// pageAction runs one update-funnel-and-page call and, on success, reads the funnel
// and the step's pages again.
func pageAction(ctx context.Context, from *form.Form, seq uint64, t pageTarget, done string,
	call func(ctx context.Context) (*client.Result, *client.Response, error)) tea.Cmd {
	return func() tea.Msg {
		_, resp, err := call(ctx)
		status := statusOf(resp, err)
		msg := answerMsg{from: from, seq: seq, err: err, status: status}
		if err == nil {
			msg.info = done + " (" + strconv.Itoa(status) + ")"
			msg.after = pageChanged{step: t.key, pageID: t.page.id, folderID: t.folderID}
		}
		return msg
	}
}
