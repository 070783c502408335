package clitest

import (
	"fmt"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

// Gate is a person of a team server in tests, as the server's gate tells the command
// line: their role on each sub-account granted ("read" or "write"), whether they are
// an admin, and the server's data directory.
type Gate struct {
	Roles   map[string]string
	IsAdmin bool
	Dir     string
}

// Reader is a person who may read the sub-account location.
func Reader(location string) *Gate { return &Gate{Roles: map[string]string{location: "read"}} }

func (g *Gate) Client(_ *config.Config, opts client.Options) (*client.Client, error) {
	if !g.Allows(opts.LocationID) {
		return nil, fmt.Errorf("%w: sub-account %s was not granted", client.ErrWrongLocation, opts.LocationID)
	}
	opts.ReadOnly = opts.ReadOnly || g.Roles[opts.LocationID] != "write"
	return client.New(opts)
}

func (g *Gate) Index(cfg *config.Config, open func() (*index.Store, error)) (*index.Store, error) {
	if !g.Allows(cfg.Profile.LocationID) {
		return nil, fmt.Errorf("%w: sub-account %s was not granted", client.ErrWrongLocation, cfg.Profile.LocationID)
	}
	return open()
}

func (g *Gate) Allows(location string) bool { _, ok := g.Roles[location]; return ok }

func (g *Gate) RefuseWrites(location string) error {
	switch g.Roles[location] {
	case "write":
		return nil
	case "":
		return fmt.Errorf("%w: sub-account %s was not granted", client.ErrWrongLocation, location)
	}
	return fmt.Errorf("%w: this person may only read sub-account %q", client.ErrReadOnly, location)
}

func (g *Gate) LocationName(string, func() string) {}

func (g *Gate) Admin() bool { return g.IsAdmin }

func (g *Gate) DataDir() string {
	if !g.IsAdmin {
		return ""
	}
	return g.Dir
}
