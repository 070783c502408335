// Package ui is the terminal browser: folders and funnels, the steps of the selected
// funnel and the pages of the selected step in three panes, a page's every field in a
// detail view, and a status bar with the rate limit, the requests in flight and the
// last error. It is a Bubble Tea v2 program; Run starts it, New builds its root model.
//
// # Shape
//
// One root Model (app.go) owns the focus, the layout and every message. What fills
// the screen between the header and the footer is a body (body.go) on the root's
// stack: the browser's three panes (browser.go) at the bottom, and over them a page's
// detail (detail.go) or the Redirects view (redirects_body.go). The one on top is
// drawn and takes the keys, pastes and the mouse; esc pops it. The panes
// (pane_entities.go, pane_steps.go, pane_pages.go) are small types on a shared
// paneBase (pane.go): a virtual list (package ui/list, the engine `funnels find` ranks
// with too) that draws only the visible rows, a filter input in the title line, and
// the state of their data. What a record means — a step's public URL, a new step's
// position, a page's split role, whether it may be archived — is client's funnel
// rules, never worked out here. They and the
// overlays hold a pointer to one shared struct (context.go) with the size, theme,
// styles (built once per theme in styles.go, never in View) and keys (keys.go).
//
// Data flows one way: a key → Update → a tea.Cmd in loaders.go that calls the client
// → a typed message (messages.go) back into Update. Commands never touch the model.
// Every load names what it was for and carries a request number, so a late answer
// for a folder or step the user has left is dropped, and a context of its own
// (loadctx.go), made in Update and cancelled there when the user leaves the folder,
// step or page it was for, when a newer load replaces it, or when its answer arrives:
// a load nobody waits for stops instead of running on. What arrives is sanitised
// once, in the command (sanitize.go, by package termtext's rules, the same as the
// command line's), and kept, so going back is instant; r reloads. A reload that fails
// keeps the rows, drawn faint, and the pane's title says "stale — 503, reload failed"
// until a reload succeeds.
// A list the client stopped early (a server that never ends it) keeps what was read
// and says why under the rows.
//
// Run gives every load a context ended with the program, and returns only once the
// client is idle: a token refresh already sent is finished and saved before the
// process can exit. Options.Warnings (what start-up warned about) open the status
// bar.
//
// The Redirects view (redirects.go; as a body in redirects_body.go, its forms in
// forms_redirects.go) is pushed over the panes: every URL redirect of the location in
// one list, on a paneBase of its own, so it filters and draws as the panes do. It is
// read once (ListAllRedirects, with a context cancelled when the view is closed
// mid-read) and kept by the root while closed; a write that succeeds puts the
// service's answer into the list instead of reading it again.
//
// # Switching profile or sub-account
//
// Options.Switcher (switcher.go, switch.go) is all the browser knows of sign-ins: it
// lists accounts (profiles, and an agency's sub-accounts) and opens one, handing back
// a client of its own. C or the palette's "Switch profile or sub-account" shows the
// list, filtered as you type; enter asks for the client while the old location stays
// on screen. When it comes, the shared loads context (context.go) is cancelled, so
// every load of the old location stops; the panes, the page detail, the Redirects
// view and the event history start empty; the status bar takes the new profile, its
// client's own rate limit and read-only state; the root folder loads. An answer for
// the old location is dropped by its request number (its pane is gone), and the old
// client's events by their sender (eventMsg.from); only its finished requests still
// go to the session's request log. Run waits for every client shown to be idle.
//
// # Read-only
//
// A read-only client (client.Options.ReadOnly) makes the browser read-only: every
// action of the table whose route family writes (by the client's route table,
// client.FamilyInfo) has its key disabled (tableActions), so no footer, help or key
// match shows it, and the palette leaves it out; its key pressed says in the status
// bar that it is off; the bar says "read-only". The client refusing every write
// before it is sent is the last guard.
//
// The client's own events (rate limit, retries, requests started and finished) come in
// by forwardEvents (run.go): the client tells them in order on its request goroutines,
// an unbounded queue (eventqueue.go) takes them without making a request wait, and one
// goroutine hands them to the program as eventMsgs, none dropped. They reach Update
// on their own path, so a request's row in the log can arrive a moment after the
// answer it brought.
//
// # On whatever the sign-in can reach
//
// A folder is listed by the client's BrowseFolder: folder entities where they are
// open, the documented funnel list where they are refused (folders then show by id,
// the pane's title and, once per session, the status bar say why). Funnels that came
// without their steps show "steps …" and get them from one funnel-list request per
// folder (folderStepsMsg); they never say "0 steps" for steps not known. A page's
// detail is its own record, or the page list's marked partial where the page's route
// is refused (loaders.go).
//
// The client's access record reaches the model as AccessEvents (and once at start)
// into shared.access (access.go). An action whose route family is refused shows as
// unavailable with the reason in the palette, the footer (✗ and the status) and ?;
// its key and its palette entry only say why. A refusal that first comes at submit
// goes back to the form, which keeps everything typed. The palette's "What this
// sign-in can do" (access_view.go) runs the client's probe and shows its table. r
// forgets the record, so every route is tried again.
//
// # The local index
//
// With Options.Index (package client/index) the browser keeps the location on disk
// (cache.go, pane_cached.go): loading a folder or a step's pages also reads what the
// index last saw of it, in a command, and paints that at once (the status bar says
// "cached 5m ago"); the server's answer replaces it in place, keeping the cursor's
// item and the filter, and is written back into the index by a command of its own
// (SaveListing, SavePages, SaveRedirects). Rows the server then refuses to list stay
// and are called stale. A crawl (crawl.go) runs in a command, its reports waited for
// by another and shown on the right of the status bar; it starts by itself with
// Options.AutoIndex (the index never built, left part way, or a day old), from the
// palette, or when go to anything first opens on an index never built. Its requests
// are the client's background lane: they never count as the user's in flight or on
// the message line; the request log keeps them, marked "crawl". "Go to anything"
// (goto.go, ctrl+p) reads the index's catalog (every item's key in one string, made
// once per change of the index) in a command, filters it with the panes' list and
// sanitises the rows it draws; enter opens the item's folder path, selects its
// funnel, step or page as each
// arrives and focuses its pane (goto_nav.go). A switch to another account takes that
// account's own index (Opened.Index).
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
// # Keys
//
// A key goes to the first of: the overlay (help, palette, a form, a result view, the
// request log, the event history, the messages), then the body on top (in the
// browser, the focused pane's filter input while it is typed, then the panes' keys),
// then the keys every body shares (sharedKey: quit, help, the palette, switch, go to,
// r, then the action table's keys where the body is: its actionScope). ctrl+c always
// quits; ctrl+l always draws the whole screen again, as a settled resize does
// (redraw.go).
//
// Two kinds of key. The plain keys (KeyMap, keys.go) are the ones each screen reads
// its own way or the same everywhere: moving, enter, esc, tab, /, r, the app's
// (switch, palette, go to, help, redraw, quit) and those inside inputs and overlays.
// Every other key belongs to an action of the action table (action_table.go), which
// runs it where the action's scope says (the panes, a page's detail, the Redirects
// view, the event history): actionKey finds it, says why instead when read-only mode
// or the access record turns it off, and runs it.
//
// # Adding a view
//
// A view that takes the screen is one type that implements body (body.go) and one
// push: its key (keyPassed leaves a key to the shared ones, keyClose pops the view),
// paste, wheel and click, view and setSize (it keeps its size and draws its lines;
// View never allocates per row), restyle, its footer keys, what y, Y and o act on
// (copyTarget), busy (the spinner), reload (r), close (call off its loads when
// popped) and actionScope (which of the action table's keys the keys it passes on
// run). It reaches the browser through the host it is given, as a form does. The
// root pushes it from an action (m.push(newMyView(m.sh))); nothing else of the root
// changes: the key routing, the footer, the mouse, the spinner, r, y and the layout
// ask the body on top. A view the root keeps while closed (the Redirects view keeps
// what it read) is a field of the root that push brings back. The page detail
// (detail.go) is the smallest example.
//
// # Adding an action or a form
//
// Add one entry to the table (action_table.go) and write its form or handler, nothing
// else. The entry says the action's palette name and description, its key (bind),
// where the key runs it (scope), the client.Family it sends to, its help group and
// what it runs (onHost(newThingForm) for a form). From it follow the palette's entry,
// the key, the help line, the footer's and help's "unavailable" marks when the access
// record refuses the family, and read-only mode turning it off when the family
// writes. A footer that shows the key names it by an actionID (KeyMap.of).
// TestEveryWriteIsOffInReadOnly and TestActionsComeFromTheTable check the table.
//
// A form or a view is opened by a function of a host (host.go), not of the Model:
// newFolderForm(h host) tea.Cmd, listed as onHost(newFolderForm). The host is all an
// overlay may use of the browser: common() (size, theme, styles, keys, contexts),
// api() (the client, nil when there is none: connected(h) says so), selected() (a
// selection: the folder shown, the rows under the cursors, the Redirects view, the
// location and user requests act for), setInfo and setWarn (the status bar), next()
// (a request's number), show and showing (the overlay slot), copyText and browse.
// Every modal's update gets the same host, so the palette, the result views, the logs
// and the forms never reach into the root; what an answer changes in the browser is
// an effect (effect.go: a folder made, a step made, a page changed, a redirect
// changed, an event sent…), a value the answer carries and the root applies
// (reload.go), as crush's dialogs return actions. So a form can be built and driven
// in a test on a fake host, without a Model (host_test.go); a new kind of change is
// one effect type and one case of apply.
//
// A form (form.go) is a list of formGroups of formFields, each bound to a variable
// of the form's own and checked with a function of client/validate, and a submit
// function that runs the request-level check (validate.Normalize…) and returns the
// command that sends. formModal embeds the huh form, marks refused values at their
// field, sends once, keeps everything typed while the request is out and after a
// refusal, and asks before esc throws input away. A paste or key carrying control
// characters, escape sequences or bidi overrides, or more than a field takes, is
// refused whole at the field (form_refuse.go). huh moves to the next field by a
// command, which the program would run only after the keys already queued; the
// form applies that move at once (form_order.go), so a burst with enter in it (a
// paste, a laggy SSH link) goes on into the next field. The command returns an answerMsg
// (answer.go): the root closes the form on success — opening a result view
// (textview.go) when the answer has one — and applies its after effect (reload a
// pane, select what was made); its always effect (the event history's entry) is
// applied whatever the answer; a failure goes back to the form with its status code, and
// says whether the write may have happened anyway (a 5xx, no answer). A question
// (askForm, confirmForm: every confirmation, End split test's winner first) starts
// on Cancel, says under it what enter does with the highlight where it is now, and a
// no says "cancelled" in the status bar. An action that cannot work for the selection
// is not offered: A on a step's only live page says why instead of asking, and the
// footer and the palette say so beforehand. Page rows take their split roles from
// the step as it is now (arrangePages), so an ended test leaves no stale label.
//
// An action that sends a new API operation is the last step of the checklist
// "Adding an API operation" in package client's documentation.
//
// # Widths
//
// The panes share the width by what their rows hold (share.go): each says what its
// required columns need whole (names, statuses) and what each optional column takes
// (a running split, a step's path, its type, a funnel's count, a page's date, by that
// rank). Names are whole first — when even they do not fit, the pane that needs least
// is whole and the widest is cut — then the optional columns by rank, whole where
// they fit, a path cut in the middle where only its minimum does. Within a pane
// fitColumns (rows.go) does the same for its columns. The steps pane asks for the
// widest steps of the whole folder, the pages pane for the widest pages seen in it,
// so the panes keep their places while the cursor moves. Wants and widths are worked
// out when the data or the size change (fitPanes after each update compares a few
// numbers; paneBase.fitted keeps the widths), never per frame. The palette is as wide
// as its entries need; the request log gives the trace id its whole width; text
// wraps at spaces only (wrapText), never at a host's hyphen; the status bar keeps the
// profile and location, and a message too long for the rest of its line takes a
// second line (the layout's barRows; the panes give up that row while it shows),
// cut with "…" past that. Every message the bar shows is kept whole, with its time
// and status code, for the messages view (M, statuslog.go, statuslog_view.go).
//
// # Drawing fast
//
// View must stay cheap: it runs on every key. Each pane keeps its last frame line by
// line, and the header, footer and status bar keep theirs, each keyed by exactly what
// it shows (viewcache.go), so a cursor move redraws a row or two. A change that a key
// does not capture will not show: when you add something to a pane or a bar, add it to
// that cache's key, and viewcache_test.go's random walk (cached View == a fresh draw)
// will tell you if you missed one.
package ui
