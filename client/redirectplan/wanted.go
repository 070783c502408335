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
// domains the rows name (attached to the location?) and the steps served on them (a
// live step's address shadowed?). It returns the plan and the redirects it was made
// from, which Apply saves as a version.
func Prepare(ctx context.Context, c *client.Client, w Wanted) (Plan, []client.Redirect, error) {
	current, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
	if err != nil {
		return Plan{}, nil, fmt.Errorf("reading the location's redirects: %w", err)
	}
	sv, err := survey(ctx, c, w.Rows, current)
	if err != nil {
		return Plan{}, nil, err
	}
	return Build(w.Rows, current, Options{Prune: w.Prune, Attached: sv.attached, Live: sv.live, LiveKnown: sv.liveKnown}), current, nil
}

// surveyed is what the location holds on the domains an import names.
type surveyed struct {
	attached  map[string]bool // nil: unknown
	live      []LiveStep
	liveKnown bool
}

// survey asks, once per domain the rows name, whether it is attached to the location
// and which steps it serves (the funnel-by-domain route). The domains the location's
// redirects use are attached. Where that route cannot answer, the domains not known
// so are not checked (attached is nil) and the steps come from the funnel list,
// placed by the domain each funnel names; liveKnown is false when a funnel on a
// domain does not name it. Only an interrupt is an error: any other failure
// leaves a check undone, and the plan says so.
func survey(ctx context.Context, c *client.Client, rows []Row, current []client.Redirect) (surveyed, error) {
	sv := surveyed{attached: map[string]bool{}, liveKnown: true}
	for _, r := range current {
		sv.attached[strings.ToLower(r.Domain)] = true
	}
	asked := map[string]bool{}
	refused := false
	for _, r := range rows {
		host, err := validate.HostName(r.Domain)
		if err != nil || asked[host] || r.Refusal != "" {
			continue // a host that is not valid is refused by its own check
		}
		asked[host] = true
		if refused {
			if _, known := sv.attached[host]; !known {
				sv.attached = nil
			}
			continue
		}
		found, _, err := c.FunnelWithDomain(ctx, host)
		switch {
		case err == nil:
			if sv.attached != nil {
				sv.attached[host] = true
			}
			sv.live = append(sv.live, LiveStepsOf(found.Funnels, host)...)
		case errors.Is(err, client.ErrNotFound) && !errors.Is(err, client.ErrRouteMissing):
			if sv.attached != nil {
				sv.attached[host] = false
			}
		case ctx.Err() != nil:
			return surveyed{}, fmt.Errorf("asking about the domain %s: %w", host, err)
		default:
			refused = true
			if _, known := sv.attached[host]; !known {
				sv.attached = nil
			}
		}
	}
	if refused {
		sv.live, sv.liveKnown = liveFromFunnelList(ctx, c)
	}
	return sv, nil
}

// liveFromFunnelList places the steps of every funnel of the location by the domain
// the funnel names; known is false when the list cannot be read or a funnel on a
// domain does not name it.
func liveFromFunnelList(ctx context.Context, c *client.Client) (live []LiveStep, known bool) {
	funnels, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
	if err != nil {
		return nil, false
	}
	known = true
	for _, f := range funnels {
		if f.DomainID != "" && f.DomainName == "" {
			known = false
		}
	}
	return LiveStepsOf(funnels, ""), known
}
