package ui

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// auditLog is a team server's audit log as its ChangeLog hands it over: the writes
// given, newest first, at most limit.
type auditLog []PersonChange

func (l auditLog) Recent(_ context.Context, limit int) ([]PersonChange, error) {
	return l[:min(limit, len(l))], nil
}

var twoChanges = auditLog{
	{Time: time.Date(2026, 3, 4, 10, 30, 0, 0, time.UTC), Person: "bob", Key: "SHA256:bobkey", Session: "s-2",
		Location: "loc-b", Method: "DELETE", Path: "/funnels/lookup/redirect/r-9", Status: "200", TraceID: "trace-bob-9",
		Before: json.RawMessage(`{"id":"r-9","path":"/old-offer","target":"https://example.com/gone"}`)},
	{Time: time.Date(2026, 3, 4, 9, 15, 0, 0, time.UTC), Person: "ana", Key: "SHA256:anakey", Session: "s-1",
		Location: "loc-a", LocationName: "Acme Dental", Method: "POST", Path: "/funnels/lookup/redirect", Status: "201",
		TraceID: "trace-ana-1", Body: json.RawMessage(`{"path":"/spring","target":"https://example.com/spring","apiKey":"[hidden]"}`),
		After: json.RawMessage(`{"id":"r-1","path":"/spring"}`)},
}

// paletteOffers reports whether the palette lists an entry called name.
func paletteOffers(m *Model, name string) bool {
	return slices.ContainsFunc(m.paletteEntries(), func(e paletteEntry) bool { return e.name == name })
}

// TestAdminSeesRecentChangesByPeople: in a server session of an admin the palette
// offers the view; it lists the writes newest first with who, where (the name beside
// the id when known), the request and its status; / filters; enter shows one whole
// (what was sent, the record before, the trace id); esc closes each in turn.
func TestAdminSeesRecentChangesByPeople(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	opts := demoOptions(c, sb)
	opts.Remote = &Remote{Changes: twoChanges}
	h := newHarness(t, opts, 100, 30)
	h.waitFor("Spring Sale 2026")
	h.press(":")
	h.typeText("recent changes by people")
	h.press("enter")
	v := h.waitFor("Recent changes by people", "Acme Dental (loc-a)", "POST /funnels/lookup/redirect", "201", "DELETE", "bob")
	if strings.Index(v, "bob") > strings.Index(v, "ana") {
		t.Fatalf("the newest write should come first:\n%s", v)
	}
	sameWidths(t, v, 100)

	h.press("/")
	h.typeText("ana")
	h.press("enter")
	v = h.waitUntil("bob filtered out", func(v string) bool { return !strings.Contains(v, "DELETE") })
	if !strings.Contains(v, "Acme Dental") {
		t.Fatalf("the filter should keep ana's write:\n%s", v)
	}
	h.press("enter")
	h.waitFor("Change by ana", "trace-ana-1", "SHA256:anakey", `"apiKey": "[hidden]"`, "After", `"id": "r-1"`)
	h.press("esc")
	if strings.Contains(h.view(), "trace-ana-1") {
		t.Fatalf("esc should close the write shown whole:\n%s", h.view())
	}
	h.press("esc")
	h.press("esc")
	if len(h.m.bodies) != 1 {
		t.Fatalf("esc should close the view:\n%s", h.view())
	}
}

// TestRecentChangesOnlyForAdmins: a writer's session (a Remote without the log) and
// a local browser are not offered the view, and running it anyway only says why.
func TestRecentChangesOnlyForAdmins(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	writer := demoOptions(c, sb)
	writer.Remote = &Remote{Sharing: func(string) int { return 1 }}
	for name, opts := range map[string]Options{"writer": writer, "local": demoOptions(c, sb)} {
		m := New(opts)
		if paletteOffers(m, "Recent changes by people") {
			t.Errorf("%s: the palette offers the audit log", name)
		}
		if cmd := openPeopleChanges(m); cmd != nil || len(m.bodies) != 1 {
			t.Errorf("%s: the view opened", name)
		}
	}
	admin := demoOptions(c, sb)
	admin.Remote = &Remote{Changes: twoChanges}
	if !paletteOffers(New(admin), "Recent changes by people") {
		t.Error("an admin's palette does not offer the audit log")
	}
}
