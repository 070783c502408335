package ui

import tea "charm.land/bubbletea/v2"

// What y, Y and o act on: the body on screen says (in the Redirects view y and Y
// copy the selected redirect's old URL and target).

// copyTarget says what y, Y and o act on: the body on screen's.
func (m *Model) copyTarget(wantURL bool) (what, text, problem string) {
	return m.top().copyTarget(wantURL)
}

// noDomain is why name has no public URL.
func noDomain(name string) string {
	return name + " has no domain attached, so it has no public URL yet"
}

// copyTarget of the browser is the focused pane's selection.
func (b browser) copyTarget(wantURL bool) (what, text, problem string) {
	m := b.m
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
	return copyOf(m, what, text)
}

// copyOf copies text, which is the what of something, and says so.
func copyOf(h host, what, text string) tea.Cmd {
	text = sanitize(text)
	h.setInfo("copied to clipboard: " + what + " " + text)
	return h.copyText(text)
}

// openInBrowser opens the selection's public URL, when a browser can be shown.
func (m *Model) openInBrowser() tea.Cmd {
	_, url, problem := m.copyTarget(true)
	if problem != "" {
		m.status.setWarn(problem)
		return nil
	}
	return m.browse(url, "Y copies the URL")
}

// browse opens url in a browser; when none can be shown the status bar says why, and
// what copies the address instead.
func (m *Model) browse(url, instead string) tea.Cmd {
	if m.opts.OpenURL == nil {
		reason := pick(m.opts.NoBrowserReason != "", m.opts.NoBrowserReason, "none was found")
		m.status.setWarn("no browser (" + reason + ") — " + instead)
		return nil
	}
	m.status.setInfo("opening " + url + " in your browser")
	return openURL(m.sh.ctx, m.opts.OpenURL, url)
}
