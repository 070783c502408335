package redirects

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
)

// redirectsLockWait is how long an apply waits for another run's apply on the same
// location to end before it gives up.
const redirectsLockWait = 2 * time.Minute

// lockHolder is what the lock file of a location's redirects says of who holds it.
type lockHolder struct {
	Who   string    `json:"who"`
	What  string    `json:"what"`
	Since time.Time `json:"since"`
}

// lockRedirectsFor takes the lock of the location's redirects on this machine for an
// apply (what: "import of moving.csv") of a plan made from current — every run of
// this machine's state directory, every session of a team server started from it —
// so that two imports or restores never send at once and undo each other. While
// another run holds it, it says who and waits, up to redirectsLockWait. Once it holds
// it, it reads the location's redirects again: if they are no longer those the plan
// was made from (another apply landed meanwhile), nothing is sent.
func lockRedirectsFor(ctx context.Context, f *cmdutil.Factory, c *client.Client, cfg *config.Config, what string, current []client.Redirect) (func(), error) {
	store, err := f.Store()
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte(cfg.Profile.BaseURL + " " + c.LocationID()))
	dir := filepath.Join(store.Dir(), "locks")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("the location's lock: %w", err))
	}
	path := filepath.Join(dir, "redirects-"+c.LocationID()+"-"+hex.EncodeToString(sum[:4])+".lock")
	unlock, err := waitForLock(ctx, f, path, c.LocationID())
	if err != nil {
		return nil, err
	}
	who := "local:" + f.LocalUser()
	if h, ok := f.Gate.(interface{ Holder() string }); ok {
		who = h.Holder()
	}
	info, _ := json.Marshal(lockHolder{Who: who, What: what, Since: time.Now().UTC()})
	_ = os.WriteFile(path+".who", info, 0o600) // only what a waiter is told
	release := func() {
		_ = os.Remove(path + ".who")
		unlock()
	}
	now, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
	if err != nil {
		release()
		return nil, fmt.Errorf("reading the location's redirects again before sending: %w", err)
	}
	if !sameRedirects(now, current) {
		release()
		return nil, cmdutil.WithExitCode(cmdutil.ExitAPI, errors.New("the location's redirects changed since this plan was made (another run changed them): nothing was sent; run the same command again to see the plan as it is now"))
	}
	return release, nil
}

// waitForLock takes the lock file at path: at once, or after saying who holds it
// and waiting for them.
func waitForLock(ctx context.Context, f *cmdutil.Factory, path, location string) (unlock func(), err error) {
	quick, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	unlock, err = auth.LockFile(quick, path)
	cancel()
	if err == nil {
		return unlock, nil
	}
	holder := "another run"
	var h lockHolder
	if data, rerr := os.ReadFile(path + ".who"); rerr == nil && json.Unmarshal(data, &h) == nil && h.Who != "" {
		holder = fmt.Sprintf("%s's %s (since %s)", h.Who, h.What, h.Since.Local().Format("15:04:05"))
	}
	f.Notice("Waiting for %s on sub-account %s to end: one apply at a time sends to a location's redirects.", holder, location)
	wait, cancel := context.WithTimeout(ctx, redirectsLockWait)
	defer cancel()
	if unlock, err = auth.LockFile(wait, path); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("sub-account %s is still held by %s after %v: nothing was sent; try again when it ends", location, holder, redirectsLockWait))
	}
	return unlock, nil
}

// sameRedirects reports whether a and b hold the same redirects, in any order.
func sameRedirects(a, b []client.Redirect) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(r client.Redirect) string {
		return strings.Join([]string{r.ID, strings.ToLower(r.Domain), r.Path, r.Target, r.Action, r.Type}, "\x00")
	}
	ka, kb := make([]string, len(a)), make([]string, len(b))
	for i := range a {
		ka[i], kb[i] = key(a[i]), key(b[i])
	}
	slices.Sort(ka)
	slices.Sort(kb)
	return slices.Equal(ka, kb)
}
