package ui

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// What the browser makes of the client's access record: an action whose route family
// was refused to this sign-in shows as unavailable, with the reason, in the palette,
// the footer and the help before anyone presses its key; the key then says why
// instead of opening a form. The record arrives with the client's events
// (AccessEvent) and is read once at start.

// setAccess takes a new snapshot of the access record.
func (sh *shared) setAccess(a client.Access) {
	sh.access = a
}

// refusal is why family f is unavailable to this sign-in ("403 not open to this
// sign-in — needs web-app access …"), sanitised; "" when it is not refused (or f is
// none).
func (sh *shared) refusal(f client.Family) string {
	if f == "" {
		return ""
	}
	return sanitize(sh.access.Reason(f))
}

// markRefused returns bindings with those whose action is refused or off saying so:
// "new step ✗ 403" in the footer, "export ✗ ssh" over the team server. inView says
// the Redirects view has the keys.
func (sh *shared) markRefused(bindings []key.Binding, inView bool) []key.Binding {
	if len(sh.access) == 0 && !sh.remote {
		return bindings
	}
	var out []key.Binding
	for i, b := range bindings {
		mark := sh.keyMark(b, inView)
		if mark == "" {
			continue
		}
		if out == nil {
			out = append([]key.Binding(nil), bindings...)
		}
		out[i] = as(b, b.Help().Desc+" ✗ "+mark)
	}
	if out == nil {
		return bindings
	}
	return out
}

// keyMark is what the footer adds to a key whose action is off or refused: "ssh"
// over the team server, else the refusal's status; "" for a key that works.
func (sh *shared) keyMark(b key.Binding, inView bool) string {
	a, ok := sh.keyAction(b, inView)
	if !ok {
		return ""
	}
	if sh.offRemote(a) != "" {
		return "ssh"
	}
	if fa, refused := sh.access.Refused(a.needs); refused {
		return strconv.Itoa(fa.Status)
	}
	return ""
}

// unavailableOn is unavailable for a part that has only a host.
func unavailableOn(h host, f client.Family, name string) bool {
	r := h.common().refusal(f)
	if r == "" {
		return false
	}
	h.setWarn(name + " is unavailable: " + r + " (: What this sign-in can do)")
	return true
}

// offInReadOnly tells, for a key a view reads itself (at is the view), that read-only
// mode turned its action off.
func (sh *shared) offInReadOnly(h host, msg tea.KeyPressMsg, at scope) bool {
	if !sh.readOnly {
		return false
	}
	for _, a := range sh.actions {
		if a.where&at != 0 && a.writes() && a.pressed(msg) {
			h.setWarn(a.readOnlyOff())
			return true
		}
	}
	return false
}

// keyFamily is the route family the action of a key needs, as the footer and the help
// show it; "" for a key whose action sends nothing a token may be refused. In the
// Redirects view (inView) its own keys come first.
func (sh *shared) keyFamily(b key.Binding, inView bool) client.Family {
	a, _ := sh.keyAction(b, inView)
	return a.needs
}

// keyAction is the action of the table a key runs where the footer or the help shows
// it: in the Redirects view (inView) its own keys first, then the browser's; ok is
// false for a plain key (moving, the palette) or one no action has.
func (sh *shared) keyAction(b key.Binding, inView bool) (action, bool) {
	ks := b.Keys()
	if len(ks) == 0 {
		return action{}, false
	}
	find := func(where scope) (action, bool) {
		for _, a := range sh.actions {
			if own := a.key.Keys(); a.where&where != 0 && len(own) > 0 && own[0] == ks[0] {
				return a, true
			}
		}
		return action{}, false
	}
	if inView {
		if a, ok := find(inRedirects); ok {
			return a, true
		}
	}
	return find(inBrowser)
}
