package ui

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
)

// An action that plans before it writes (then) reads to plan and writes what the
// plan's s sends once asked: its needs must read and its then must write, or read-only
// mode would either turn off a plan that sends nothing or leave on a write.
func TestPlannedWritesReadThenWrite(t *testing.T) {
	planned := 0
	for _, a := range actionTable(DefaultKeys()) {
		if a.then == "" {
			continue
		}
		planned++
		then, ok := client.FamilyInfo(a.then)
		if !ok || !then.Write {
			t.Errorf("%s: then %q is not a family that writes", a.name, a.then)
		}
		if a.writes() {
			t.Errorf("%s: its plan must only read, but needs %q writes", a.name, a.needs)
		}
	}
	if planned < 2 {
		t.Fatalf("the import and the restore plan before they write: %d actions do", planned)
	}
}

// Read-only: the import and the restore stay on, and the palette, the help and the
// key say they plan only; the import's key is not turned off (its plan in read-only
// is TestReadOnlyImportShowsThePlanAndSendsNothing's).
func TestReadOnlyShowsPlannedWritesAsPlansOnly(t *testing.T) {
	for _, ro := range []bool{false, true} {
		keys := DefaultKeys()
		for _, a := range tableActions(&keys, ro) {
			if a.then == "" {
				continue
			}
			help := a.key.Help().Desc
			said := strings.Contains(a.desc, "the plan only") && (help == "" || strings.HasSuffix(help, " (plan only)"))
			if said != ro || (len(a.key.Keys()) > 0 && !a.key.Enabled()) {
				t.Errorf("read-only %v: %s says %q / %q, key on %v", ro, a.name, a.desc, a.key.Help().Desc, a.key.Enabled())
			}
		}
	}

	h, sb := readOnlyHarness(t)
	h.press(":")
	pal := h.m.overlay.(*palette)
	found := 0
	for _, e := range pal.actions {
		if e.name == "Import redirects from file…" || e.name == "Restore redirects…" {
			found++
			if !strings.Contains(e.desc, "read-only: the plan only") {
				t.Errorf("palette: %s says %q", e.name, e.desc)
			}
		}
	}
	if found != 2 {
		t.Fatalf("the palette lists %d of the import and the restore, want both", found)
	}
	h.press("esc", "U")
	h.waitFor("offers.lakesidefit.com")
	h.press("?")
	h.waitFor("import from file (plan only)")
	h.press("esc", "I")
	if st := statusLine(h.view()); strings.Contains(st, "is off") {
		t.Fatalf("read-only turned the import's key off: %q", st)
	}
	if w := writesSent(sb); len(w) > 0 {
		t.Fatalf("read-only sent writes: %v", w)
	}
}
