package cmdutil

import (
	"cmp"
	"context"
	"os"
	osuser "os/user"
	"strconv"

	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/client"
)

// auditLocal makes a local run on the machine of a team server (one started from
// the same state directory) write its writes to the server's audit log too, as
// "local:USER" ($USER, else the OS account): the log then holds every write sent with the server's sign-ins. A
// session of the server is audited by its gate instead.
func (f *Factory) auditLocal(stateDir string, c *client.Client) {
	if f.Gate != nil {
		return
	}
	a := auditlog.Served(stateDir)
	if a == nil {
		return
	}
	// Unsubscribed when the process ends: a client lives as long as the run.
	c.Subscribe(auditlog.Recorder(a, auditlog.Who{Person: "local:" + f.LocalUser(), Session: "local-" + strconv.Itoa(os.Getpid())}, auditlog.Place{ID: c.LocationID()}))
}

// LocalUser names the person of a local run: $USER, else $LOGNAME, else the OS
// account.
func (f *Factory) LocalUser() string {
	return cmp.Or(f.Getenv("USER"), f.Getenv("LOGNAME"), osAccount())
}

// osAccount is the OS account running funnels, by name where the system has one for
// it, else by number: what names a local run without $USER (cron, a service unit).
func osAccount() string {
	if u, err := osuser.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	return "uid-" + strconv.Itoa(os.Getuid())
}

// Audited reports whether the writes of sess go to a team server's audit log: a
// session of the server, or a local run on its machine.
func (f *Factory) Audited(sess *Session) bool {
	return f.Gate != nil || sess.Store != nil && auditlog.Served(sess.Store.Dir()) != nil
}

// WithPriorRedirect is ctx whose write carries r, as read from the list, for the
// audit log's record before; ctx itself for no record.
func WithPriorRedirect(ctx context.Context, r *client.Redirect) context.Context {
	if r == nil {
		return ctx
	}
	if len(r.Raw) > 0 {
		return client.WithPrior(ctx, r.Raw)
	}
	return client.WithPrior(ctx, r)
}
