package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// action is one thing the browser can do, declared once in the table (action_table.go,
// as k9s declares its KeyActions). Everything else follows from the table: the
// command palette's entries, which keys run which action where, what read-only mode
// turns off (every action whose route family writes), what the access record marks
// unavailable, and the help's groups.
type action struct {
	id   actionID // how a footer or a view names the action's key; 0 when nothing does
	name string   // the palette's entry: "Copy URL"; "" for a key of one view, not in the palette
	desc string   // one line on what it does
	// about is the description when it depends on the selection; nil for desc.
	about func(h host) string
	// key is the action's key with its help ("n", "new step"), the zero Binding for
	// none. With where 0 it is a plain key of keys.go, shown here, read by each screen.
	key key.Binding
	// where is where the table runs the action for its key (actionKey); 0 when no
	// key of its own runs it.
	where scope
	// when, for two actions on one key, says whether the key runs this one now.
	when func(h host) bool
	// needs is the route family the action sends to; "" for none. When the access
	// record says it is refused, the palette, the footer and the help say why and its
	// key only says so. A family that writes (client.FamilyInfo) turns the action off
	// in read-only mode.
	needs client.Family
	// then is the route family the action writes to once its plan has been shown and
	// confirmed (an import, a restore); "" for an action that is not planned first.
	// Planning only reads (needs), so read-only mode leaves such an action on and
	// says it plans only.
	then  client.Family
	group helpGroup            // its section of the help; 0 when it is there as a plain key or not at all
	run   func(h host) tea.Cmd // on the root, the host of every action
	// shown says whether the palette offers the action at all; nil: always.
	shown func(h host) bool
	// machine is what of the machine the browser runs on the action uses beyond the
	// location and its local index — a file the person names, a program it starts —
	// nil for nothing. Over the team server that machine is the server, so
	// Options.Remote turns such an action off (remote.go): the footer, the help and
	// the palette say so, and its key says why and what to do instead.
	machine *machineUse
}

// machineUse is what of its machine an action uses, and how a person on the team
// server does the same from their own.
type machineUse struct {
	there   string // what using it would mean over the team server
	instead string // how to do the same over ssh
}

// namesFile declares an action that reads or writes a file the person names;
// instead is how to do the same over ssh.
func namesFile(instead string) *machineUse {
	return &machineUse{there: "the file would be the server's", instead: instead}
}

// startsBrowser declares an action that starts the machine's web browser; instead
// is how to do the same over ssh.
func startsBrowser(instead string) *machineUse {
	return &machineUse{there: "a web browser would open on the server, not on your screen", instead: instead}
}

// scope is where an action's key runs it.
type scope uint8

const (
	inPanes     scope = 1 << iota // the three panes
	inDetail                      // a page's detail
	inRedirects                   // the Redirects view (its own keys first, then the browser's that it lets through)
	inHistory                     // the event history
	inPlan                        // the plan of an import or a restore
	inHealth                      // the Health view

	inBrowser = inPanes | inDetail
)

// writes reports whether the action sends to a route family that writes, by the
// client's route table: read-only mode turns it off.
func (a action) writes() bool {
	rf, ok := client.FamilyInfo(a.needs)
	return ok && rf.Write
}

// plansOnly reports whether read-only mode leaves the action its plan only: it plans
// by reading and then writes.
func (a action) plansOnly(readOnly bool) bool {
	rf, ok := client.FamilyInfo(a.then)
	return readOnly && ok && rf.Write
}

// pressed reports whether msg is the action's key, even while read-only mode has it
// turned off (so that the key can say so).
func (a action) pressed(msg tea.KeyPressMsg) bool {
	b := a.key
	b.SetEnabled(true)
	return len(b.Keys()) > 0 && key.Matches(msg, b)
}

// readOnlyOff is what a key of an action read-only mode turned off says.
func (a action) readOnlyOff() string {
	return "read-only: " + a.key.Help().Desc + " is off (nothing that writes is sent in read-only mode)"
}
