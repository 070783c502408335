package ui

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFooterKeepsAllKeysLast: at 80 columns, on every pane, the footer keeps
// "? all keys" (where what it left off can be read) and drops other keys first.
func TestFooterKeepsAllKeysLast(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 80, 24)
	h.waitFor("Spring Sale 2026")
	footer := func() string {
		lines := strings.Split(h.view(), "\n")
		return lines[len(lines)-2]
	}
	if f := footer(); !strings.Contains(f, "? all keys") {
		t.Errorf("folders pane: %q", f)
	}
	h.press("G", "tab")
	h.waitFor("Steps · Spring Sale 2026")
	if f := footer(); !strings.Contains(f, "? all keys") || !strings.Contains(f, "pages") {
		t.Errorf("steps pane: %q", f)
	}
	h.press("enter")
	h.waitUntil("the pages pane focused", func(string) bool { return h.m.focus == panePages })
	if f := footer(); !strings.Contains(f, "? all keys") || !strings.Contains(f, "details") {
		t.Errorf("pages pane: %q", f)
	}
}
