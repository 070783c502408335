package ui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// Over the team server every action that declares a use of the machine (a file, a
// web browser) is off wherever its key runs and in the palette, each saying why and
// what to do instead, and nothing opens; the help lists them with the reason and the
// footers mark their keys. On a terminal of this machine none of them is off.
func TestOverTheTeamServerWhatUsesTheMachineIsOff(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	opts := demoOptions(c, sb)
	opts.Remote = &Remote{}
	h := newHarness(t, opts, 140, 40)
	h.openRedirectsView()
	m := h.m
	entries := map[string]paletteEntry{}
	for _, e := range m.paletteEntries() {
		entries[e.name] = e
	}
	off := 0
	for _, a := range m.sh.actions {
		why := m.sh.offRemote(a)
		if (why != "") != (a.machine != nil) {
			t.Errorf("%q: declared machine %v, off over ssh %q", a.key.Help().Desc, a.machine, why)
		}
		if why == "" {
			continue
		}
		off++
		if !strings.HasPrefix(why, "over the team server ") || a.machine.instead == "" {
			t.Errorf("%q is off without saying what to do instead: %q", a.key.Help().Desc, why)
		}
		for _, at := range []scope{inPanes, inDetail, inRedirects} {
			if a.where&at == 0 {
				continue
			}
			m.status.err, m.overlay = "", nil
			if _, ok := m.actionKey(keyPress(a.key.Keys()[0]), at); !ok || m.overlay != nil || m.status.err != why {
				t.Errorf("%q where %b: taken %v, overlay %T, the bar says %q, want %q", a.key.Help().Key, at, ok, m.overlay, m.status.err, why)
			}
		}
		if a.name == "" {
			continue
		}
		e, listed := entries[a.name]
		if !listed || !e.off || e.desc != "off: "+why {
			t.Errorf("the palette's %q: listed %v, off %v, %q", a.name, listed, e.off, e.desc)
			continue
		}
		m.status.err, m.overlay = "", nil
		if e.run(m); m.overlay != nil || m.status.err != why {
			t.Errorf("the palette's %q ran: overlay %T, the bar says %q", a.name, m.overlay, m.status.err)
		}
	}
	if off < 4 {
		t.Fatalf("%d actions are off over ssh, want at least import, export and both opens", off)
	}

	lines, _ := newHelpOverlay(m.sh).lines(140)
	help := ansi.Strip(strings.Join(lines, "\n"))
	flat := strings.Join(strings.Fields(help), " ")
	for _, l := range m.sh.offRemoteLines() {
		if !strings.Contains(flat, strings.Join(strings.Fields(l), " ")) {
			t.Errorf("the help does not say %q:\n%s", l, help)
		}
	}
	if !strings.Contains(help, "Off over the team server") || !strings.Contains(help, "export to file ✗ off over ssh") {
		t.Errorf("the help does not mark the keys off:\n%s", help)
	}
	footer := ""
	for _, b := range m.redirects.keys() {
		footer += b.Help().Key + " " + b.Help().Desc + " · "
	}
	if !strings.Contains(footer, "X export ✗ ssh") || !strings.Contains(footer, "I import ✗ ssh") || !strings.Contains(footer, "V CSV ·") {
		t.Errorf("the Redirects view's footer: %s", footer)
	}

	local := New(demoOptions(c, sb))
	for _, a := range local.sh.actions {
		if why := local.sh.offRemote(a); why != "" {
			t.Errorf("on this machine's terminal %q is off: %q", a.key.Help().Desc, why)
		}
	}
}

