package serve

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

// Gate is one session's way to the pool: the command line hands its clients and
// indexes out through it (it is the Factory's Gate). It refuses a sub-account the
// person holds no grant on, makes the client read-only where the role only reads,
// and writes every write the session sends to the audit log.
type Gate struct {
	pool    *pool
	person  *Person
	key     string // the fingerprint of the key the person signed in with
	session string
	dataDir string // the server's data directory, for an admin's commands

	mu      sync.Mutex
	joined  map[string]bool
	stops   []func()
	finders map[string]func() string // how to learn a sub-account's name, by id
}

func newGate(p *pool, person *Person, key, session string) *Gate {
	return &Gate{pool: p, person: person, key: key, session: session, joined: map[string]bool{}, finders: map[string]func() string{}}
}

// Allows reports whether the person holds a grant on the sub-account.
func (g *Gate) Allows(location string) bool { return g.person.RoleOn(location) != RoleNone }

// Admin reports whether the person is one of the server's admins.
func (g *Gate) Admin() bool { return g.person.Admin() }

// DataDir is the server's data directory for an admin; "" for anyone else.
func (g *Gate) DataDir() string {
	if !g.person.Admin() {
		return ""
	}
	return g.dataDir
}

// RefuseWrites is the refusal of a write on the sub-account for a person who may only
// read there (client.ErrReadOnly: exit 2), or who holds no grant on it (the same
// refusal as for a read of it); nil when they may write.
func (g *Gate) RefuseWrites(location string) error {
	switch role := g.person.RoleOn(location); {
	case role.Writes():
		return nil
	case role == RoleNone:
		return g.notGranted(location)
	}
	return &roleError{msg: fmt.Sprintf("%s may only read sub-account %s on this server (role read): this command writes, so nothing was sent", g.person.Name, location)}
}

// roleError is a write refused by the person's role; it is client.ErrReadOnly.
type roleError struct{ msg string }

func (e *roleError) Error() string        { return e.msg }
func (e *roleError) Is(target error) bool { return target == client.ErrReadOnly }

// Client is the session's view of the shared client of cfg's account.
func (g *Gate) Client(cfg *config.Config, opts client.Options) (*client.Client, error) {
	loc := opts.LocationID
	role := g.person.RoleOn(loc)
	if loc == "" || role == RoleNone {
		return nil, g.notGranted(loc)
	}
	base, err := g.pool.client(accountKey(cfg, opts), opts)
	if err != nil {
		return nil, err
	}
	view := base.Share(opts.ReadOnly || !role.Writes(), g.grantedOnly)
	stop := view.Subscribe(g.auditor(loc))
	g.mu.Lock()
	g.stops = append(g.stops, stop)
	if !g.joined[loc] {
		g.joined[loc] = true
		g.pool.join(loc)
	}
	g.mu.Unlock()
	return view, nil
}

func (g *Gate) notGranted(loc string) error {
	if loc == "" {
		return fmt.Errorf("%w: over the team server every command names a sub-account granted to you: pass --location ID", client.ErrWrongLocation)
	}
	return fmt.Errorf("%w: sub-account %s was not granted to %s on this server", client.ErrWrongLocation, loc, g.person.Name)
}

// Index is the shared index of cfg's account, for a sub-account the person holds a
// grant on.
func (g *Gate) Index(cfg *config.Config, open func() (*index.Store, error)) (*index.Store, error) {
	if loc := cfg.Profile.LocationID; loc == "" || !g.Allows(loc) {
		return nil, g.notGranted(loc)
	}
	return g.pool.index(index.KeyOf(cfg.Profile.BaseURL, cfg.Profile.LocationID)+"\x00"+cfg.Profile.Name, open)
}

// LocationName gives the gate the way to the name of the sub-account with this id,
// for the audit log: find is called before the first write to it is sent (a
// session that only reads costs no request), and the server keeps the answer while
// it runs.
func (g *Gate) LocationName(location string, find func() string) {
	if location != "" && g.Allows(location) {
		g.mu.Lock()
		g.finders[location] = find
		g.mu.Unlock()
	}
}

// nameBeforeWrite learns the name of each sub-account a write names, where the
// server does not know it yet.
func (g *Gate) nameBeforeWrite(named map[string]string) {
	for loc := range named {
		g.mu.Lock()
		find := g.finders[loc]
		g.mu.Unlock()
		if find != nil {
			g.pool.lookUpName(loc, find)
		}
	}
}

// Holder names the session for a lock it holds: the person and the session.
func (g *Gate) Holder() string { return g.person.Name + " (session " + g.session + ")" }

// Sharing is how many sessions use the sub-account now.
func (g *Gate) Sharing(location string) int { return g.pool.sharing(location) }

// Close unsubscribes the session's auditors and counts it off its sub-accounts.
func (g *Gate) Close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, stop := range g.stops {
		stop()
	}
	for loc := range g.joined {
		g.pool.leave(loc)
	}
	g.stops, g.joined = nil, map[string]bool{}
}

// auditor writes the session's writes on loc to the audit log, each with the name
// the sub-account is known by when it is written (it is looked up once the client
// that reads it is open).
func (g *Gate) auditor(loc string) func(client.Event) {
	who := auditlog.Who{Person: g.person.Name, Key: g.key, Session: g.session}
	return func(ev client.Event) {
		auditlog.Recorder(g.pool.audit, who, auditlog.Place{ID: loc, Name: g.pool.known(loc)})(ev)
	}
}

// sessionName names the nth session of the server started at Unix time started, for
// the audit log and the server's log: apart from every other start's.
func sessionName(started int64, n uint64) string {
	return strconv.FormatInt(started, 36) + "-" + strconv.FormatUint(n, 10)
}
