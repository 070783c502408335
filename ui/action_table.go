package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// actionTable is every action of the browser, each declared once, in the order the
// palette lists them before a search: the browsing itself, then the forms and views.
// k gives the plain keys (keys.go) that some entries show without dispatching.
func actionTable(k KeyMap) []action {
	return append(browsingActions(k), formActions()...)
}

// browsingActions move through the location, copy and open what is selected, and run
// the app. Most run on a plain key each screen reads its own way (where is 0); copy
// and open have keys of their own in the panes and a page's detail.
func browsingActions(k KeyMap) []action {
	return []action{
		{name: "Refresh", desc: "reload the focused pane", key: k.Refresh, run: onRoot((*Model).refresh)},
		{name: "Filter", desc: "filter the focused pane as you type", key: k.Filter, run: onRoot(func(m *Model) tea.Cmd {
			if !m.onTop(m.browser) {
				return nil
			}
			return m.browser.focused().startFilter()
		})},
		{name: "Open", desc: "open the selected folder, funnel, step or page", key: shownAs(k.Open, "enter"), run: onRoot(func(m *Model) tea.Cmd { return m.browser.open(m) })},
		{name: "Go up", desc: "back to the previous pane or the parent folder", key: shownAs(k.Back, "esc"), run: onRoot(func(m *Model) tea.Cmd { return m.browser.back() })},
		{name: "Go to root", desc: "show the folders and funnels at the root", run: onRoot(func(m *Model) tea.Cmd { m.closeDetail(); return m.browser.goRoot() })},
		{id: actCopyID, name: "Copy id", desc: "copy the selected item's id (OSC 52)", key: bind("copy id", "y"),
			where: inBrowser, group: helpActions, run: onRoot(func(m *Model) tea.Cmd { return m.copySelected(false) })},
		{id: actCopyURL, name: "Copy URL", desc: "copy the public URL of the selected step or page", key: bind("copy URL", "Y"),
			where: inBrowser, group: helpActions, run: onRoot(func(m *Model) tea.Cmd { return m.copySelected(true) })},
		{id: actOpenURL, name: "Open in browser", desc: "open the public URL in a browser", key: bind("open in browser", "o"),
			where: inBrowser, group: helpActions, machine: startsBrowser("Y copies the URL to open on your machine"), run: onRoot((*Model).openInBrowser)},
		{name: "Next pane", desc: "move the focus right", key: k.NextPane,
			run: onRoot(func(m *Model) tea.Cmd { m.browser.setFocus((m.browser.focus + 1) % paneCount); return nil })},
		{name: "Previous pane", desc: "move the focus left", key: k.PrevPane,
			run: onRoot(func(m *Model) tea.Cmd { m.browser.setFocus((m.browser.focus + paneCount - 1) % paneCount); return nil })},
		{name: "Toggle mouse", desc: "capture the mouse (wheel and clicks) or leave it to the terminal", run: onRoot((*Model).toggleMouse)},
		{name: "Switch profile or sub-account", desc: "list the profiles and an agency's sub-accounts, and open another", key: k.Switch, run: onRoot((*Model).openSwitcher)},
		{name: "Help", desc: "show every key", key: k.Help, run: onRoot(func(m *Model) tea.Cmd { m.overlay = newHelpOverlay(m.sh); return nil })},
		{name: "Redraw", desc: "draw the whole screen again (after something garbled it)", key: k.Redraw, run: func(host) tea.Cmd { return redrawWhole() }},
		{name: "Quit", desc: "leave funnels", key: k.Quit, run: onRoot((*Model).quit)},
		{name: "Go to anything", desc: "any funnel, step, page or redirect by name or path; ! for health", key: k.GoTo, run: onRoot((*Model).openGoto)},
		{name: "Index the location", desc: "read the whole location into the local index", run: onRoot((*Model).indexNow)},
		{name: "Stop indexing", desc: "call the crawl off; the next one resumes", run: onRoot((*Model).stopCrawl)},
		{name: "Changes since last crawl", desc: "what the last crawl found added, removed or changed",
			run: onRoot(func(m *Model) tea.Cmd { return openChanges(m, m.idx.local()) })},
		{name: "Recent changes by people", desc: "the writes people sent through this team server, newest first (admins)",
			shown: func(h host) bool { return h.selected().changes != nil }, run: onBody(openPeopleChanges)},
	}
}

