package redirectplan

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// States of a step in a journal.
const (
	Sending = "sending" // the write is about to leave; its answer is not known yet
	Done    = "done"    // the service took it
	Failed  = "failed"  // the service refused it (a 422, a 404 …)
)

// Entry is one line of a journal: a step (by its Key) and how far it got.
type Entry struct {
	Key   string `json:"key"`
	State string `json:"state"`
	Kind  Kind   `json:"kind,omitempty"`
	ID    string `json:"id,omitempty"` // the redirect's id, when known
	Error string `json:"error,omitempty"`
}

// Journal is an append-only file of what an apply sent and what landed, one JSON
// line an entry, synced to the disk before Record returns: a process killed at any
// moment leaves every entry written before, and at worst half a line, which Open
// skips. It is not safe for use by more than one goroutine at a time.
type Journal struct {
	path  string
	file  *os.File
	last  map[string]Entry
	fresh bool
}

// maxJournalLine bounds a line of a journal as it is read; maxEntryError bounds the
// error an entry keeps, so every line Record writes is far shorter.
const (
	maxJournalLine = 1 << 20
	maxEntryError  = 4 << 10
)

// OpenJournal opens (or starts) the journal at path and reads what it holds. A line
// cut short by a kill is skipped, and ended, so the entry written after it is a
// line of its own that the next open reads; a line longer than any Record writes is
// an error rather than the end of what is read (the entries after it are what
// keeps a rerun from sending twice).
func OpenJournal(path string) (*Journal, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	j := &Journal{path: path, last: map[string]Entry{}}
	cut := false
	if b, err := os.Open(path); err == nil {
		cut, err = readJournal(b, j.last)
		_ = b.Close()
		if err != nil {
			return nil, fmt.Errorf("journal %s: %w", path, err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("journal: %w", err)
	}
	j.fresh = len(j.last) == 0
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	if cut {
		if _, err := f.Write([]byte("\n")); err != nil {
			_ = f.Close()
			return nil, fmt.Errorf("journal: %w", err)
		}
	}
	j.file = f
	return j, nil
}

// readJournal puts the latest entry of each key of the lines of r in last, and
// reports whether the last line was cut (it does not end in a newline).
func readJournal(r io.Reader, last map[string]Entry) (cut bool, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxJournalLine)
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		advance, token, err := bufio.ScanLines(data, atEOF)
		if atEOF && advance > 0 && advance == len(data) && data[len(data)-1] != '\n' {
			cut = true
		}
		return advance, token, err
	})
	for sc.Scan() {
		var e Entry
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.Key != "" {
			last[e.Key] = e
		}
	}
	if err := sc.Err(); err != nil {
		return false, fmt.Errorf("reading it: %w", err)
	}
	return cut, nil
}

// Fresh reports whether the journal held nothing when opened: this is not a resume.
func (j *Journal) Fresh() bool { return j.fresh }

// Last is the latest entry of key; false when there is none.
func (j *Journal) Last(key string) (Entry, bool) {
	e, ok := j.last[key]
	return e, ok
}

// Record appends e and syncs it to the disk. A long error is kept in part.
func (j *Journal) Record(e Entry) error {
	if len(e.Error) > maxEntryError {
		e.Error = strings.ToValidUTF8(e.Error[:maxEntryError], "") + "…"
	}
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if _, err := j.file.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if err := j.file.Sync(); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	j.last[e.Key] = e
	return nil
}

// Close closes the file.
func (j *Journal) Close() error { return j.file.Close() }

// Remove closes the journal and deletes its file: the apply is over, every step
// landed, and a later run starts afresh.
func (j *Journal) Remove() error {
	_ = j.file.Close()
	if err := os.Remove(j.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}
