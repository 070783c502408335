package ui

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// The Redirects view and its forms: open it (U), make a redirect (n, or P from a
// step, with the step's public URL as the target), change where one goes (e), delete
// one (d, asked first). A write that succeeds changes the list at once with what the
// service answered; r reads the whole list again.

// redirectDraft is what a new-redirect form starts with.
type redirectDraft struct {
	host, path, target, action string
	from                       string // what it was started from, for the form's notes
}

// openRedirects shows the Redirects view, reading the list the first time.
func (m *Model) openRedirects() tea.Cmd {
	if m.redirects == nil {
		m.redirects = newRedirectsView(m.sh)
		m.redirects.setSize(m.sh.width, m.lay.bodyHeight)
	}
	v := m.redirects
	v.shown = true
	if v.state == stateIdle && m.client != nil {
		return v.load(m.sh.loads, m.client, m.next())
	}
	return nil
}

// closeRedirects hides the view; a load under way is given up.
func (m *Model) closeRedirects() {
	if v := m.redirects; v != nil {
		v.shown = false
		v.typing = false
		v.input.Blur()
		v.stop()
	}
}

// redirectsShown reports whether the Redirects view has the screen.
func (m *Model) redirectsShown() bool { return m.redirects != nil && m.redirects.shown }

// reloadRedirects reads the list again (r in the view).
func (m *Model) reloadRedirects() tea.Cmd {
	if m.client == nil || m.redirects == nil {
		return nil
	}
	return m.redirects.load(m.sh.loads, m.client, m.next())
}

// redirectsKey handles a key while the view has the screen.
func (m *Model) redirectsKey(msg tea.KeyPressMsg) tea.Cmd {
	v := m.redirects
	if v.typing {
		return v.filterKey(msg)
	}
	k := m.sh.keys
	switch {
	case key.Matches(msg, k.Cancel, k.Back):
		if v.list.filtering() {
			v.clearFilter()
			return nil
		}
		m.closeRedirects()
	case key.Matches(msg, k.Redirects):
		m.closeRedirects()
	case key.Matches(msg, k.Filter):
		return v.startFilter()
	case key.Matches(msg, k.NewRedirect, k.EditRedirect, k.DeleteRedirect) && m.unavailable(client.FamilyRedirectWrite, "this redirect write"):
		return nil
	case key.Matches(msg, k.NewRedirect):
		return m.newRedirectForm()
	case key.Matches(msg, k.EditRedirect):
		return m.editRedirectForm()
	case key.Matches(msg, k.DeleteRedirect):
		return m.deleteRedirectForm()
	case key.Matches(msg, k.CopyOldURL):
		return m.copyRedirect(false)
	case key.Matches(msg, k.CopyTarget):
		return m.copyRedirect(true)
	case key.Matches(msg, k.OpenOldURL):
		return m.openOldURL()
	case key.Matches(msg, k.Refresh):
		return m.reloadRedirects()
	case m.refusedInReadOnly(msg, m.sh.allKeys.redirectWriteKeys()):
	case v.navigate(msg):
	default:
		if cmd, ok := m.sharedKey(msg); ok {
			return cmd
		}
	}
	return nil
}

// selectedRedirect is the redirect under the view's cursor, or why there is none.
func (m *Model) selectedRedirect(verb string) (redirectRow, bool) {
	if !m.redirectsShown() {
		m.status.setWarn("open the redirects first (U) and select the one to " + verb)
		return redirectRow{}, false
	}
	r := m.redirects.selected()
	if r == nil {
		m.status.setWarn("no redirect selected to " + verb)
		return redirectRow{}, false
	}
	return *r, true
}

// copyRedirect copies the selected redirect's old URL (y) or target (Y).
func (m *Model) copyRedirect(target bool) tea.Cmd {
	if _, ok := m.selectedRedirect("copy"); !ok {
		return nil
	}
	return m.copySelected(target)
}

// openOldURL opens the selected redirect's old URL in a browser: the way to see it work.
func (m *Model) openOldURL() tea.Cmd {
	r, ok := m.selectedRedirect("open")
	if !ok {
		return nil
	}
	if m.opts.OpenURL == nil {
		reason := pick(m.opts.NoBrowserReason != "", m.opts.NoBrowserReason, "none was found")
		m.status.setWarn("no browser (" + reason + ") — y copies the old URL")
		return nil
	}
	m.status.setInfo("opening " + r.oldURL + " in your browser")
	return openURL(m.sh.ctx, m.opts.OpenURL, r.oldURL)
}

