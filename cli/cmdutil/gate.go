package cmdutil

import (
	"errors"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

// Gate stands between a run and the accounts of this machine when the run is not
// the machine owner's own: the team server sets one on the Factory of each ssh
// session. It hands out clients and indexes shared by every session of the server
// (one rate-limit budget and one index per sub-account) and refuses what the person
// was not granted.
type Gate interface {
	// Client is the client of cfg's account for this run, built from opts (the
	// options a run alone would use) or shared with the other sessions; it is
	// read-only where the person may only read, and an error for a sub-account the
	// person was not granted.
	Client(cfg *config.Config, opts client.Options) (*client.Client, error)
	// Index is the local index of cfg's account, opened by open the first time any
	// session asks and shared after that.
	Index(cfg *config.Config, open func() (*index.Store, error)) (*index.Store, error)
	// Allows reports whether the person may open the sub-account with this id.
	Allows(location string) bool
	// RefuseWrites is why the person may not write on the sub-account with this id
	// ("" for the run's default), an error that is client.ErrReadOnly; nil when they
	// may.
	RefuseWrites(location string) error
	// LocationName gives the gate, for its audit log, the way to the name of the
	// sub-account with this id: find looks it up (it may send a request), and the
	// gate calls it only when it needs the name and knows none.
	LocationName(location string, find func() string)
	// Admin reports whether the person is one of the server's admins (admin on every
	// sub-account): the commands offered to admins only are theirs.
	Admin() bool
	// DataDir is the server's data directory (people, audit log) for an admin's
	// command; "" for anyone else.
	DataDir() string
}

// newClient is client.New, or the gate's client when the run has one.
func (f *Factory) newClient(cfg *config.Config, opts client.Options) (*client.Client, error) {
	if f.Gate != nil {
		return f.Gate.Client(cfg, opts)
	}
	return client.New(opts)
}

// gateError is how a client that could not be made is reported: a refusal of the
// gate keeps its own exit code (a sub-account not granted is client.ErrWrongLocation:
// 3), anything else is a setting no client takes (2).
func gateError(err error) error {
	if errors.Is(err, client.ErrWrongLocation) {
		return err
	}
	return Usagef("%w", err)
}

// DataDir is the team server's data directory a command of the server's (audit,
// serve user) works on: in a session the gate's, for an admin only; otherwise the
// --data the command was given.
func DataDir(f *Factory, given string) (string, error) {
	if f.Gate != nil {
		if dir := f.Gate.DataDir(); dir != "" {
			return dir, nil
		}
		return "", Usagef("this is for the server's admins (admin on every sub-account)")
	}
	if given == "" {
		return "", SyntaxError("--data DIR is required: the server's data directory (host key, people, audit log)")
	}
	return given, nil
}
