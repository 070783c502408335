package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// action is one entry of the command palette: every thing the browser can do has one,
// so nothing is reachable only by a key a user has to remember.
type action struct {
	name string // what the palette lists: "Copy URL"
	desc string // one line on what it does
	key  string // the direct key, shown at the right ("" when it has none)
	run  func(m *Model) tea.Cmd
	// needs is the route family the action sends to; "" for none. When the access
	// record says it is refused, the palette shows why and running it only says so.
	needs client.Family
}

// actions lists the palette's entries, in the order it shows them before a search.
func (m *Model) actions() []action {
	k := m.sh.keys
	acts := []action{
		{"Refresh", "reload the focused pane", k.Refresh.Help().Key, (*Model).refresh, ""},
		{"Filter", "filter the focused pane as you type", k.Filter.Help().Key, func(m *Model) tea.Cmd { return m.startFilter() }, ""},
		{"Open", "open the selected folder, funnel, step or page", "enter", (*Model).open, ""},
		{"Go up", "back to the previous pane or the parent folder", "esc", (*Model).back, ""},
		{"Go to root", "show the folders and funnels at the root", "", (*Model).goRoot, ""},
		{"Copy id", "copy the selected item's id (OSC 52)", k.CopyID.Help().Key, func(m *Model) tea.Cmd { return m.copySelected(false) }, ""},
		{"Copy URL", "copy the public URL of the selected step or page", k.CopyURL.Help().Key, func(m *Model) tea.Cmd { return m.copySelected(true) }, ""},
		{"Open in browser", "open the public URL in a browser", k.OpenURL.Help().Key, (*Model).openInBrowser, ""},
		{"Next pane", "move the focus right", k.NextPane.Help().Key, func(m *Model) tea.Cmd { m.setFocus((m.focus + 1) % paneCount); return nil }, ""},
		{"Previous pane", "move the focus left", k.PrevPane.Help().Key, func(m *Model) tea.Cmd { m.setFocus((m.focus + paneCount - 1) % paneCount); return nil }, ""},
		{"Toggle mouse", "capture the mouse (wheel and clicks) or leave it to the terminal", "", (*Model).toggleMouse, ""},
		{"Switch profile or sub-account", "list the profiles and an agency's sub-accounts, and open another", k.Switch.Help().Key, (*Model).openSwitcher, ""},
		{"Help", "show every key", k.Help.Help().Key, func(m *Model) tea.Cmd { m.overlay = newHelpOverlay(m.sh); return nil }, ""},
		{"Redraw", "draw the whole screen again (after something garbled it)", k.Redraw.Help().Key, func(*Model) tea.Cmd { return redrawWhole() }, ""},
		{"Quit", "leave funnels", k.Quit.Help().Key, (*Model).quit, ""},
		{"Go to anything", "any funnel, step, page or redirect, by name or path", k.GoTo.Help().Key, (*Model).openGoto, ""},
		{"Index the location", "read the whole location into the local index", "", func(m *Model) tea.Cmd { return m.indexNow() }, ""},
		{"Stop indexing", "call the crawl off; the next one resumes", "", (*Model).stopCrawl, ""},
	}
	acts = append(acts, m.formActions()...)
	if m.sh.readOnly {
		acts = slices.DeleteFunc(acts, func(a action) bool { return writes(a.name) })
	}
	for i := range acts {
		if a := acts[i]; a.needs != "" {
			acts[i].run = func(m *Model) tea.Cmd {
				if m.unavailable(a.needs, a.name) {
					return nil
				}
				return a.run(m)
			}
		}
	}
	return acts
}

// writes reports whether the palette's action of that name writes (or sets
// something off on the service): read-only mode leaves it out. TestWriteActionsNamed
// keeps the names here true to the palette's.
func writes(action string) bool {
	switch action {
	case "New step", "New folder", "Attach domain", "Test conversion event", "Trigger page-visit workflow",
		"Archive page", "Restore page", "End split test", "Lookup multiple", "Attach social account",
		"Redirect a path here", "New redirect", "Edit redirect", "Delete redirect":
		return true
	}
	return false
}

