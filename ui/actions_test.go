package ui

import (
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/funnelsdev/funnels/client"
)

// tableEntry is the action of the table the palette calls name.
func tableEntry(t *testing.T, sh *shared, name string) action {
	t.Helper()
	for _, a := range sh.actions {
		if a.name == name {
			return a
		}
	}
	t.Fatalf("no action %q in the table", name)
	return action{}
}

// shown is a key as the footer and the help show it.
func shown(b key.Binding) string { return b.Help().Key + " " + b.Help().Desc }

// Every action whose route family writes, by the client's route table, is off in
// read-only mode: its key is disabled, pressing it where it applies says it is off,
// and neither the palette nor the help lists it. Every action that does not write
// stays.
func TestEveryWriteIsOffInReadOnly(t *testing.T) {
	m := New(Options{Remote: &Remote{Changes: twoChanges}}) // every action offered
	m.sh.setReadOnly(true)
	m.redirects = newRedirectsView(m.sh) // the view's own actions are listed while it is open
	m.push(m.redirects)
	palette := map[string]bool{}
	for _, e := range m.paletteEntries() {
		palette[e.name] = true
	}
	help := map[string]bool{}
	for _, g := range m.sh.keyGroups() {
		for _, b := range g.Bindings {
			help[shown(b)] = true
		}
	}
	declared := actionTable(DefaultKeys())
	if len(declared) != len(m.sh.actions) {
		t.Fatalf("the browser holds %d actions, the table declares %d", len(m.sh.actions), len(declared))
	}
	writes := 0
	for i, a := range declared {
		rf, _ := client.FamilyInfo(a.needs)
		held := m.sh.actions[i]
		if !rf.Write {
			if a.name != "" && !palette[a.name] {
				t.Errorf("%q reads, but read-only mode left it out of the palette", a.name)
			}
			if len(a.key.Keys()) > 0 && !held.key.Enabled() {
				t.Errorf("%q reads, but read-only mode turned its key off", shown(a.key))
			}
			continue
		}
		writes++
		if palette[a.name] {
			t.Errorf("the read-only palette offers %q", a.name)
		}
		if len(a.key.Keys()) == 0 {
			continue
		}
		if held.key.Enabled() || (a.id != noAction && m.sh.keys.of(a.id).Enabled()) {
			t.Errorf("%q writes, but its key is on in read-only mode", shown(a.key))
		}
		if help[shown(a.key)] {
			t.Errorf("the read-only help lists %q", shown(a.key))
		}
		for _, at := range []scope{inPanes, inDetail, inRedirects, inHistory} {
			if a.where&at == 0 {
				continue
			}
			m.status.err = ""
			press := keyPress(a.key.Keys()[0])
			refused := m.sh.offInReadOnly(m, press, at)
			if at != inHistory {
				_, refused = m.actionKey(press, at)
			}
			if !refused || !strings.Contains(m.status.err, "read-only: "+a.key.Help().Desc+" is off") {
				t.Errorf("%q where %b: refused %v, the status bar says %q", shown(a.key), at, refused, m.status.err)
			}
		}
	}
	if writes == 0 {
		t.Fatal("no action of the table writes")
	}
}

// Every palette entry and every key of an action comes from the table: the palette
// lists the table's named actions; a footer's or a view's named key is the one its
// action declares; the help shows the plain keys and the table's; no two actions
// take one key in one place unless the selection chooses between them, and no plain
// key read first hides an action's key.
func TestActionsComeFromTheTable(t *testing.T) {
	m := New(Options{Remote: &Remote{Changes: twoChanges}}) // every action offered
	m.redirects = newRedirectsView(m.sh)
	m.push(m.redirects)
	table := m.sh.actions

	var names []string
	for _, a := range table {
		if a.name != "" {
			names = append(names, a.name)
		}
	}
	var listed []string
	for _, e := range m.paletteEntries() {
		listed = append(listed, e.name)
		a := tableEntry(t, m.sh, e.name)
		desc := a.desc
		if why := m.sh.offRemote(a); why != "" {
			desc = "off: " + why // over the team server, as this browser is
		}
		if e.key != a.key.Help().Key || (a.about == nil && e.desc != desc) {
			t.Errorf("palette %q shows %q %q, the table %q %q", e.name, e.desc, e.key, desc, a.key.Help().Key)
		}
	}
	if !slices.Equal(listed, names) {
		t.Errorf("the palette lists\n%q\nthe table names\n%q", listed, names)
	}

	for id := noAction + 1; id < actionIDs; id++ {
		var with []action
		for _, a := range table {
			if a.id == id {
				with = append(with, a)
			}
		}
		if len(with) != 1 {
			t.Errorf("action id %d is declared %d times", id, len(with))
			continue
		}
		if got := m.sh.keys.of(id); shown(got) != shown(with[0].key) || !slices.Equal(got.Keys(), with[0].key.Keys()) {
			t.Errorf("id %d: KeyMap.of gives %q, the table %q", id, shown(got), shown(with[0].key))
		}
	}

	k := m.sh.keys
	plain := map[string]bool{}
	for _, s := range k.helpSections() {
		for _, b := range append(slices.Clone(s.lead), s.tail...) {
			plain[shown(b)] = true
		}
	}
	for _, g := range m.sh.keyGroups() {
		for _, b := range g.Bindings {
			if plain[shown(b)] {
				continue
			}
			if !slices.ContainsFunc(table, func(a action) bool { return a.group != helpNone && shown(a.key) == shown(b) }) {
				t.Errorf("help group %q shows %q, neither a plain key nor an action's", g.Title, shown(b))
			}
		}
	}

	// Plain keys each screen reads before the table's.
	readFirst := map[scope][]key.Binding{
		inPanes:     {k.NextPane, k.PrevPane, k.Filter, k.Open, k.Back, k.Quit, k.Help, k.Palette, k.Switch, k.GoTo, k.Refresh, k.Redraw},
		inDetail:    {k.Cancel, k.Back, k.Quit, k.Help, k.Palette, k.Switch, k.GoTo, k.Refresh, k.Redraw},
		inRedirects: {k.Cancel, k.Back, k.of(actRedirects), k.Filter, k.Refresh, k.Up, k.Down, k.Top, k.Bottom, k.PageUp, k.PageDown, k.Redraw},
		inHistory:   {k.Cancel, k.Back, k.Quit, k.of(actEventHistory), k.Up, k.Down, k.Top, k.Bottom, k.Open},
	}
	for i, a := range table {
		for at, first := range readFirst {
			if a.where&at == 0 {
				continue
			}
			for _, ks := range a.key.Keys() {
				if slices.ContainsFunc(first, func(b key.Binding) bool { return slices.Contains(b.Keys(), ks) }) {
					t.Errorf("%q where %b: a plain key read first takes %q", shown(a.key), at, ks)
				}
				for _, b := range table[i+1:] {
					if b.where&at != 0 && slices.Contains(b.key.Keys(), ks) && (a.when == nil || b.when == nil) {
						t.Errorf("%q where %b: %q also runs %q", ks, at, shown(a.key), b.name)
					}
				}
			}
		}
	}
}
