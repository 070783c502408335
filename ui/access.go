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

// markRefused returns bindings with those whose action is refused saying so: "new
// step ✗ 403" in the footer. inView says the Redirects view has the keys.
func (sh *shared) markRefused(bindings []key.Binding, inView bool) []key.Binding {
	if len(sh.access) == 0 {
		return bindings
	}
	var out []key.Binding
	for i, b := range bindings {
		f := sh.keyFamily(b, inView)
		fa, refused := sh.access.Refused(f)
		if !refused {
			continue
		}
		if out == nil {
			out = append([]key.Binding(nil), bindings...)
		}
		out[i] = as(b, b.Help().Desc+" ✗ "+strconv.Itoa(fa.Status))
	}
	if out == nil {
		return bindings
	}
	return out
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
	ks := b.Keys()
	if len(ks) == 0 {
		return ""
	}
	find := func(where scope) (client.Family, bool) {
		for _, a := range sh.actions {
			if own := a.key.Keys(); a.where&where != 0 && len(own) > 0 && own[0] == ks[0] {
				return a.needs, true
			}
		}
		return "", false
	}
	if inView {
		if f, ok := find(inRedirects); ok {
			return f
		}
	}
	f, _ := find(inBrowser)
	return f
}
