package cmdutil

import (
	"context"
	"errors"
	"fmt"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// errNoFunnel is a funnel id the location does not have (exit 1: the API's answer).
type errNoFunnel struct{ id, location string }

func (e *errNoFunnel) Error() string {
	return fmt.Sprintf("no funnel with id %s in location %s", QuoteInput(e.id), termtext.Line(e.location))
}

// FindFunnel finds a funnel by id in the location's list (the API has no read of one
// funnel).
func FindFunnel(ctx context.Context, c *client.Client, id string) (*client.Funnel, error) {
	fu, err := LookupFunnel(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if fu == nil {
		return nil, WithExitCode(ExitAPI, &errNoFunnel{id: id, location: c.LocationID()})
	}
	return fu, nil
}

// LookupFunnel is findFunnel with nil for a funnel that is not there. A listing
// stopped early (a server that never ends it) is an error only when id is not among
// what was read.
func LookupFunnel(ctx context.Context, c *client.Client, id string) (*client.Funnel, error) {
	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 100)
	if err != nil && !errors.Is(err, client.ErrIncompleteList) {
		return nil, err
	}
	for i := range all {
		if all[i].ID == id {
			return &all[i], nil
		}
	}
	return nil, err
}