// formActions are the forms and views: one entry for every operation of the API that
// the browsing itself does not already make, and the session's logs. Each run opens
// a fresh form (*_forms.go) or result view as the overlay, or pushes a view on the
// stack (onBody); a form opens on the host, so what it does when it finishes stays
// the form's own.
func formActions() []action {
	// A toggles: it archives a live page and restores an archived one.
	archive := bind("archive/restore page", "A")
	selectedArchived := func(h host) bool { pg := h.selected().page; return pg != nil && pg.archived }
	everywhere := inBrowser | inRedirects
	return []action{
		{id: actNewStep, name: "New step", desc: "add a step to the selected funnel", key: bind("new step", "n"),
			where: inBrowser, needs: client.FamilyCreateStep, group: helpCreate, run: newStepForm},
		{id: actNewFolder, name: "New folder", desc: "create a folder of funnels or websites (at the top level)", key: bind("new folder", "N"),
			where: everywhere, needs: client.FamilyCreateFolder, group: helpCreate, run: newFolderForm},
		{name: "Attach domain", desc: "attach a host name to the location", key: bind("attach domain", "D"),
			where: everywhere, needs: client.FamilyAttachDomain, group: helpCreate, run: attachDomainForm},
		{name: "Test conversion event", desc: "send a conversion event as a tracking pixel would", key: bind("test conversion event", "E"),
			where: everywhere, needs: client.FamilyConversion, group: helpCreate, run: conversionForm},
		{id: actPageTrigger, name: "Trigger page-visit workflow", desc: "run the workflows of a visit to the selected page", key: bind("page-visit trigger", "T"),
			where: everywhere, needs: client.FamilyWorkflowTrigger, group: helpCreate, run: pageTriggerForm},
		{id: actArchivePage, name: "Archive page", desc: "archive the selected page (asks first)", key: archive,
			about: func(h host) string {
				return pick(h.selected().archiveRefusal() == "", "archive the selected page (asks first)", "no: the only live page of its step")
			},
			where: everywhere, when: func(h host) bool { return !selectedArchived(h) },
			needs: client.FamilyPageUpdate, group: helpCreate, run: archivePageForm},
		{name: "Restore page", desc: "bring the selected archived page back", key: archive,
			where: everywhere, when: selectedArchived, needs: client.FamilyPageUpdate, run: restorePageForm},
		{name: "End split test", desc: "keep the winning page of the selected step's split test", key: bind("end split test", "S"),
			where: everywhere, needs: client.FamilyPageUpdate, group: helpCreate, run: endSplitForm},
		{name: "Check step path", desc: "is a path free in the selected funnel, or what to use", needs: client.FamilyPathCheck, run: checkPathForm},
		{name: "Funnel by domain", desc: "the funnels that use an attached domain", needs: client.FamilyFunnelByDomain, run: funnelByDomainForm},
		{name: "Regex redirects", desc: "the pattern redirects, of every domain or one", needs: client.FamilyRegexRedirects, run: regexRedirectsForm},
		{name: "Lookup multiple", desc: "publish, unpublish or redirect paths in one request (JSON)", needs: client.FamilyLookupMultiple, run: lookupMultipleForm},
		{name: "Order-form products", desc: "the public products of the order forms", needs: client.FamilyProducts, run: productsForm},
		{name: "Page by id", desc: "read any page by its id", needs: client.FamilyPageByID, run: pageByIDForm},
		{name: "Geo-location", desc: "where the service places this connection", needs: client.FamilyGeoLocation, run: geoLocation},
		{name: "Custom fonts", desc: "the location's custom fonts", needs: client.FamilyFonts, run: customFonts},
		{name: "Attach social account", desc: "attach an OAuth account of a social platform", needs: client.FamilySocialAccounts, run: socialAccountForm},

		// The Redirects view: U opens it (and closes it again, the view's own key); its
		// n, e, d, y, Y, o, I and X are its own, ahead of the browser's same letters.
		// An import and a restore read to plan (needs), then write what the plan's
		// s sends once asked (then): read-only, they plan only.
		{id: actRedirects, name: "Redirects", desc: "every URL redirect of the location: new, edit, delete, copy", key: bind("URL redirects", "U"),
			where: inBrowser, needs: client.FamilyRedirectList, group: helpRedirects, run: onRoot((*Model).openRedirects)},
		{id: actRedirectHere, name: "Redirect a path here", desc: "a new redirect whose target is the selected step's public URL", key: bind("redirect a path to this step", "P"),
			where: everywhere, needs: client.FamilyRedirectWrite, group: helpRedirects, run: redirectHereForm},
		{id: actNewRedirect, name: "New redirect", desc: "send a path of a domain to another address", key: bind("new redirect", "n"),
			where: inRedirects, needs: client.FamilyRedirectWrite, group: helpRedirects, run: newRedirectForm},
		{id: actEditRedirect, name: "Edit redirect", desc: "change where the selected redirect goes", key: bind("edit redirect", "e", "enter"),
			where: inRedirects, needs: client.FamilyRedirectWrite, group: helpRedirects, run: editRedirectForm},
		{id: actDeleteRedirect, name: "Delete redirect", desc: "delete the selected redirect (asks first)", key: bind("delete redirect", "d", "delete"),
			where: inRedirects, needs: client.FamilyRedirectWrite, group: helpRedirects, run: deleteRedirectForm},
		{id: actCopyOldURL, name: "Copy redirect's old URL", desc: "copy the address the selected redirect answers", key: bind("copy old URL", "y"),
			where: inRedirects, group: helpRedirects, run: func(h host) tea.Cmd { return copyRedirect(h, false) }},
		{id: actCopyTarget, name: "Copy redirect target", desc: "copy where the selected redirect goes", key: bind("copy target", "Y"),
			where: inRedirects, group: helpRedirects, run: func(h host) tea.Cmd { return copyRedirect(h, true) }},
		{id: actOpenOldURL, desc: "open the selected redirect's old URL in a browser", key: bind("open old URL", "o"),
			where: inRedirects, group: helpRedirects, machine: startsBrowser("y copies the old URL to open on your machine"), run: openOldURL},

		{id: actImportRedirects, name: "Import redirects from file…", desc: "make the redirects what a CSV, JSON or JSONL file says, after showing the plan",
			key: bind("import from file", "I"), where: inRedirects, needs: client.FamilyRedirectList, then: client.FamilyRedirectWrite,
			group: helpRedirects, run: importRedirectsForm, machine: namesFile("import from yours: ssh HOST redirects import - --dry-run < redirects.csv shows the plan, --yes sends it")},
		{id: actExportRedirects, name: "Export redirects…", desc: "write every redirect of the location to a file (CSV, JSON or JSONL)",
			key: bind("export to file", "X"), where: inRedirects, needs: client.FamilyRedirectList,
			group: helpRedirects, run: exportRedirectsForm, machine: namesFile("V shows the CSV to copy with y, or download it: ssh HOST redirects export > redirects.csv")},
		{id: actRedirectsCSV, name: "Redirects as CSV", desc: "every redirect of the location as the CSV an export writes, on screen; y copies it (OSC 52) to your machine",
			key: bind("CSV to copy", "V"), where: inRedirects, needs: client.FamilyRedirectList, group: helpRedirects, run: onBody(openRedirectsCSV)},
		// s in a plan asks before sending it: the view reads the key itself (it knows
		// the plan), the table says it writes.
		{id: actSendPlan, desc: "send the plan shown, after a question naming its writes and the sub-account", key: bind("send the plan", "s"),
			where: inPlan, needs: client.FamilyRedirectWrite, group: helpRedirects},
		{name: "Redirect versions", desc: "what the redirects were before each import or restore; enter plans one back",
			needs: client.FamilyRedirectList, run: onBody(openRedirectVersions)},
		{name: "Restore redirects…", desc: "plan the redirects back to a saved version, shown before anything is sent",
			needs: client.FamilyRedirectList, then: client.FamilyRedirectWrite, run: onBody(openRedirectVersions)},

		{name: "Health", desc: "is everything live? what the last check found broken or worth a look; r checks again",
			key: bind("health (the last check)", healthKey), where: everywhere, group: helpViews, run: onRoot((*Model).openHealth)},
		{name: "Health of every sub-account", desc: "what the last checks found in every sub-account (ctrl+p, then !)",
			run: onRoot((*Model).openGotoHealthScope)},
		{id: actHealthFix, desc: "open the form of the selected finding's fix: the redirect to make or change, filled in", key: bind("fix", "f"),
			where: inHealth, needs: client.FamilyRedirectWrite, group: helpViews, run: onRoot((*Model).healthFix)},
		{name: "What this sign-in can do", desc: "ask each read route once and show what answers and what to ask for", run: openAccessView},
		{id: actRequestLog, name: "Request log", desc: "every request of this session; c copies one as curl", key: bind("request log", "L"),
			where: everywhere, group: helpViews, run: onRoot(func(m *Model) tea.Cmd { m.overlay = newLogView(m.sh, &m.reqlog); return nil })},
		{id: actEventHistory, name: "Event history", desc: "the test events sent; R sends one again", key: bind("event history", "H"),
			where: everywhere, group: helpViews, run: onRoot(func(m *Model) tea.Cmd { m.overlay = newHistoryView(m.sh, &m.history); return nil })},
		{id: actMessages, name: "Messages", desc: "what the status bar said this session, whole, newest first; y copies one", key: bind("messages", "M"),
			where: everywhere, group: helpViews, run: onRoot(func(m *Model) tea.Cmd { m.overlay = newMessagesView(m.sh, &m.status.said); return nil })},
		// R in the event history sends the event under its cursor again: the view
		// reads the key itself (it knows the event), the table says it writes.
		{id: actResend, desc: "send the selected test event again", key: bind("send again (event history)", "R"),
			where: inHistory, needs: client.FamilyConversion, group: helpViews},
	}
}

