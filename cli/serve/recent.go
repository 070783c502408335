package serve

import (
	"context"
	"slices"

	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/ui"
)

// changeLog is the audit log as an admin's browser reads it.
type changeLog struct{ audit *auditlog.Log }

// Recent is at most limit writes of the log, newest first.
func (l changeLog) Recent(ctx context.Context, limit int) ([]ui.PersonChange, error) {
	all, err := l.audit.Read()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	writes := auditlog.Writes(all)
	writes = writes[max(0, len(writes)-limit):]
	out := make([]ui.PersonChange, 0, len(writes))
	for _, e := range slices.Backward(writes) {
		out = append(out, ui.PersonChange{
			Time: e.Time, Person: e.Person, Key: e.Key, Session: e.Session, Location: e.Location, LocationName: e.LocationName,
			Method: e.Method, Path: e.Path, Status: auditlog.StatusText(e), TraceID: e.TraceID, Error: e.Error,
			Body: e.Body, Before: e.Before, After: e.After,
		})
	}
	return out, nil
}
