package ui

import tea "charm.land/bubbletea/v2"

// What y, Y and o act on. In the Redirects view y and Y copy the selected redirect's
// old URL and target.

// copyTarget says what y, Y and o act on: a name for it ("page id"), the text, or why
// there is none.
func (m *Model) copyTarget(wantURL bool) (what, text, problem string) {
	noDomain := func(name string) string {
		return name + " has no domain attached, so it has no public URL yet"
	}
	if m.redirectsShown() {
		r := m.redirects.selected()
		switch {
		case r == nil:
			return "", "", "no redirect selected"
		case !wantURL:
			return "old URL", r.oldURL, ""
		}
		return "target", r.target, ""
	}
	if d := m.detail; d != nil {
		if !wantURL {
			return "page id", d.pageID, ""
		}
		if d.url() == "" {
			return "", "", noDomain(d.step.funnel)
		}
		return "URL", d.url(), ""
	}
	switch m.focus {
	case paneEntities:
		r := m.entities.selected()
		switch {
		case r == nil:
			return "", "", "nothing selected"
		case !wantURL && r.folder:
			return "folder id", r.id, ""
		case !wantURL:
			return "funnel id", r.id, ""
		case r.folder:
			return "", "", "folders have no public URL; pick a funnel, step or page"
		case len(r.steps) == 0:
			return "", "", r.name + " has no steps, so it has no public URL"
		case r.steps[0].url == "":
			return "", "", noDomain(r.name)
		}
		return "URL", r.steps[0].url, ""
	case paneSteps:
		s := m.steps.selected()
		switch {
		case s == nil:
			return "", "", "no step selected"
		case !wantURL:
			return "step id", s.id, ""
		case s.url == "":
			return "", "", noDomain(s.funnel)
		}
		return "URL", s.url, ""
	default:
		pg := m.pages.selected()
		switch {
		case pg == nil:
			return "", "", "no page selected"
		case !wantURL:
			return "page id", pg.id, ""
		case m.pages.step.url == "":
			return "", "", noDomain(m.pages.step.funnel)
		}
		return "URL", m.pages.step.url, ""
	}
}

// copySelected copies the selection's id (or public URL) with OSC 52 and says so.
func (m *Model) copySelected(url bool) tea.Cmd {
	what, text, problem := m.copyTarget(url)
	if problem != "" {
		m.status.setWarn(problem)
		return nil
	}
	text = sanitize(text)
	m.status.setInfo("copied to clipboard: " + what + " " + text)
	return m.copyText(text)
}

// openInBrowser opens the selection's public URL, when a browser can be shown.
func (m *Model) openInBrowser() tea.Cmd {
	_, url, problem := m.copyTarget(true)
	if problem != "" {
		m.status.setWarn(problem)
		return nil
	}
	if m.opts.OpenURL == nil {
		reason := m.opts.NoBrowserReason
		if reason == "" {
			reason = "none was found"
		}
		m.status.setWarn("no browser (" + reason + ") — Y copies the URL")
		return nil
	}
	m.status.setInfo("opening " + url + " in your browser")
	return openURL(m.sh.ctx, m.opts.OpenURL, url)
}