// An export to a file already there (a private one) asks first: kept, the file is as
// it was; replaced, it holds the export and stays private. A file in funnels' own
// folders is refused, the form keeping what was typed, and nothing is written there.
func TestRedirectExportAsksBeforeReplacingAndKeepsOut(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	dir := t.TempDir()
	state := filepath.Join(dir, "state", "funnels")
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	opts := demoOptions(c, sb)
	opts.KeepOut = []string{state}
	h := newHarness(t, opts, 140, 36)
	h.openRedirectsView()
	secret := filepath.Join(dir, "users.json")
	if err := os.WriteFile(secret, []byte(`{"people":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	export := func(name string) {
		h.press("X")
		h.waitFor("Export redirects to a file", "┃ File")
		h.press("ctrl+u")
		h.typeText(name)
		h.press("enter")
	}

	export(secret)
	h.waitFor("Replace users.json?", "is there already (13 bytes, changed")
	h.press("enter") // Cancel is highlighted first
	h.waitUntil("the bar saying cancelled", func(string) bool { return strings.Contains(h.m.status.info, "cancelled") })
	if b, _ := os.ReadFile(secret); string(b) != `{"people":[]}` {
		t.Fatalf("kept, the file changed: %q", b)
	}

	export(secret)
	h.waitFor("Replace users.json?")
	h.press("y")
	h.waitUntil("the bar saying where", func(string) bool { return strings.Contains(h.m.status.info, "wrote 8 redirects to "+secret) })
	got, _ := os.ReadFile(secret)
	list, _, err := c.ListAllRedirects(context.Background(), client.ListRedirectsParams{})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer // .json: the format its name says
	if err := redirectplan.Write(&want, redirectplan.JSON, redirectplan.RowsOf(list)); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(secret); err != nil || fi.Mode().Perm() != 0o600 || !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("replaced: %v, mode %v, content:\n%s", err, fi.Mode().Perm(), got)
	}

	inside := filepath.Join(state, "default.json")
	export(inside)
	h.waitFor("funnels' own folder")
	if h.m.shownForm() == nil || h.m.shownForm().Fields()[0].Current() != inside {
		t.Fatalf("the refused export's form is gone or lost the name typed:\n%s", h.view())
	}
	if ents, _ := os.ReadDir(state); len(ents) != 0 {
		t.Fatalf("the kept-out folder holds %d entries", len(ents))
	}
}

// The CSV view shows the export's records and y copies the export byte for byte: whole,
// or filtered the header and the records kept.
func TestRedirectsCSVViewCopiesTheExport(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	opts := demoOptions(c, sb)
	opts.Remote = &Remote{}
	h := newHarness(t, opts, 140, 36)
	h.openRedirectsView()
	h.press("V")
	h.waitFor("Redirects as CSV", "domain,path,target,action,id", "join.lakesidefit.com,/7-day-pass,", "1/8")
	list, _, err := c.ListAllRedirects(context.Background(), client.ListRedirectsParams{})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := redirectplan.Write(&want, redirectplan.CSV, redirectplan.RowsOf(list)); err != nil {
		t.Fatal(err)
	}
	h.press("y")
	h.waitUntil("the copy", func(string) bool { return len(h.clipboard) == 1 })
	if len(h.clipboard) != 1 || h.clipboard[0] != want.String() || !strings.Contains(h.m.status.info, "the CSV of 8 redirects") {
		t.Fatalf("y copied %q (the bar: %q), want the export:\n%s", h.clipboard, h.m.status.info, want.String())
	}
	h.press("/")
	h.typeText("7-day")
	h.press("enter")
	h.waitFor("1/1 of 8")
	h.press("y")
	h.waitUntil("the second copy", func(string) bool { return len(h.clipboard) == 2 })
	var wantLine string
	for _, l := range strings.SplitAfter(want.String(), "\n") {
		if strings.Contains(l, "/7-day-pass,") {
			wantLine = l
		}
	}
	if len(h.clipboard) != 2 || h.clipboard[1] != "domain,path,target,action,id\n"+wantLine {
		t.Fatalf("filtered, y copied %q", h.clipboard[len(h.clipboard)-1])
	}
	h.press("esc", "esc")
	h.waitFor("8 redirects")
}