// refusedInReadOnly tells, for a key of one of bindings (the enabled set, so that a
// key turned off still matches here), that read-only mode turned its action off.
func refusedInReadOnly(h host, msg tea.KeyPressMsg, bindings []*key.Binding) bool {
	if !h.common().readOnly {
		return false
	}
	for _, b := range bindings {
		if key.Matches(msg, *b) {
			h.setWarn("read-only: " + b.Help().Desc + " is off (nothing that writes is sent in read-only mode)")
			return true
		}
	}
	return false
}

// formActions are the forms and views: one entry for every operation of the API
// that the browsing itself does not already make, and the session's logs. Each run
// opens a fresh form (forms_*.go) or view as the overlay.
func (m *Model) formActions() []action {
	k := m.sh.keys
	return []action{
		{"New step", "add a step to the selected funnel", k.NewStep.Help().Key, onHost(newStepForm), client.FamilyCreateStep},
		{"New folder", "create a folder of funnels or websites (at the top level)", k.NewFolder.Help().Key, onHost(newFolderForm), client.FamilyCreateFolder},
		{"Attach domain", "attach a host name to the location", k.AttachDomain.Help().Key, onHost(attachDomainForm), client.FamilyAttachDomain},
		{"Test conversion event", "send a conversion event as a tracking pixel would", k.TestEvent.Help().Key, onHost(conversionForm), ""},
		{"Trigger page-visit workflow", "run the workflows of a visit to the selected page", k.PageTrigger.Help().Key, onHost(pageTriggerForm), client.FamilyWorkflowTrigger},
		{"Archive page", pick(m.archiveRefusal() == "", "archive the selected page (asks first)", "no: the only live page of its step"), k.ArchivePage.Help().Key, onHost(archivePageForm), client.FamilyPageUpdate},
		{"Restore page", "bring the selected archived page back", k.ArchivePage.Help().Key, onHost(restorePageForm), client.FamilyPageUpdate},
		{"End split test", "keep the winning page of the selected step's split test", k.EndSplit.Help().Key, onHost(endSplitForm), client.FamilyPageUpdate},
		{"Check step path", "is a path free in the selected funnel, or what to use", "", onHost(checkPathForm), client.FamilyPathCheck},
		{"Funnel by domain", "the funnels that use an attached domain", "", onHost(funnelByDomainForm), client.FamilyFunnelByDomain},
		{"Regex redirects", "the pattern redirects, of every domain or one", "", onHost(regexRedirectsForm), client.FamilyRegexRedirects},
		{"Lookup multiple", "publish, unpublish or redirect paths in one request (JSON)", "", onHost(lookupMultipleForm), client.FamilyLookupMultiple},
		{"Order-form products", "the public products of the order forms", "", onHost(productsForm), client.FamilyProducts},
		{"Page by id", "read any page by its id", "", onHost(pageByIDForm), client.FamilyPageByID},
		{"Geo-location", "where the service places this connection", "", onHost(geoLocation), client.FamilyGeoLocation},
		{"Custom fonts", "the location's custom fonts", "", onHost(customFonts), client.FamilyFonts},
		{"Attach social account", "attach an OAuth account of a social platform", "", onHost(socialAccountForm), client.FamilySocialAccounts},
		{"Redirects", "every URL redirect of the location: new, edit, delete, copy", k.Redirects.Help().Key, (*Model).openRedirects, client.FamilyRedirectList},
		{"Redirect a path here", "a new redirect whose target is the selected step's public URL", k.RedirectHere.Help().Key, onHost(redirectHereForm), client.FamilyRedirectWrite},
		{"New redirect", "send a path of a domain to another address", m.inRedirects(k.NewRedirect), onHost(newRedirectForm), client.FamilyRedirectWrite},
		{"Edit redirect", "change where the selected redirect goes", m.inRedirects(k.EditRedirect), onHost(editRedirectForm), client.FamilyRedirectWrite},
		{"Delete redirect", "delete the selected redirect (asks first)", m.inRedirects(k.DeleteRedirect), onHost(deleteRedirectForm), client.FamilyRedirectWrite},
		{"Copy redirect's old URL", "copy the address the selected redirect answers", m.inRedirects(k.CopyOldURL), onHost(func(h host) tea.Cmd { return copyRedirect(h, false) }), ""},
		{"Copy redirect target", "copy where the selected redirect goes", m.inRedirects(k.CopyTarget), onHost(func(h host) tea.Cmd { return copyRedirect(h, true) }), ""},
		{"What this sign-in can do", "ask each read route once and show what answers and what to ask for", "", onHost(openAccessView), ""},
		{"Request log", "every request of this session; c copies one as curl", k.RequestLog.Help().Key, (*Model).openRequestLog, ""},
		{"Event history", "the test events sent; R sends one again", k.EventHistory.Help().Key, (*Model).openEventHistory, ""},
		{"Messages", "what the status bar said this session, whole, newest first; y copies one", k.Messages.Help().Key, (*Model).openMessages, ""},
	}
}

