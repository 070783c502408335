package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFailedReloadMarksTheRowsStale: a reload that fails leaves the rows, says in
// the pane's title that they are stale and why, and draws them faint, until a
// reload succeeds.
func TestFailedReloadMarksTheRowsStale(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 30)
	h.waitFor("Spring Sale 2026")
	raw := func() string { // the row of a folder the cursor is not on, styles and all
		for _, l := range strings.Split(h.m.View().Content, "\n") {
			if strings.Contains(ansi.Strip(l), "Webinars/") {
				return l
			}
		}
		t.Fatalf("no row Webinars/:\n%s", h.view())
		return ""
	}
	fresh := raw()
	if strings.Contains(h.view(), "stale") {
		t.Fatalf("fresh rows are not stale:\n%s", h.view())
	}

	sb.Server.FailNext(503, 1, "/funnels/funnel/folder/entities")
	h.press("r")
	v := h.waitFor("Funnels · stale — 503")
	if !strings.Contains(v, "Spring Sale 2026") || !strings.Contains(v, "Spring Sale 2026") {
		t.Fatalf("the pane's title says its rows are stale, and they stay:\n%s", v)
	}
	if raw() == fresh {
		t.Fatalf("stale rows are drawn as fresh ones: %q", fresh)
	}

	h.press("r")
	h.waitUntil("a reload that succeeds", func(v string) bool { return !strings.Contains(v, "stale") && !h.m.entities.loading() })
	if got := raw(); got != fresh {
		t.Fatalf("after a good reload the rows are fresh again:\n%q\n%q", got, fresh)
	}
}
