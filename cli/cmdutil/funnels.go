package cmdutil

import (
	"context"
	"fmt"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// errNoFunnel is a funnel id the location does not have (exit 1: the API's answer).
type errNoFunnel struct{ id, location string }

func (e *errNoFunnel) Error() string {
	return fmt.Sprintf("no funnel with id %s in location %s", QuoteInput(e.id), termtext.Line(e.location))
}

// FindFunnel is LookupFunnel with a funnel the location does not have as an error.
func FindFunnel(ctx context.Context, s *Session, id string, live bool) (index.FunnelLookup, error) {
	l, err := LookupFunnel(ctx, s, id, live)
	if err == nil && l.Funnel == nil {
		err = WithExitCode(ExitAPI, &errNoFunnel{id: id, location: s.Client.LocationID()})
	}
	return l, err
}

// LookupFunnel finds a funnel with its steps by id (the API has no read of one
// funnel): from the session's local index with no request unless live, else from the
// funnel list, what it answered kept in the index (index.LookupFunnel). A funnel the
// location does not have has a nil Funnel. An index that cannot be opened (held by
// another process, damaged) only costs the requests.
func LookupFunnel(ctx context.Context, s *Session, id string, live bool) (index.FunnelLookup, error) {
	var store *index.Store
	if s.IndexOpener != nil && s.Client.LocationID() != "" {
		if st, err := s.OpenIndex(); err == nil {
			defer st.Close()
			store = st
		}
	}
	return index.LookupFunnel(ctx, s.Client, store, id, live)
}
