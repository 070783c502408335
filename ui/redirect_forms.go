package ui

import (
	"context"
	"errors"
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/form"
)

// The Redirects view's forms: make a redirect (n, or P from a step, with the step's
// public URL as the target), change where one goes (e), delete one (d, asked first).
// A write that succeeds changes the list at once with what the service answered
// (a redirectChanged effect); r reads the whole list again.

// redirectDraft is what a new-redirect form starts with.
type redirectDraft struct {
	host, path, target, action string
	from                       string // what it was started from, for the form's notes
	why                        string // why it is filled so (a check's fix): the first note
}

// selectedRedirect is the redirect under the view's cursor, or why there is none.
func selectedRedirect(h host, verb string) (redirectRow, bool) {
	sel := h.selected()
	if !sel.redirectsShown {
		h.setWarn("open the redirects first (U) and select the one to " + verb)
		return redirectRow{}, false
	}
	r := sel.redirect()
	if r == nil {
		h.setWarn("no redirect selected to " + verb)
		return redirectRow{}, false
	}
	return *r, true
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
func newRedirectForm(h host) tea.Cmd {
	d := redirectDraft{action: "url"}
	if r := h.selected().redirect(); r != nil {
		d.host = r.host
	}
	return redirectForm(h, d)
}

// redirectHereForm starts a redirect to the selected step's public URL.
func redirectHereForm(h host) tea.Cmd {
	sel := h.selected()
	s := sel.step
	if s == nil {
		h.setWarn("select a step first (second pane): the new redirect goes to its public URL")
		return nil
	}
	if s.url == "" {
		h.setWarn(s.funnel + " has no domain attached, so " + s.name + " has no public URL to redirect to")
		return nil
	}
	d := redirectDraft{target: s.url, action: "funnel", from: "step " + s.name + " of " + s.funnel}
	if f := sel.funnel; f != nil {
		d.host = client.Host(f.domain)
		if f.website {
			d.action = "website"
		}
	}
	return redirectForm(h, d)
}

// redirectForm opens the new-redirect form with d filled in.
func redirectForm(h host, d redirectDraft) tea.Cmd {
	if !connected(h) {
		return nil
	}
	sel := h.selected()
	hostName, path, target, action := validate.DisplayHost(d.host), d.path, d.target, d.action
	view := sel.redirects
	hosts := sel.knownHosts()
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
	var f *form.Form
	pathField := &form.Field{Key: "path", Title: "Path", Hint: "The old path, as visitors type it", Placeholder: "/old-offer",
		Value: &path, Check: validate.RedirectPath}
	fields := []*form.Field{
		{Key: "domain", Title: "Domain", Hint: "An attached host name of the location" + pick(len(hosts) > 0, " (ctrl+e completes)", ""),
			Placeholder: "offers.example.com", Value: &hostName, Check: validate.HostName, Suggest: hosts},
		pathField,
		{Key: "action", Title: "Goes to", Hint: "What the target is", Kind: form.Select, Value: &action,
			Options: redirectActionOptions()},
		{Key: "target", Title: "Target", Hint: "Where visitors go: a full https:// address for a URL",
			Placeholder: "https://offers.example.com/new-offer", Value: &target,
			Check: func(s string) (string, error) { return validate.RedirectTarget(action, s) }},
	}
	f, cmd := newForm(h, "New redirect", []*form.Group{{Fields: fields}}, func(seq uint64) (tea.Cmd, error) {
		body, err := validate.NormalizeCreateRedirect(client.CreateRedirectRequest{Domain: hostName, Path: path, Target: target, Action: action})
		if err != nil {
			return nil, err
		}
		return createRedirect(h.common().ctx, h.api(), body, f, seq), nil
	})
	// A domain and path the list holds already are marked while they are typed.
	f.OnChange = func() tea.Cmd {
		pathField.Block, pathField.Status = "", ""
		if r := taken(hostName, path); r != nil {
			pathField.Block = "already redirects to " + r.target + ": e in the list edits it"
			pathField.Status = h.common().styles.Error.Render("✗ " + pathField.Block)
		}
		return nil
	}
	f.Notes = []string{"A visit to the path on the domain goes to the target (a permanent redirect). Location: " + sel.location + "."}
	if d.from != "" {
		f.Notes[0] = "The target is the public URL of " + d.from + ". " + f.Notes[0]
	}
	if d.why != "" {
		f.Notes = append([]string{d.why}, f.Notes...)
	}
	return openForm(h, f, cmd)
}

// editRedirectForm changes where the selected redirect goes.
func editRedirectForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	r, ok := selectedRedirect(h, "edit")
	if !ok {
		return nil
	}
	return editRedirect(h, r, r.target, r.action, "")
}

