package redirectplan

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
)

func TestBuildPlansEveryKind(t *testing.T) {
	current := []client.Redirect{
		{ID: "r1", Domain: "a.example.com", Path: "/Same", Target: "https://x.example.com/s", Action: "url"},
		{ID: "r2", Domain: "a.example.com", Path: "/change", Target: "https://x.example.com/old", Action: "url"},
		{ID: "r3", Domain: "a.example.com", Path: "/gone", Target: "https://x.example.com/g", Action: "url"},
	}
	rows := []Row{
		{Domain: "A.example.com", Path: "/same", Target: "https://x.example.com/s", Action: "url", Where: "line 2"},
		{Domain: "a.example.com", Path: "/change", Target: "https://x.example.com/new", Action: "url", Where: "line 3"},
		{Domain: "a.example.com", Path: "/new", Target: "https://x.example.com/n", Action: "URL", Where: "line 4"},
		{Domain: "a.example.com", Path: "/NEW", Target: "https://x.example.com/m", Action: "url", Where: "line 5"},
		{Domain: "b.example.com", Path: "/x", Target: "https://x.example.com/", Action: "url", Where: "line 6"},
		{Domain: "a.example.com", Path: "/loop", Target: "https://a.example.com/loop/", Action: "url", Where: "line 7"},
		{Domain: "a.example.com", Path: "/chain", Target: "https://a.example.com/new", Action: "url", Where: "line 8"},
		{Domain: "a.example.com", Path: "/bad", Target: "not a url", Action: "url", Where: "line 9"},
		{Domain: "a.example.com", Path: "/act", Target: "https://x.example.com/", Action: "teleport", Where: "line 10"},
	}
	p := Build(rows, current, Options{Prune: true, Attached: map[string]bool{"a.example.com": true}})
	got := map[string]Step{}
	for _, s := range p.Steps {
		got[s.Row.Where+" "+string(s.Kind)] = s
	}
	for _, want := range []struct{ key, reason string }{
		{"line 2 same", ""}, {"line 3 change", ""}, {"line 4 add", ""},
		{"line 5 refused", "the same domain and path as line 4"},
		{"line 6 refused", "b.example.com is not attached"},
		{"line 7 refused", "would loop"},
		{"line 8 refused", "the target redirects again (line 4)"},
		{"line 9 refused", "target"},
		{"line 10 refused", "action"},
		{" delete", ""},
	} {
		s, ok := got[want.key]
		if !ok || !strings.Contains(s.Reason, want.reason) {
			t.Errorf("%s: %+v (found %v), want a reason with %q", want.key, s, ok, want.reason)
		}
	}
	if d := got[" delete"]; d.Old == nil || d.Old.ID != "r3" || d.Key != "delete r3" {
		t.Errorf("the delete: %+v", d)
	}
	if c := got["line 3 change"]; c.Old.ID != "r2" || c.Row.ID != "r2" {
		t.Errorf("the change: %+v", c)
	}
	if tot := p.Totals(); tot != (Totals{Add: 1, Change: 1, Delete: 1, Same: 1, Refused: 6}) || tot.Writes() != 3 {
		t.Errorf("totals %+v", tot)
	}
	if p := Build(rows[:1], current, Options{}); p.DomainsChecked || len(p.Steps) != 1 {
		t.Errorf("without pruning or domains: %+v", p)
	}
	if Fingerprint("import", rows, true) == Fingerprint("import", rows, false) || Fingerprint("import", rows, true) != Fingerprint("import", rows, true) {
		t.Error("the fingerprint does not tell the inputs apart, or is not stable")
	}
}

func TestJournalKeepsWhatLandedAcrossOpens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j", "journal.jsonl")
	j, err := OpenJournal(path)
	if err != nil || !j.Fresh() {
		t.Fatal(err)
	}
	_ = j.Record(Entry{Key: "row 1", State: Sending, Kind: Add})
	_ = j.Record(Entry{Key: "row 1", State: Done, Kind: Add, ID: "x"})
	_ = j.Record(Entry{Key: "row 2", State: Sending, Kind: Add})
	_, _ = j.file.WriteString(`{"key":"row 3","sta`) // a line cut by a kill
	_ = j.Close()
	j, err = OpenJournal(path)
	if err != nil || j.Fresh() {
		t.Fatal(err)
	}
	if e, _ := j.Last("row 1"); e.State != Done || e.ID != "x" {
		t.Errorf("row 1: %+v", e)
	}
	if e, _ := j.Last("row 2"); e.State != Sending {
		t.Errorf("row 2: %+v", e)
	}
	if _, ok := j.Last("row 3"); ok {
		t.Error("the cut line was read")
	}
	if err := j.Remove(); err != nil {
		t.Fatal(err)
	}
	if j, _ = OpenJournal(path); !j.Fresh() {
		t.Error("a removed journal is not fresh")
	}
	_ = j.Close()
}

func TestVersionsKeepTheNewest(t *testing.T) {
	vs := Versions{Dir: t.TempDir(), Keep: 3}
	for i := range 5 {
		v, err := vs.Save(Version{Rows: make([]Row, i), Change: "c"})
		if err != nil || v.Number != i+1 {
			t.Fatalf("%v %+v", err, v)
		}
	}
	list, err := vs.List()
	if err != nil || len(list) != 3 || list[0].Number != 5 || list[2].Number != 3 || len(list[0].Rows) != 4 {
		t.Fatalf("%v %+v", err, list)
	}
	if _, err := vs.Load(1); err == nil {
		t.Error("version 1 was kept past the limit")
	}
}
