package auditlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/funnelsdev/funnels/config/atomicfile"
)

// Entry is one line of the audit log: a write as it left (Phase "sending") and as it
// ended (Phase "sent", with its status and the service's trace id), by whom, where.
// Request pairs the two lines of one write within a session. Both carry the body
// sent, bounded; the "sending" line the record the write changes as it was (Before),
// where the sender held it; the "sent" line the record as the service answered it
// (After). None holds a secret: the values of secret-named fields and parameters,
// and secret-looking values, are hidden (redact.go).
type Entry struct {
	Time         time.Time       `json:"time"`
	Phase        string          `json:"phase"`
	Person       string          `json:"person"`
	Key          string          `json:"key"` // the SHA256 fingerprint of the key signed in with
	Session      string          `json:"session"`
	Request      uint64          `json:"request"`
	Location     string          `json:"location"`
	LocationName string          `json:"locationName,omitempty"` // where the server knows it (the agency listing, the locations API)
	Method       string          `json:"method"`
	Path         string          `json:"path"`             // with its query, secrets hidden
	Body         json.RawMessage `json:"body,omitempty"`   // what was sent, secrets taken out
	Before       json.RawMessage `json:"before,omitempty"` // the record as it was, secrets taken out
	After        json.RawMessage `json:"after,omitempty"`  // the record as answered (2xx), secrets taken out
	Status       int             `json:"status,omitempty"`
	TraceID      string          `json:"traceId,omitempty"`
	Error        string          `json:"error,omitempty"`
}

// The phases of a write.
const (
	PhaseSending = "sending"
	PhaseSent    = "sent"
)

// Log is the append-only audit log of the data directory: one JSON object a line,
// each line written whole in one write and synced before the write it records goes
// on, so a kill at any moment leaves at most a last line without its newline, which
// Read leaves out.
type Log struct {
	mu   sync.Mutex
	path string
}

// auditFile is the audit log's file in the team server's data directory.
const auditFile = "audit.jsonl"

// Open is the audit log of the data directory.
func Open(dir string) *Log { return &Log{path: filepath.Join(dir, auditFile)} }

// Append writes e as one line and syncs it.
func (a *Log) Append(e Entry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	line = append(line, '\n')
	a.mu.Lock()
	defer a.mu.Unlock()
	f, err := os.OpenFile(a.path, os.O_CREATE|os.O_RDWR|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	if err := a.endTorn(f); err != nil {
		_ = f.Close()
		return err
	}
	_, err = f.Write(line)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	return nil
}

// endTorn ends a line a kill left without its newline, so the next entry starts a
// line of its own (the torn one stays unreadable and is skipped).
func (a *Log) endTorn(f *os.File) error {
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return err
	}
	last := make([]byte, 1)
	if _, err := f.ReadAt(last, st.Size()-1); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	if last[0] != '\n' {
		_, err = f.Write([]byte{'\n'})
	}
	return err
}

// Read is every whole entry of the log, oldest first; a line that does not parse (a
// torn one) is left out.
func (a *Log) Read() ([]Entry, error) {
	data, err := os.ReadFile(a.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	var out []Entry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		var e Entry
		if json.Unmarshal(sc.Bytes(), &e) == nil && !e.Time.IsZero() {
			out = append(out, e)
		}
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("audit: %w", err)
	}
	return out, nil
}

// Prune keeps the entries of the last keep, rewriting the log in one step; 0 keeps
// everything.
func (a *Log) Prune(keep time.Duration, now time.Time) (removed int, err error) {
	if keep <= 0 {
		return 0, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	all, err := a.Read()
	if err != nil || len(all) == 0 {
		return 0, err
	}
	var b bytes.Buffer
	for _, e := range all {
		if now.Sub(e.Time) > keep {
			removed++
			continue
		}
		line, _ := json.Marshal(e)
		b.Write(line)
		b.WriteByte('\n')
	}
	if removed == 0 {
		return 0, nil
	}
	return removed, atomicfile.Write(a.path, b.Bytes(), 0o600)
}