// formKey runs the action of a direct key of the forms and views; ok is false for
// any other key.
func (m *Model) formKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.sh.keys
	for _, b := range []key.Binding{k.NewStep, k.NewFolder, k.AttachDomain, k.PageTrigger, k.ArchivePage, k.EndSplit, k.Redirects, k.RedirectHere} {
		if key.Matches(msg, b) && m.unavailable(k.keyFamily(b, false), b.Help().Desc) {
			return nil, true
		}
	}
	switch {
	case key.Matches(msg, k.NewStep):
		return newStepForm(m), true
	case key.Matches(msg, k.NewFolder):
		return newFolderForm(m), true
	case key.Matches(msg, k.AttachDomain):
		return attachDomainForm(m), true
	case key.Matches(msg, k.TestEvent):
		return conversionForm(m), true
	case key.Matches(msg, k.PageTrigger):
		return pageTriggerForm(m), true
	case key.Matches(msg, k.ArchivePage):
		if pg := m.pages.selected(); pg != nil && pg.archived {
			return restorePageForm(m), true
		}
		return archivePageForm(m), true
	case key.Matches(msg, k.EndSplit):
		return endSplitForm(m), true
	case key.Matches(msg, k.Redirects):
		return m.openRedirects(), true
	case key.Matches(msg, k.RedirectHere):
		return redirectHereForm(m), true
	case key.Matches(msg, k.RequestLog):
		return m.openRequestLog(), true
	case key.Matches(msg, k.EventHistory):
		return m.openEventHistory(), true
	case key.Matches(msg, k.Messages):
		return m.openMessages(), true
	case refusedInReadOnly(m, msg, m.sh.allKeys.writeKeys()):
		return nil, true
	}
	return nil, false
}

// inRedirects is the key of an action of the Redirects view, shown in the palette
// while the view is open (elsewhere the same letter does something else).
func (m *Model) inRedirects(b key.Binding) string {
	if m.onTop(m.redirects) {
		return b.Help().Key
	}
	return ""
}

// onHost is the action of an overlay or form that opens on a host (host.go).
func onHost(open func(h host) tea.Cmd) func(m *Model) tea.Cmd {
	return func(m *Model) tea.Cmd { return open(m) }
}

// openRequestLog shows every request of the session.
func (m *Model) openRequestLog() tea.Cmd {
	m.overlay = newLogView(m.sh, &m.reqlog)
	return nil
}

// openMessages shows the status bar's messages of the session, whole.
func (m *Model) openMessages() tea.Cmd {
	m.overlay = newMessagesView(m.sh, &m.status.said)
	return nil
}

// openEventHistory shows the test events sent.
func (m *Model) openEventHistory() tea.Cmd {
	m.overlay = newHistoryView(m.sh, &m.history)
	return nil
}