// knownHosts are the domains the browser has seen: the redirects' and the funnels'.
func (m *Model) knownHosts() []string {
	var out []string
	if m.redirects != nil {
		out = append(out, m.redirects.hosts()...)
	}
	for _, fs := range m.entities.folders {
		for _, r := range fs.rows {
			if h := strings.ToLower(strings.TrimSpace(r.domain)); h != "" {
				out = append(out, h)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// redirectActionOptions are the choices of a redirect's action.
func redirectActionOptions() []huh.Option[string] {
	return []huh.Option[string]{
		huh.NewOption("funnel   a step of a funnel", "funnel"),
		huh.NewOption("website  a page of a website", "website"),
		huh.NewOption("url      any address (a full https:// URL)", "url"),
		huh.NewOption("all      every path of the domain", "all"),
	}
}

// newRedirectForm asks for a new redirect: domain, path, action and target.
func (m *Model) newRedirectForm() tea.Cmd {
	d := redirectDraft{action: "url"}
	if r := m.redirects; m.redirectsShown() && r.selected() != nil {
		d.host = r.selected().host
	}
	return m.redirectForm(d)
}

// redirectHereForm starts a redirect to the selected step's public URL.
func (m *Model) redirectHereForm() tea.Cmd {
	s := m.steps.selected()
	if s == nil {
		m.status.setWarn("select a step first (second pane): the new redirect goes to its public URL")
		return nil
	}
	if s.url == "" {
		m.status.setWarn(s.funnel + " has no domain attached, so " + s.name + " has no public URL to redirect to")
		return nil
	}
	d := redirectDraft{target: s.url, action: "funnel", from: "step " + s.name + " of " + s.funnel}
	if f := m.entities.selectedFunnel(); f != nil {
		d.host = strings.ToLower(f.domain)
		if f.website {
			d.action = "website"
		}
	}
	return m.redirectForm(d)
}

// redirectForm opens the new-redirect form with d filled in.
func (m *Model) redirectForm(d redirectDraft) tea.Cmd {
	if !m.connected() {
		return nil
	}
	host, path, target, action := validate.DisplayHost(d.host), d.path, d.target, d.action
	view := m.redirects
	hosts := m.knownHosts()
	taken := func(h, p string) *redirectRow {
		if view == nil {
			return nil
		}
		hn, err1 := validate.HostName(h)
		pn, err2 := validate.RedirectPath(p)
		if err1 != nil || err2 != nil {
			return nil
		}
		return view.at(hn, pn)
	}
	var f *formModal
	pathField := &formField{key: "path", title: "Path", hint: "The old path, as visitors type it", placeholder: "/old-offer",
		value: &path, check: validate.RedirectPath}
	fields := []*formField{
		{key: "domain", title: "Domain", hint: "An attached host name of the location" + pick(len(hosts) > 0, " (ctrl+e completes)", ""),
			placeholder: "offers.example.com", value: &host, check: validate.HostName, suggest: hosts},
		pathField,
		{key: "action", title: "Goes to", hint: "What the target is", kind: fieldSelect, value: &action,
			options: redirectActionOptions()},
		{key: "target", title: "Target", hint: "Where visitors go: a full https:// address for a URL",
			placeholder: "https://offers.example.com/new-offer", value: &target,
			check: func(s string) (string, error) { return validate.RedirectTarget(action, s) }},
	}
	f, cmd := newFormModal(m.sh, "New redirect", []*formGroup{{fields: fields}}, func(m *Model, seq uint64) (tea.Cmd, error) {
		body, err := validate.NormalizeCreateRedirect(client.CreateRedirectRequest{Domain: host, Path: path, Target: target, Action: action})
		if err != nil {
			return nil, err
		}
		return createRedirect(m.sh.ctx, m.client, body, f, seq), nil
	})
	// A domain and path the list holds already are marked while they are typed.
	f.onChange = func(m *Model) tea.Cmd {
		pathField.block, pathField.status = "", ""
		if r := taken(host, path); r != nil {
			pathField.block = "already redirects to " + r.target + ": e in the list edits it"
			pathField.status = m.sh.styles.Error.Render("✗ " + pathField.block)
		}
		return nil
	}
	f.notes = []string{"A visit to the path on the domain goes to the target (a permanent redirect). Location: " + m.locationName() + "."}
	if d.from != "" {
		f.notes[0] = "The target is the public URL of " + d.from + ". " + f.notes[0]
	}
	return m.openForm(f, cmd)
}

// editRedirectForm changes where the selected redirect goes.
func (m *Model) editRedirectForm() tea.Cmd {
	if !m.connected() {
		return nil
	}
	r, ok := m.selectedRedirect("edit")
	if !ok {
		return nil
	}
	target, action := r.target, r.action
	if !slices.Contains(validate.RedirectActions(), action) {
		action = "url"
	}
	fields := []*formField{
		{key: "action", title: "Goes to", hint: "What the target is", kind: fieldSelect, value: &action,
			options: redirectActionOptions()},
		{key: "target", title: "Target", hint: "Where visitors go: a full https:// address for a URL",
			placeholder: "https://offers.example.com/new-offer", value: &target,
			check: func(s string) (string, error) { return validate.RedirectTarget(action, s) }},
	}
	var f *formModal
	f, cmd := newFormModal(m.sh, "Edit redirect · "+r.domain+r.path, []*formGroup{{fields: fields}}, func(m *Model, seq uint64) (tea.Cmd, error) {
		body, err := validate.NormalizeUpdateRedirect(client.UpdateRedirectRequest{Target: target, Action: action})
		if err != nil {
			return nil, err
		}
		if body.Target == r.target && body.Action == r.action {
			return nil, errors.New("the target and action are as they were")
		}
		return updateRedirect(m.sh.ctx, m.client, r, body, f, seq), nil
	})
	f.notes = []string{r.oldURL + " goes to the target. A redirect keeps its domain and path: to move one, make a new one and delete this."}
	return m.openForm(f, cmd)
}

// deleteRedirectForm deletes the selected redirect, after asking.
func (m *Model) deleteRedirectForm() tea.Cmd {
	if !m.connected() {
		return nil
	}
	r, ok := m.selectedRedirect("delete")
	if !ok {
		return nil
	}
	notes := []string{r.oldURL + " goes to " + r.target + " (" + r.action + "). Deleted, the old path answers as the domain itself does."}
	return m.confirmForm("Delete redirect", "Delete the redirect of "+r.domain+r.path+"?", "Delete", notes,
		func(m *Model, f *formModal, seq uint64) tea.Cmd { return deleteRedirect(m.sh.ctx, m.client, r, f, seq) })
}

// createRedirect sends a new redirect; on success the list shows it, selected.
func createRedirect(ctx context.Context, c *client.Client, b client.CreateRedirectRequest, from *formModal, seq uint64) tea.Cmd {
	return func() tea.Msg {
		r, resp, err := c.CreateRedirect(ctx, b)
		status := statusOf(resp, err)
		msg := answerMsg{from: from, seq: seq, err: err, status: status}
		if err == nil {
			row := newRedirectRow(r)
			// The code before the target: a narrow bar cuts the end.
			msg.info = "created redirect " + row.domain + row.path + " (" + strconv.Itoa(status) + ") " + row.arrow
			msg.after = func(m *Model) tea.Cmd { return m.redirectChanged(row, "") }
		}
		return msg
	}
}

// updateRedirect sends a redirect's new target and action.
func updateRedirect(ctx context.Context, c *client.Client, old redirectRow, b client.UpdateRedirectRequest, from *formModal, seq uint64) tea.Cmd {
	return func() tea.Msg {
		r, resp, err := c.UpdateRedirect(ctx, old.id, b)
		status := statusOf(resp, err)
		msg := answerMsg{from: from, seq: seq, err: err, status: status}
		if err == nil {
			row := newRedirectRow(r)
			if row.host == "" || r.Path == "" {
				// The answer left the place out: it did not change.
				row.host, row.domain, row.path, row.oldURL = old.host, old.domain, old.path, old.oldURL
			}
			msg.info = "changed " + row.domain + row.path + " (" + strconv.Itoa(status) + ") " + row.arrow
			msg.after = func(m *Model) tea.Cmd { return m.redirectChanged(row, "") }
		}
		return msg
	}
}

// deleteRedirect deletes a redirect.
func deleteRedirect(ctx context.Context, c *client.Client, r redirectRow, from *formModal, seq uint64) tea.Cmd {
	return func() tea.Msg {
		resp, err := c.DeleteRedirect(ctx, r.id)
		status := statusOf(resp, err)
		msg := answerMsg{from: from, seq: seq, err: err, status: status}
		if err == nil {
			msg.info = "deleted redirect " + r.domain + r.path + " (" + strconv.Itoa(status) + ")"
			msg.after = func(m *Model) tea.Cmd { return m.redirectChanged(redirectRow{}, r.id) }
		}
		return msg
	}
}

// redirectChanged shows a write in the list: made puts a redirect in (made or
// changed), gone takes one out. A list never read has nothing to change; one whose
// answer had no id is read again.
func (m *Model) redirectChanged(made redirectRow, gone string) tea.Cmd {
	v := m.redirects
	if v == nil || v.state == stateIdle {
		return nil
	}
	switch {
	case gone != "":
		v.remove(gone)
	case made.id == "":
		return m.reloadRedirects()
	default:
		v.put(made)
	}
	return nil
}
