package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// A big folder's read brings its first rows as a message of their own, before the
// answer is read to its end: an answer cut halfway, which never decodes whole, brings
// them first and then its failure; read whole, the first rows come, then every row.
func TestABigFolderBringsItsFirstRowsBeforeTheEnd(t *testing.T) {
	const funnels = 400
	sb, c := testClient(t, sandbox.Options{Bulk: sandbox.Bulk{Funnels: funnels, PagesPerFunnel: 3}}, -1)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	sb.Server.SetFaults(sandbox.Faults{TruncateRate: 1})
	part, ok := loadEntities(ctx, c, "", 7)().(folderPartMsg)
	if !ok || len(part.rows) != firstRows || part.seq != 7 || part.next == nil {
		t.Fatalf("the first message of a read cut halfway is not its first %d rows: %T %d", firstRows, part, len(part.rows))
	}
	end, ok := part.next().(entitiesMsg)
	if !ok || end.err == nil {
		t.Fatalf("after the first rows of an answer cut halfway: %T %v", end, end.err)
	}

	sb.Server.SetFaults(sandbox.Faults{})
	part, ok = loadEntities(ctx, c, "", 8)().(folderPartMsg)
	if !ok || len(part.rows) != firstRows {
		t.Fatalf("the first message of a whole read is not its first %d rows: %T", firstRows, part)
	}
	whole, ok := part.next().(entitiesMsg)
	if !ok || whole.err != nil || len(whole.rows) < funnels {
		t.Fatalf("after the first rows: %T %v, %d rows", whole, whole.err, len(whole.rows))
	}
	for i := range part.rows {
		if part.rows[i].id != whole.rows[i].id || part.rows[i].note != whole.rows[i].note {
			t.Fatalf("first row %d is %s (%s), the listing's %s (%s)", i, part.rows[i].id, part.rows[i].note, whole.rows[i].id, whole.rows[i].note)
		}
	}
}

// The first rows show while the folder still loads, the cursor stays on its row when
// the whole listing replaces them, and they are not measured nor kept as whole.
func TestFirstRowsShowUntilTheWholeListing(t *testing.T) {
	m := New(Options{Profile: "part", LocationID: "loc1", Theme: "dark", Debounce: -1})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	seq := m.next()
	m.entities.load(seq)
	all := keptRows(bigKeptFolder(300, 3))
	next := func() tea.Msg { return nil }
	_, cmd := m.Update(folderPartMsg{folderID: "", seq: seq, rows: all[:40], next: next})
	if cmd == nil {
		t.Fatal("the first rows do not wait for the rest")
	}
	if _, ok := widthsOf(cmd); ok {
		t.Fatal("the first rows alone were measured")
	}
	fs := m.entities.current()
	if !fs.partial || fs.loaded || fs.seq != seq || len(fs.rows) != 40 {
		t.Fatalf("after the first rows: partial %v loaded %v seq %d rows %d", fs.partial, fs.loaded, fs.seq, len(fs.rows))
	}
	if v := m.View().Content; !strings.Contains(v, "Bulk Funnel 00000") || !strings.Contains(v, "1/40+") {
		t.Fatalf("the first rows are not on screen, said to be the first:\n%s", v)
	}
	for range 5 {
		m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	if r := m.entities.selected(); r == nil || r.id != "f5" {
		t.Fatalf("the cursor is on %+v, want f5", r)
	}
	m.Update(entitiesMsg{folderID: "", seq: seq, rows: all})
	if fs.partial || !fs.loaded || len(fs.rows) != 300 {
		t.Fatalf("after the whole listing: partial %v loaded %v rows %d", fs.partial, fs.loaded, len(fs.rows))
	}
	if r := m.entities.selected(); r == nil || r.id != "f5" {
		t.Fatalf("the whole listing moved the cursor to %+v", r)
	}
	if v := m.View().Content; !strings.Contains(v, "6/300") || strings.Contains(v, "6/300+") {
		t.Fatalf("the whole listing is not counted whole:\n%s", v)
	}

	// A folder showing whole rows (the index's, or an earlier read) keeps them until
	// the whole listing: a part is smaller than what is shown.
	seq = m.next()
	m.entities.load(seq)
	if _, cmd := m.Update(folderPartMsg{folderID: "", seq: seq, rows: all[:40], next: next}); cmd == nil {
		t.Fatal("a part of a folder showing whole rows does not wait for the rest")
	}
	if fs.partial || len(fs.rows) != 300 {
		t.Fatalf("a part replaced whole rows: %d rows", len(fs.rows))
	}
	// A part of a read no longer awaited is dropped, and nothing waits for its rest.
	if _, cmd := m.Update(folderPartMsg{folderID: "", seq: seq - 1, rows: all[:40], next: next}); cmd != nil || len(fs.rows) != 300 {
		t.Fatal("a part of an older read was taken")
	}
}

// The index's whole folder, arriving after the server's first rows, takes their place
// (it is the whole folder, if older); the server's whole listing then replaces it.
func TestTheIndexsFolderReplacesFirstRows(t *testing.T) {
	m := New(Options{Profile: "part", LocationID: "loc1", Theme: "dark", Debounce: -1})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	seq := m.next()
	m.entities.load(seq)
	all := keptRows(bigKeptFolder(measureStepsAtOnce+100, 3))
	m.Update(folderPartMsg{folderID: "", seq: seq, rows: all[:40], next: func() tea.Msg { return nil }})
	_, cmd := m.Update(cachedFolderMsg{folderID: "", seq: seq, rows: all[:measureStepsAtOnce+50], at: time.Now()})
	fs := m.entities.current()
	if fs.partial || len(fs.rows) != measureStepsAtOnce+50 || fs.cachedAt.IsZero() {
		t.Fatalf("after the index's folder: partial %v, %d rows", fs.partial, len(fs.rows))
	}
	if _, ok := widthsOf(cmd); !ok {
		t.Fatal("the index's whole folder is not measured")
	}
	m.Update(entitiesMsg{folderID: "", seq: seq, rows: all})
	if len(fs.rows) != measureStepsAtOnce+100 || !fs.loaded {
		t.Fatalf("after the whole listing: %d rows, loaded %v", len(fs.rows), fs.loaded)
	}
}
