package redirectplan

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A kill that cut a line leaves the journal whole for the next run: the entry the
// resumed run records is read by the run after it, so what landed is not sent again
// after a second interruption.
func TestJournalEndsALineCutByAKill(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	if err := os.WriteFile(path, []byte(`{"key":"row 1","state":"done","id":"a"}`+"\n"+`{"key":"row 2","sta`), 0o600); err != nil {
		t.Fatal(err)
	}
	j, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	j = recordAndReopen(t, j, path, Entry{Key: "row 2", State: Done, Kind: Add, ID: "b"})
	defer j.Close()
	for key, id := range map[string]string{"row 1": "a", "row 2": "b"} {
		if e, ok := j.Last(key); !ok || e.State != Done || e.ID != id {
			t.Errorf("%s: %+v %v, want done with id %s", key, e, ok, id)
		}
	}
}

// A journal keeps a long error in part, so no line it writes is too long to read
// back, and a line too long to read is an error rather than the silent end of the
// entries after it.
func TestJournalLinesStayReadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	j, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Record(Entry{Key: "row 1", State: Failed, Error: strings.Repeat("é", maxJournalLine)}); err != nil {
		t.Fatal(err)
	}
	if err := j.Record(Entry{Key: "row 2", State: Done, ID: "b"}); err != nil {
		t.Fatal(err)
	}
	_ = j.Close()
	j, err = OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := j.Last("row 2"); !ok || e.ID != "b" {
		t.Errorf("row 2 after a long error: %+v %v", e, ok)
	}
	if e, _ := j.Last("row 1"); len(e.Error) > maxEntryError+len("…") || !strings.HasPrefix(e.Error, "éé") {
		t.Errorf("row 1 keeps %d bytes of its error", len(e.Error))
	}
	_ = j.Close()

	long := filepath.Join(t.TempDir(), "long.jsonl")
	if err := os.WriteFile(long, []byte(strings.Repeat("x", maxJournalLine+1)+"\n"+`{"key":"row 3","state":"done"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if j, err := OpenJournal(long); err == nil {
		_ = j.Close()
		t.Error("a journal with a line too long to read opened as if the entries after it were not there")
	}
}

// FuzzJournal: whatever a journal file holds, it opens (its lines are short here),
// keeps the entries it read, and an entry recorded after them is read back by the
// next open.
func FuzzJournal(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte(`{"key":"a","state":"done","id":"1"}` + "\n"))
	f.Add([]byte(`{"key":"a","state":"done"}` + "\n" + `{"key":"b","sta`))
	f.Add([]byte("\r\n\n{\"key\":\"a\"}\r"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "journal.jsonl")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		j, err := OpenJournal(path)
		if err != nil {
			t.Fatal(err)
		}
		before := j.last
		e := Entry{Key: "fuzz \x00 key", State: Done, Kind: Add, ID: "id"}
		j = recordAndReopen(t, j, path, e)
		defer j.Close()
		if got, ok := j.Last(e.Key); !ok || got != e {
			t.Fatalf("the entry recorded after %q read back as %+v %v", data, got, ok)
		}
		for k, want := range before {
			if got := j.last[k]; k != e.Key && got != want {
				t.Fatalf("%q: %+v became %+v", k, want, got)
			}
		}
	})
}

// recordAndReopen records e in j, closes it and opens the journal at path again, as
// the next run does.
func recordAndReopen(t *testing.T, j *Journal, path string, e Entry) *Journal {
	t.Helper()
	if err := j.Record(e); err != nil {
		t.Fatal(err)
	}
	_ = j.Close()
	j, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	return j
}
