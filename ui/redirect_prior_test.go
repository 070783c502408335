package ui

import (
	"strings"
	"sync"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// The Redirects view's edit and delete send the row they act on as the write's
// record before (client.WithPrior), so the team server's audit log has it without
// reading the list again.
func TestRedirectWritesCarryTheRowAsTheRecordBefore(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	var mu sync.Mutex
	prior := map[string]string{} // method → the prior of its start
	defer c.Subscribe(func(ev client.Event) {
		if s, ok := ev.(client.RequestStarted); ok && s.Prior != nil {
			mu.Lock()
			prior[s.Method] = string(s.Prior)
			mu.Unlock()
		}
	})()
	h := newHarness(t, demoOptions(c, sb), 140, 40)
	h.openRedirectsView()
	h.selectRedirect("/timetable")
	id := h.m.redirects.selected().id
	h.press("e")
	h.waitFor("Edit redirect · www.lakesidefit.com/timetable")
	h.press("tab")
	h.focusOn("Target")
	for range len("schedule") {
		h.press("backspace")
	}
	h.typeText("pricing")
	h.press("enter")
	h.waitUntil("the edit sent", func(v string) bool { return !h.formOpen() && strings.Contains(statusLine(v), "changed") })

	h.selectRedirect("/replay")
	h.press("d")
	h.waitFor("enter: cancel (highlighted)")
	h.press("left")
	h.waitFor("enter: Delete (highlighted)")
	h.press("enter")
	h.waitUntil("the delete sent", func(v string) bool { return !h.formOpen() && strings.Contains(statusLine(v), "deleted") })

	mu.Lock()
	defer mu.Unlock()
	if p := prior["PATCH"]; !strings.Contains(p, `"id":"`+id+`"`) || !strings.Contains(p, "https://www.lakesidefit.com/schedule") {
		t.Errorf("the edit's record before: %s, want the row with its old target", p)
	}
	if p := prior["DELETE"]; !strings.Contains(p, `"path":"/replay"`) || !strings.Contains(p, "webinars.lakesidefit.com") {
		t.Errorf("the delete's record before: %s, want the row deleted", p)
	}
}
