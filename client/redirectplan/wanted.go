package redirectplan

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// Wanted is what an apply makes the location's redirects: the rows of a file or of a
// saved version, whether the others are deleted, the name of its journal and what
// it is in words (for the version saved before it).
type Wanted struct {
	Rows        []Row
	Prune       bool
	Fingerprint string
	What        string // "import of moving.csv", "restore of version 3"
}

// ImportOf is the import of rows read from the file name.
func ImportOf(rows []Row, prune bool, name string) Wanted {
	return Wanted{Rows: rows, Prune: prune, Fingerprint: Fingerprint("import", rows, prune), What: "import of " + name}
}

// RestoreOf is the restore of version v: every redirect it holds, the others deleted.
// Its rows are made again without their old ids.
func RestoreOf(v Version) Wanted {
	rows := make([]Row, len(v.Rows))
	for i, r := range v.Rows {
		r.ID, r.Where = "", fmt.Sprintf("version %d", v.Number)
		rows[i] = r
	}
	return Wanted{Rows: rows, Prune: true, Fingerprint: Fingerprint("restore", rows, true),
		What: fmt.Sprintf("restore of version %d", v.Number)}
}

// Prepare reads the location's redirects and plans w against them, checking the
// domains the rows name (Attached). It returns the plan and the redirects it was
// made from, which Apply saves as a version.
func Prepare(ctx context.Context, c *client.Client, w Wanted) (Plan, []client.Redirect, error) {
	current, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
	if err != nil {
		return Plan{}, nil, fmt.Errorf("reading the location's redirects: %w", err)
	}
	attached := Attached(ctx, c, w.Rows, current)
	return Build(w.Rows, current, Options{Prune: w.Prune, Attached: attached}), current, nil
}

// Attached are the domains of rows attached to the location: those its redirects
// use, and each other one asked about once (the funnel-by-domain route). Nil when
// that route cannot answer: the domains are then not checked, and said to be.
func Attached(ctx context.Context, c *client.Client, rows []Row, current []client.Redirect) map[string]bool {
	known := map[string]bool{}
	for _, r := range current {
		known[strings.ToLower(r.Domain)] = true
	}
	asked := map[string]bool{}
	for _, r := range rows {
		host, err := validate.HostName(r.Domain)
		if err != nil || known[host] || asked[host] {
			continue // a host that is not valid is refused by its own check
		}
		asked[host] = true
		_, _, err = c.FunnelWithDomain(ctx, host)
		switch {
		case err == nil:
			known[host] = true
		case errors.Is(err, client.ErrNotFound) && !errors.Is(err, client.ErrRouteMissing):
			known[host] = false
		default:
			return nil
		}
	}
	return known
}