// editRedirect opens the form that changes where r goes, with target and action
// filled in; why, when given, is the first note: where they came from.
func editRedirect(h host, r redirectRow, target, action, why string) tea.Cmd {
	if !slices.Contains(validate.RedirectActions(), action) {
		action = "url"
	}
	fields := []*form.Field{
		{Key: "action", Title: "Goes to", Hint: "What the target is", Kind: form.Select, Value: &action,
			Options: redirectActionOptions()},
		{Key: "target", Title: "Target", Hint: "Where visitors go: a full https:// address for a URL",
			Placeholder: "https://offers.example.com/new-offer", Value: &target,
			Check: func(s string) (string, error) { return validate.RedirectTarget(action, s) }},
	}
	var f *form.Form
	f, cmd := newForm(h, "Edit redirect · "+r.domain+r.path, []*form.Group{{Fields: fields}}, func(seq uint64) (tea.Cmd, error) {
		body, err := validate.NormalizeUpdateRedirect(client.UpdateRedirectRequest{Target: target, Action: action})
		if err != nil {
			return nil, err
		}
		if body.Target == r.target && body.Action == r.action {
			return nil, errors.New("the target and action are as they were")
		}
		return updateRedirect(h.common().ctx, h.api(), r, body, f, seq), nil
	})
	f.Notes = []string{r.oldURL + " goes to the target. A redirect keeps its domain and path: to move one, make a new one and delete this."}
	if why != "" {
		f.Notes = append([]string{why}, f.Notes...)
	}
	return openForm(h, f, cmd)
}

// deleteRedirectForm deletes the selected redirect, after asking.
func deleteRedirectForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	r, ok := selectedRedirect(h, "delete")
	if !ok {
		return nil
	}
	notes := []string{r.oldURL + " goes to " + r.target + " (" + r.action + "). Deleted, the old path answers as the domain itself does."}
	return confirmForm(h, "Delete redirect", "Delete the redirect of "+r.domain+r.path+"?", "Delete", notes,
		func(f *form.Form, seq uint64) tea.Cmd {
			return deleteRedirect(h.common().ctx, h.api(), r, f, seq)
		})
}

// createRedirect sends a new redirect; on success the list shows it, selected.
func createRedirect(ctx context.Context, c *client.Client, b client.CreateRedirectRequest, from *form.Form, seq uint64) tea.Cmd {
	return func() tea.Msg {
		r, resp, err := c.CreateRedirect(ctx, b)
		status := statusOf(resp, err)
		msg := answerMsg{from: from, seq: seq, err: err, status: status}
		if err == nil {
			row := newRedirectRow(r)
			// The code before the target: a narrow bar cuts the end.
			msg.info = "created redirect " + row.domain + row.path + " (" + strconv.Itoa(status) + ") " + row.arrow
			msg.after = redirectChanged{made: row}
		}
		return msg
	}
}

// updateRedirect sends a redirect's new target and action.
func updateRedirect(ctx context.Context, c *client.Client, old redirectRow, b client.UpdateRedirectRequest, from *form.Form, seq uint64) tea.Cmd {
	return func() tea.Msg {
		r, resp, err := c.UpdateRedirect(client.WithPrior(ctx, old.record()), old.id, b)
		status := statusOf(resp, err)
		msg := answerMsg{from: from, seq: seq, err: err, status: status}
		if err == nil {
			row := newRedirectRow(r)
			if row.host == "" || r.Path == "" {
				// The answer left the place out: it did not change.
				row.host, row.domain, row.path, row.oldURL = old.host, old.domain, old.path, old.oldURL
			}
			msg.info = "changed " + row.domain + row.path + " (" + strconv.Itoa(status) + ") " + row.arrow
			msg.after = redirectChanged{made: row}
		}
		return msg
	}
}

// deleteRedirect deletes a redirect.
func deleteRedirect(ctx context.Context, c *client.Client, r redirectRow, from *form.Form, seq uint64) tea.Cmd {
	return func() tea.Msg {
		resp, err := c.DeleteRedirect(client.WithPrior(ctx, r.record()), r.id)
		status := statusOf(resp, err)
		msg := answerMsg{from: from, seq: seq, err: err, status: status}
		if err == nil {
			msg.info = "deleted redirect " + r.domain + r.path + " (" + strconv.Itoa(status) + ")"
			msg.after = redirectChanged{gone: r.id}
		}
		return msg
	}
}
