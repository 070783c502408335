package auditlog

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config/atomicfile"
)

// Who sent a write: the person (or "local:USER" for a run on the server's machine),
// the fingerprint of their key ("" for a local run) and their session.
type Who struct {
	Person, Key, Session string
}

// Place is the sub-account a client writes to: its id, and its name where known.
type Place struct {
	ID, Name string
}

// Recorder is a client subscriber that writes every write on the sub-account to
// the audit log: a line as it leaves (with its body and the record before, where the
// sender gave it), another when it ended (with the record the service answered, for
// a 2xx), each without its secrets (auditBody, redactPath). It
// runs on the request's goroutine, so the first line is synced before the request
// is sent. A log that cannot be written does not stop the write: the person's
// request is theirs.
func Recorder(a *Log, who Who, where Place) func(client.Event) {
	return func(ev client.Event) {
		var e Entry
		switch t := ev.(type) {
		case client.RequestStarted:
			if !client.Writes(t.Method, pathOf(t.Path)) {
				return
			}
			e = Entry{Phase: PhaseSending, Request: t.ID, Method: t.Method, Path: redactPath(t.Path), Body: auditBody(t.Body),
				Before: withoutSecrets(t.Prior)}
		case client.RequestFinished:
			r := t.Record
			if !client.Writes(r.Method, pathOf(r.Path)) {
				return
			}
			e = Entry{Phase: PhaseSent, Request: r.ID, Method: r.Method, Path: redactPath(r.Path), Body: auditBody(r.Body),
				Status: r.Status, TraceID: r.TraceID, Error: redactText(r.Err)}
			if r.Status >= 200 && r.Status < 300 {
				e.After = withoutSecrets(r.Answer)
			}
		default:
			return
		}
		e.Time, e.Person, e.Key, e.Session = time.Now().UTC(), who.Person, who.Key, who.Session
		e.Location, e.LocationName = where.ID, where.Name
		_ = a.Append(e)
	}
}

// servedFile, in the operator's state directory, names the data directory of the
// team server run from it, so local runs there write to its audit log too.
const servedFile = "serve-data"

// MarkServed records, in the operator's state directory, that dataDir is the team
// server's data directory of this machine.
func MarkServed(stateDir, dataDir string) error {
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return fmt.Errorf("data directory: %w", err)
	}
	if err := os.MkdirAll(stateDir, 0o700); err != nil {
		return fmt.Errorf("state directory: %w", err)
	}
	return atomicfile.Write(filepath.Join(stateDir, servedFile), []byte(abs+"\n"), 0o600)
}

// Served is the audit log of the team server run from this state directory,
// or nil when none was.
func Served(stateDir string) *Log {
	data, err := os.ReadFile(filepath.Join(stateDir, servedFile))
	if err != nil {
		return nil // none, or one this user cannot read: a local run goes on unaudited
	}
	dir := strings.TrimSpace(string(data))
	if dir == "" {
		return nil
	}
	return Open(dir)
}

// pathOf is a request's path without its query.
func pathOf(pathAndQuery string) string {
	if u, err := url.Parse(pathAndQuery); err == nil {
		return u.Path
	}
	return pathAndQuery
}
