// Package ui is the terminal browser: folders and funnels, the steps of the selected
// funnel and the pages of the selected step in three panes, a page's every field in a
// detail view, and a status bar with the rate limit, the requests in flight and the
// last error. It is a Bubble Tea v2 program; Run starts it, New builds its root model.
// Each file says at its head what it holds and why; this page is the map.
//
// # Shape
//
// One root Model (app.go) owns the stack of bodies (stack.go), the overlay, the
// layout and the status bar, and routes every message (update.go). What fills the
// screen between the header and the footer is a body (body.go) on the stack: the
// browser (browser.go, browser_body.go) at the bottom — the three panes, which it owns
// with the focus, their places, the page records read and their loads — and over it a
// page's detail (detail.go), the Redirects view (redirects_body.go) or another view
// — among them the plan of an import or a restore (redirects_plan.go), laid out by
// package ui/plantext as the command line prints it, no address or target cut.
// The panes (pane_entities.go, pane_steps.go, pane_pages.go) are small types on a
// shared paneBase (pane.go) over a virtual list (package ui/list, the engine `funnels
// find` ranks with too). Over the body goes at most one overlay (a modal, host.go):
// the help, the palette, a form (package ui/form), a result view, the logs. They all
// hold a pointer to one shared struct (shared.go) with the size, theme, styles (built
// once per theme in styles.go, never in View), keys (keys.go) and the session's
// request numbers. What a record means — a step's public URL, a new step's position,
// a page's split role, whether it may be archived — is client's funnel rules, never
// worked out here.
//
// The root's own files sit above everything else and are the only ones that name the
// Model: app.go (Options, the Model), run.go (New, Init, Run), update.go, stack.go,
// hosting.go (the root as the host of overlays and bodies), upkeep.go (the layout, the
// styles, the spinner, the clock), view.go, actions_run.go, answer.go, indexing.go,
// crawl_control.go, switch.go, redirects_root.go, copy_target.go, clipboard.go,
// mouse.go, redraw.go and go to anything's goto*.go. A body, an overlay or a form
// reaches the root only through the host it is given.
//
// # Data flow
//
// One way: a key → Update → a tea.Cmd that calls the client → a typed message back
// into Update. Commands never touch the model. A message a body asked for is a
// bodyMsg (body.go), declared beside what takes it: the root hands it to the bodies,
// the one on top first (toBodies), and the body it is for takes it in its update — the
// browser a folder's listing or a step's pages (loaders.go), the detail a page's
// record, a view its list — without a case of the root's. Every load names what it
// was for and carries a request number (shared.next), so a late answer for a folder
// or step the user has left is dropped, and a context of its own (loadctx.go), so a
// load nobody waits for stops. What arrives is sanitised once, in the command
// (sanitize.go), and kept, so going back is instant; r reloads. A reload that fails
// keeps the rows, drawn faint, and the pane's title says "stale — 503, reload failed"
// until a reload succeeds. The client's own events (rate limit, retries, requests)
// reach Update on their own path (run.go, eventqueue.go), none dropped. Run returns
// only once every client shown is idle: a token refresh already sent is finished and
// saved before the process can exit.
//
// Switching profile or sub-account (switch.go, switcher.go) cancels every load of the
// old location (the shared loads context), gives the root a new browser (its panes,
// page records and loads empty), closes the views and empties the event history; the
// index (cache.go and the root's index_state.go, indexing.go, crawl.go, goto.go, and
// every sub-account's for go to anything across them, goto_all.go) is read and
// written in commands only, never in Update.
//
// # Over the team server
//
// Options.Remote (remote.go) is set when the browser runs on an ssh session of
// `funnels serve`: its Attach gets the program's Send for the session's window
// changes, and the status bar asks its Sharing how many sessions use the shown
// sub-account ("3 sessions"), since they share its rate limit. For the server's
// admins its Changes reads the audit log, and the palette offers "Recent changes by
// people" (people_changes_view.go), read in a command; nobody else is offered it.
//
// Over the team server the machine the browser runs on is the server's, so the
// browser uses nothing of it but the location's own state (its index, its redirect
// journals): each action of the table that would read or write a file a person names
// or start a program there declares so beside its run (action.machine: namesFile,
// startsBrowser), and with Options.Remote set such an action is off wherever it can
// run — key, palette, help and footer ("✗ ssh") say so, with what to do instead
// (the CSV view, `ssh HOST redirects export`/`import -`). A test follows every run
// through the type-checked source to os, os/exec, a redirect file and OpenURL, so the
// declaration cannot be left out. On this machine Options.KeepOut keeps an export
// out of funnels' own folders, and a file already there is asked about first.
//
// # Read-only and access
//
// A read-only client (client.Options.ReadOnly) makes the browser read-only: every
// action of the table whose route family writes (by the client's route table,
// client.FamilyInfo) has its key disabled (tableActions), so no footer, help or key
// match shows it, and the palette leaves it out; its key pressed says in the status
// bar that it is off; the bar says "read-only". The client refusing every write
// before it is sent is the last guard. An action whose family the access record
// refuses (access.go) shows as unavailable, with the reason, before anyone presses
// its key; a refusal that first comes at submit goes back to the form, which keeps
// everything typed. A folder is listed by the client's BrowseFolderEarly, whatever
// the sign-in reaches: its first rows come as a message of their own while the rest
// of a big answer is read (folder_part.go), then the whole listing. A folder row keeps
// its funnel's record; the steps pane makes step rows of the funnel it shows, and a
// folder's widest steps are measured in a command once its rows are whole
// (step_widths.go). Funnels that came without their steps say "steps …", never "0
// steps".
//
// What the last whole crawl found new or changed (changes_marks.go) is read from the
// index in a command — at start, after each crawl, when the Changes view opens — into
// one map by id on the shared struct; a row of the panes looks its id up as it is
// drawn and, when marked, carries + (new) or • (changed; a funnel whose steps or
// pages changed too) in the first cell of its selection marker (markedRow), styled
// once in styles.go, so no column moves. The map's arrival empties the panes' row
// caches. The palette's "Changes since last crawl" (changes_view.go) is a body on the
// stack listing each change old → new; enter reads where the item sits now
// (index.Locate) in a command and goes there as go to anything does, or says it is
// gone.
//
// What the last check found (health*.go) is read the same way, from the check kept
// beside the index (client/check's SavedPath), into the shared struct's health map:
// ✗ a step, its funnel or a redirect found broken, ⚠ worth a look, drawn where + and
// • would be (a check says more). The Health view (health_view.go, ! in the action
// table) lists it and runs the check again in a command of its own (health.go) that
// reports its progress through a channel a second command waits on; pages are
// reached as Options.Check says, and Options.CheckOff (the team server's refusal,
// from the check's record) makes it list the kept check only. The root's part
// (health_root.go) goes where a finding points, switching sub-account first. Go to
// anything has a health scope too (goto_health.go, goto_health_view.go; its scopes
// and tab in goto_scope.go): ! first in its query, or tab, lists the checks kept
// beside every readable sub-account's index
// as rows, read in a command like its other scopes, and enter on one acts as the
// Health view's enter, or opens that sub-account's Health view.
//
// # Keys
//
// A key goes to the first of: the overlay, then the body on top (in the browser, the
// focused pane's filter input while it is typed, then the panes' keys), then the keys
// every body shares (sharedKey: quit, help, the palette, switch, go to, r, then the
// action table's keys where the body is: its actionScope). ctrl+c always quits;
// ctrl+l always draws the whole screen again, as a settled resize does (redraw.go).
// The plain keys (KeyMap, keys.go) are read by each screen its own way; every other
// key belongs to an action of the action table (action_table.go), which runs it
// where the action's scope says: actionKey (actions_run.go) finds it, says why
// instead when read-only mode or the access record turns it off, and runs it.
//
// # Adding a view
//
// A view that takes the screen is one file and one entry of the action table:
//
//  1. The file holds one type that implements body (body.go) and its opener. The
//     type's update takes the answers to what it asked for: each message type it
//     loads into is a bodyMsg that names the view (forBody, and to returning the
//     view that asked), so update is return own(v, msg, v.fill) — a view's own
//     answer goes to fill, any other is left to other bodies — or that carries its
//     request's number, checked in update, so a late one is dropped. Then its keys
//     (keyPassed leaves a key to the shared ones, keyClose pops the view), paste,
//     wheel and click, view and setSize (it keeps its size and draws its lines;
//     View never allocates per row), restyle, its footer keys, what y, Y and o act
//     on (copyTarget), busy (the spinner), reload (r), close (call off its loads
//     when popped) and actionScope (which of the action table's keys the keys it
//     passes on run). A list view embeds listBody (list_body.go) and adds its rows,
//     what enter does and how it reloads. The opener is a function of a bodyHost,
//     the host of bodies, and ends with pushRead(h, newMyView(h.common())): the view
//     on top, reading. The bodyHost is all a body may use of the root: everything a
//     host gives (below), push and closeBodies (the stack), setErr and setNotice
//     (the status bar).
//  2. One entry in the action table (action_table.go): run: onBody(openMyView).
//     From it follow the palette's entry, the key, the help line and, when the view
//     reads a route family, its "unavailable" marks.
//
// Nothing of the root changes: the root hands the view its answers (toBodies), and
// the key routing, the footer, the mouse, the spinner, r, y and the layout ask the
// body on top. A view the root keeps while closed (the Redirects view keeps what it
// read) is a field of the root that push brings back and toBodies still reaches.
// The Changes view (changes_view.go) is a short example of a list view, the page
// detail (detail.go) of one that scrolls a record.
//
// # Adding an action or a form
//
// Add one entry to the table (action_table.go) and write its form or handler, nothing
// else. The entry says the action's palette name and description, its key (bind),
// where the key runs it (scope), the client.Family it sends to, its help group and
// what it runs, a function of the host: a form's opener itself (run: newThingForm), a
// view's through onBody, and what only the root can do through onRoot (its own
// methods: the panes, the switcher, the crawl). From it follow the palette's entry,
// the key, the help line, the footer's and help's "unavailable" marks when the access
// record refuses the family, and read-only mode turning it off when the family
// writes. A footer that shows the key names it by an actionID (KeyMap.of).
// An action that reads to make a plan and writes what the plan's s sends once asked
// (an import, a restore) names that write's family as then: read-only mode leaves it
// on and it says it plans only. TestEveryWriteIsOffInReadOnly,
// TestActionsComeFromTheTable and TestPlannedWritesReadThenWrite check the table.
//
// A form or an overlay is opened by a function of a host (host.go), not of the Model:
// newFolderForm(h host) tea.Cmd, listed as run: newFolderForm. The host is all an
// overlay may use of the browser: common() (size, theme, styles, keys, contexts),
// api() (the client, nil when there is none: connected(h) says so), selected() (a
// selection: the folder shown, the rows under the cursors, the Redirects view, the
// location and user requests act for), setInfo and setWarn (the status bar), next()
// (a request's number), show (the overlay slot), copyText and browse. Every modal's
// update gets the same host, so the palette, the result views, the logs and the
// forms never reach into the root. So a form can be built and driven in a test on a
// fake host, without a Model (host_test.go).
//
// A form is package form's machinery (fields, checks, questions, sending once,
// refusals kept at their field) over the variables of its opener: newForm builds it
// over the host, openForm shows it (formhost.go), and its submit returns the command
// that sends. The forms are grouped by what they act on (create_forms.go,
// event_forms.go, lookup_forms.go, page_forms.go, redirect_forms.go). The command
// returns an answerMsg (effect.go) naming the form and its request: the root
// (answer.go) closes the form on success — opening a result view (textview.go) when
// the answer has one — and hands a failure back to it (Form.Fail), which keeps
// everything typed. What an answer changes in the browser is an effect (effect.go: a
// folder made, a step made, a page changed, a redirect changed, an event sent…), a
// value the answer carries — after on success, always whatever happened — and the
// root applies in one place (apply, answer.go; the panes' own in the browser's
// changed, reload.go), as crush's dialogs return actions; a new kind of change is
// one effect type and one case of apply. An action that cannot work for the
// selection is not offered: A on a step's only live page says why instead of
// asking, and the footer and the palette say so beforehand.
//
// # Adding an API operation
//
// One operation touches each layer once, each with its test beside it:
//
//  1. client/routes.go: its route in a family (a new Family when a token may be
//     granted or refused it apart from the others), with the scope and whether it
//     writes; read-only, the access record and the probe follow from there.
//  2. client: the method on Client in its resource's file, its body as a …Request
//     type, its records decoded by the tolerance rules; a test against the sandbox.
//  3. client/sandbox: a handler with the spec's rules and refusals, on every surface
//     that should answer it; a test of the handler.
//  4. client/validate: the input rule the form, the command and any import share
//     (Normalize… for the whole request), with its test.
//  5. ui: an entry in the action table naming the family it sends to, and its form
//     (package form's fields over the validate rules, in the ui file of what it acts
//     on) or its view; a new kind of change in the browser is an effect; a test on
//     a fake host or the harness, and its form in the burst test's list.
//  6. cli: a command in its noun's file (Options, newCmd…, …Run), its exit codes
//     (exitcode.go) and its output through the shared helpers; a test over the
//     sandbox.
//  7. README.md: the command and the action where a user looks for them, every
//     command shown working as written.
//
// # Widths and drawing
//
// The panes share the width by what their rows hold (widths.go), and within a pane
// fitColumns (rows.go) does the same for its columns; wants and widths are worked out
// when the data or the size change, never per frame. Text wraps at spaces only
// (wrapText); a status message too long for its line takes a second line, and every
// message is kept whole for the messages view (statuslog.go).
//
// View must stay cheap: it runs on every key. Each pane, the header, the footer and
// the status bar keep their last lines, keyed by exactly what they show
// (viewcache.go). A change that a key does not capture will not show: when you add
// something to a pane or a bar, add it to that cache's key, and viewcache_test.go's
// random walk (cached View == a fresh draw) will tell you if you missed one.
package ui
