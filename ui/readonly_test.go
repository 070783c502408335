package ui

import (
	"net/http"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// readOnlyHarness is the browser on a read-only client of a fresh sandbox.
func readOnlyHarness(t *testing.T) (*harness, *sandbox.Running) {
	t.Helper()
	sb := sandboxtest.Start(t, sandbox.Options{})
	c, err := client.New(client.Options{
		BaseURL: sb.URL, LocationID: sb.Server.LocationID(), MaxRetries: -1, ReadOnly: true,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
	})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, Options{Client: c, Profile: "screencast"}, 140, 40)
	h.waitFor("Lead Generation", "Spring Sale 2026")
	return h, sb
}

// writesSent lists the requests of the sandbox's log that write.
func writesSent(sb *sandbox.Running) []string {
	var out []string
	for _, r := range sb.Server.Requests() {
		if client.Writes(r.Method, r.Path) {
			out = append(out, r.Method+" "+r.Path)
		}
	}
	return out
}

// Read-only: no action that writes is in the footer, the palette or the help; its
// key says it is off; the status bar says read-only; nothing that writes is sent.
func TestReadOnlyRefusesEveryWritePath(t *testing.T) {
	h, sb := readOnlyHarness(t)
	if st := statusLine(h.view()); !strings.Contains(st, "read-only") {
		t.Fatalf("status bar: %q", st)
	}

	// Down to a page, where every pane's write key applies.
	h.press("G", "enter") // Spring Sale 2026, the last row
	h.waitFor("Opt-in")
	h.press("enter")
	v := h.waitUntil("the pages pane", func(v string) bool { return strings.Contains(v, "Pages · Opt-in") && strings.Contains(v, "live") })
	footer := strings.Split(v, "\n")[len(strings.Split(v, "\n"))-2]
	for _, desc := range []string{"archive", "trigger", "new step", "new folder", "redirect here"} {
		if strings.Contains(footer, desc) {
			t.Errorf("footer offers %q: %q", desc, footer)
		}
	}

	// Every write key, in every pane: off, saying so; no form opens.
	for _, pane := range []string{"pages", "steps", "entities"} {
		for _, k := range []string{"n", "N", "D", "E", "T", "A", "S", "P"} {
			h.press(k)
			if h.m.overlay != nil {
				t.Fatalf("%s pane: %s opened %T", pane, k, h.m.overlay)
			}
			if st := statusLine(h.view()); !strings.Contains(st, "read-only:") || !strings.Contains(st, "is off") {
				t.Fatalf("%s pane: %s says %q", pane, k, st)
			}
		}
		h.press("shift+tab")
	}

	// The palette lists no write, and searching for one finds nothing.
	h.press(":")
	pal := h.m.overlay.(*palette)
	names := map[string]bool{}
	for _, a := range pal.actions {
		names[a.name] = true
		if tableEntry(t, h.m.sh, a.name).writes() {
			t.Errorf("palette offers %q", a.name)
		}
	}
	if !names["Switch profile or sub-account"] || !names["Redirects"] || !names["Custom fonts"] {
		t.Errorf("palette lost reading actions: %v", names)
	}
	h.typeText("archive page")
	if v := h.view(); strings.Contains(v, "Archive page") {
		t.Fatalf("the palette finds a write:\n%s", v)
	}
	h.press("esc")

	// The help shows no write key.
	h.press("?")
	v = h.view()
	for _, desc := range []string{"new step", "new folder", "attach domain", "test conversion event", "archive/restore page",
		"end split test", "new redirect", "edit redirect", "delete redirect", "send again"} {
		if strings.Contains(v, desc) {
			t.Errorf("help lists %q", desc)
		}
	}
	if !strings.Contains(v, "switch profile or sub-account") || !strings.Contains(v, "copy id") {
		t.Errorf("help lost reading keys:\n%s", v)
	}
	h.press("esc")

	// The Redirects view reads, and refuses n, e, enter, d.
	h.press("U")
	h.waitFor("offers.lakesidefit.com")
	for _, k := range []string{"n", "e", "enter", "d"} {
		h.press(k)
		if h.m.overlay != nil {
			t.Fatalf("redirects: %s opened %T", k, h.m.overlay)
		}
		if st := statusLine(h.view()); !strings.Contains(st, "read-only:") {
			t.Fatalf("redirects: %s says %q", k, st)
		}
	}
	h.press("esc")

	// The event history cannot send again.
	h.press("H")
	h.press("R")
	if st := statusLine(h.view()); !strings.Contains(st, "read-only:") {
		t.Fatalf("history R says %q", st)
	}
	h.press("esc")

	for len(h.msgs) > 0 {
		h.update(<-h.msgs)
	}
	if w := writesSent(sb); len(w) > 0 {
		t.Fatalf("read-only sent writes: %v", w)
	}
}

// A read-only client refuses a write even when something asks it directly (a form
// opened before the switch to a read-only profile, say): the refusal is an error,
// and nothing is sent.
func TestReadOnlyClientBehindTheBrowser(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	c, err := client.New(client.Options{BaseURL: sb.URL, ReadOnly: true, HTTPClient: &http.Client{},
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	msg := createFolder(t.Context(), c, client.CreateFolderRequest{Name: "x", Type: "funnel"}, nil, 1)()
	if a, ok := msg.(answerMsg); !ok || a.err == nil || !strings.Contains(errorText(a.err), "read-only") {
		t.Fatalf("answer %#v", msg)
	}
	if w := writesSent(sb); len(w) > 0 {
		t.Fatalf("sent %v", w)
	}
}