// onBody is the action of a view pushed on the stack: it opens on a host of bodies
// (the root), and on any other host does nothing.
func onBody(open func(h bodyHost) tea.Cmd) func(h host) tea.Cmd {
	return func(h host) tea.Cmd {
		if b, ok := h.(bodyHost); ok {
			return open(b)
		}
		return nil
	}
}

// onRoot is an action of the root itself: the browsing, the app's own keys, the views
// the root keeps. The root is the host of every action it runs (actionKey, the
// palette); on any other host such an action does nothing.
func onRoot(run func(m *Model) tea.Cmd) func(h host) tea.Cmd {
	return func(h host) tea.Cmd {
		if m, ok := h.(*Model); ok {
			return run(m)
		}
		return nil
	}
}

// tableActions is the table as the browser holds it: in read-only mode the key of
// every action that writes is turned off, so that no footer, help or key match shows
// it, and an action that plans before it writes says, in its key's help and its
// description, that it plans only. keys takes the table's named keys (KeyMap.of).
func tableActions(keys *KeyMap, readOnly bool) []action {
	acts := actionTable(*keys)
	for i, a := range acts {
		if readOnly && a.writes() {
			acts[i].key.SetEnabled(false)
		}
		if a.plansOnly(readOnly) {
			if help := a.key.Help(); help.Desc != "" {
				acts[i].key.SetHelp(help.Key, help.Desc+" (plan only)")
			}
			acts[i].desc += " — read-only: the plan only, nothing is sent"
		}
		if a.id != noAction {
			keys.named[a.id] = acts[i].key
		}
	}
	return acts
}

// setReadOnly turns the keys of the actions that write off (or on again).
func (sh *shared) setReadOnly(ro bool) {
	sh.readOnly = ro
	sh.keys = DefaultKeys()
	sh.actions = tableActions(&sh.keys, ro)
}
