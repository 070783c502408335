package serve

import (
	"context"
	"slices"
	"strconv"

	"github.com/funnelsdev/funnels/ui"
)

// Writes is one entry per write, oldest first: its "sent" entry, carrying the record
// before from its "sending" one, or its "sending" entry when it never ended.
func Writes(entries []Entry) []Entry {
	type id struct {
		session string
		request uint64
	}
	sent := map[id]int{}
	for i, e := range entries {
		if e.Phase == PhaseSent {
			sent[id{e.Session, e.Request}] = i
		}
	}
	var rows []Entry
	for _, e := range entries {
		i, ended := sent[id{e.Session, e.Request}]
		switch {
		case e.Phase == PhaseSent:
			rows = append(rows, e)
		case !ended:
			rows = append(rows, e)
		case entries[i].Before == nil:
			entries[i].Before = e.Before
		}
	}
	return rows
}

// StatusText is a write's status: the code, "failed" for no answer, "unknown" for a
// write never seen to end.
func StatusText(e Entry) string {
	switch {
	case e.Phase != PhaseSent:
		return "unknown"
	case e.Status == 0:
		return "failed"
	}
	return strconv.Itoa(e.Status)
}

// changeLog is the audit log as an admin's browser reads it.
type changeLog struct{ audit *Audit }

// Recent is at most limit writes of the log, newest first.
func (l changeLog) Recent(ctx context.Context, limit int) ([]ui.PersonChange, error) {
	all, err := l.audit.Read()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	writes := Writes(all)
	writes = writes[max(0, len(writes)-limit):]
	out := make([]ui.PersonChange, 0, len(writes))
	for _, e := range slices.Backward(writes) {
		out = append(out, ui.PersonChange{
			Time: e.Time, Person: e.Person, Key: e.Key, Session: e.Session, Location: e.Location, LocationName: e.LocationName,
			Method: e.Method, Path: e.Path, Status: StatusText(e), TraceID: e.TraceID, Error: e.Error,
			Body: e.Body, Before: e.Before, After: e.After,
		})
	}
	return out, nil
}
