package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"
	"github.com/funnelsdev/funnels/cli/auditlog"
)

// Settings are the server's: where it listens, its data directory, and its limits.
type Settings struct {
	Addr string
	Dir  string
	// IdleTimeout ends a connection nothing came through for this long (0: never).
	IdleTimeout time.Duration
	// MaxSessions bounds the sessions open at once; MaxPerPerson those of one person.
	MaxSessions, MaxPerPerson int
	// AuditKeep is how long the audit log keeps an entry (0: for ever); older ones
	// are pruned at start and once a day.
	AuditKeep time.Duration
	// Log is where the server says who came and went (never a token).
	Log io.Writer
	// Getenv is the environment sessions start from: the operator's, with the
	// serve command's own settings over it (nil: the process's).
	Getenv func(string) string
}

// Server is the team server: ssh on Settings.Addr for the people of the data
// directory, each session run by the command line through Runner.
type Server struct {
	set    Settings
	runner Runner
	pool   *pool
	audit  *auditlog.Log
	ssh    *ssh.Server
	ln     net.Listener

	// Fingerprint is the host key's SHA256 fingerprint.
	Fingerprint string

	started  int64 // the start's Unix time, naming its sessions apart from another start's
	seq      atomic.Uint64
	mu       sync.Mutex
	open     int
	byPerson map[string]int
	live     map[uint64]context.CancelFunc // each open session's end, by its number
	stopping error                         // why the server stops; nil while it serves
}

// personKey holds the signed-in person in an ssh connection's context.
type personKey struct{}

// New makes the server: the data directory and host key (made the first time), the
// audit log pruned, a listener on the address. Serve answers on it.
func New(set Settings, runner Runner) (*Server, error) {
	if err := ensureDir(set.Dir); err != nil {
		return nil, err
	}
	pemText, fp, err := hostKey(set.Dir)
	if err != nil {
		return nil, err
	}
	if set.Log == nil {
		set.Log = io.Discard
	}
	if set.Getenv == nil {
		set.Getenv = os.Getenv
	}
	s := &Server{set: set, runner: runner, audit: auditlog.Open(set.Dir), Fingerprint: fp, byPerson: map[string]int{},
		live: map[uint64]context.CancelFunc{}, started: time.Now().Unix()}
	s.pool = newPool(s.audit)
	if _, err := s.audit.Prune(set.AuditKeep, time.Now()); err != nil {
		return nil, err
	}
	s.ssh, err = wish.NewServer(
		wish.WithHostKeyPEM(pemText),
		wish.WithPublicKeyAuth(s.allow),
		wish.WithIdleTimeout(set.IdleTimeout),
		wish.WithMiddleware(func(ssh.Handler) ssh.Handler { return s.handle }),
	)
	if err != nil {
		return nil, fmt.Errorf("ssh server: %w", err)
	}
	if s.ln, err = net.Listen("tcp", set.Addr); err != nil {
		return nil, fmt.Errorf("listen on %s: %w", set.Addr, err)
	}
	return s, nil
}

// Addr is the address the server listens on.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Serve answers connections until ctx ends, then ends every session, each told why
// (ctx's cause, such as the signal that stopped the server), within a second.
func (s *Server) Serve(ctx context.Context) error {
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		select {
		case <-ctx.Done():
			s.stop(context.Cause(ctx))
		case <-done:
		}
	}()
	go s.pruneDaily(ctx)
	err := s.ssh.Serve(s.ln)
	close(done)
	<-stopped
	s.pool.closeWithin(indexCloseWait)
	if errors.Is(err, ssh.ErrServerClosed) {
		fmt.Fprintln(s.set.Log, "funnels serve: stopped")
		return nil
	}
	return err
}

// pruneDaily prunes the audit log once a day while the server runs.
func (s *Server) pruneDaily(ctx context.Context) {
	t := time.NewTicker(24 * time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if _, err := s.audit.Prune(s.set.AuditKeep, now); err != nil {
				fmt.Fprintf(s.set.Log, "funnels serve: %v\n", err)
			}
		}
	}
}

// allow admits a key of a person of the people file, read again at each sign-in so
// `funnels serve user` takes effect at once; any other key is refused before a
// session starts.
func (s *Server) allow(ctx ssh.Context, key ssh.PublicKey) bool {
	people, err := LoadPeople(s.set.Dir)
	if err != nil {
		fmt.Fprintf(s.set.Log, "funnels serve: %v\n", err)
		return false
	}
	p := people.ByKey(key)
	if p == nil {
		fmt.Fprintf(s.set.Log, "funnels serve: refused key %s from %s\n", Fingerprint(key), ctx.RemoteAddr())
		return false
	}
	ctx.SetValue(personKey{}, p)
	return true
}

// enter counts a session of p in, or says which limit it would pass (or that the
// server is stopping).
func (s *Server) enter(p *Person) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.stopping != nil:
		return fmt.Errorf("the team server is stopping (%v); connect again once it is back", s.stopping)
	case s.set.MaxSessions > 0 && s.open >= s.set.MaxSessions:
		return fmt.Errorf("the server has its %d sessions open; try again when one ends", s.set.MaxSessions)
	case s.set.MaxPerPerson > 0 && s.byPerson[p.Name] >= s.set.MaxPerPerson:
		return fmt.Errorf("%s has %d sessions open, the most one person may; end one first", p.Name, s.set.MaxPerPerson)
	}
	s.open++
	s.byPerson[p.Name]++
	return nil
}

func (s *Server) exit(p *Person) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.open--
	if s.byPerson[p.Name]--; s.byPerson[p.Name] <= 0 {
		delete(s.byPerson, p.Name)
	}
}
