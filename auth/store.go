package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/adrg/xdg"
	"golang.org/x/time/rate"

	"github.com/funnelsdev/funnels/config"
)

// Store keeps one token file per profile in a private directory:
// <dir>/<profile>.json (0600) beside <profile>.lock, in a 0700 directory. Writes go to a
// temp file (.<profile>.NNN.tmp, 0600) that is synced and renamed over the old one, so a
// reader sees the old token or the new one, never half of either. A process killed
// between the two leaves the temp file; the next Source, or the next write under the
// profile's lock, removes it.
//
// A Store also carries what refreshes of one profile share inside this process: a
// mutex (single flight) and the rate limit. Use one Store per process.
type Store struct {
	dir      string
	lockWait time.Duration

	mu       sync.Mutex
	profiles map[string]*profileState
}

// profileState is shared by every token source of one profile in this process.
type profileState struct {
	mu      sync.Mutex    // held for the whole read–refresh–write: one refresh at a time
	limiter *rate.Limiter // burst 2 + 3 per minute: never more than 5 refreshes in any minute
}

// NewStore keeps tokens in dir (created on the first save).
func NewStore(dir string) *Store {
	return &Store{dir: dir, lockWait: 30 * time.Second, profiles: map[string]*profileState{}}
}

// DefaultStore keeps tokens in $XDG_STATE_HOME/funnels, the variable read through
// getenv; unset or relative, adrg/xdg's default (~/.local/state) is used.
func DefaultStore(getenv func(string) string) (*Store, error) {
	base := getenv("XDG_STATE_HOME")
	if base == "" || !filepath.IsAbs(base) {
		base = xdg.StateHome
	}
	if base == "" || !filepath.IsAbs(base) {
		return nil, errors.New("no state directory: set XDG_STATE_HOME or HOME")
	}
	return NewStore(filepath.Join(base, "funnels")), nil
}

// Dir is the directory holding the token files.
func (s *Store) Dir() string { return s.dir }

// Path is the token file of a profile.
func (s *Store) Path(profile string) string { return filepath.Join(s.dir, profile+".json") }

// AccessPath is where the API client keeps what it learned of the routes a profile's
// sign-in may use (client.AccessFile). A new sign-in (Save) and a logout (Delete)
// remove it: what one token could reach says nothing of the next.
func (s *Store) AccessPath(profile string) string {
	return filepath.Join(s.dir, profile+".access.json")
}

// forgetAccess removes the profile's access record; the caller holds the lock.
func (s *Store) forgetAccess(profile string) error {
	if err := os.Remove(s.AccessPath(profile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing the access record: %w", err)
	}
	return nil
}

func (s *Store) lockPath(profile string) string { return filepath.Join(s.dir, profile+".lock") }

func (s *Store) state(profile string) *profileState {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.profiles[profile]
	if !ok {
		st = &profileState{limiter: rate.NewLimiter(rate.Every(20*time.Second), 2)}
		s.profiles[profile] = st
	}
	return st
}

// Load reads a profile's token. No file is a *LoginRequiredError; a damaged file or one
// others can read is an error naming the file.
func (s *Store) Load(profile string) (*Token, error) {
	if err := config.CheckProfileName(profile); err != nil {
		return nil, err
	}
	return s.read(profile)
}

// Save writes a profile's token under the profile's lock: a new sign-in, so the
// profile's access record goes.
func (s *Store) Save(profile string, t *Token) error {
	if err := config.CheckProfileName(profile); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.lockWait)
	defer cancel()
	return s.withLock(ctx, profile, func() error {
		if err := s.write(profile, t); err != nil {
			return err
		}
		return s.forgetAccess(profile)
	})
}

// Delete removes a profile's token and its lock file, under the lock; fs.ErrNotExist
// when there was no token.
func (s *Store) Delete(profile string) error {
	if err := config.CheckProfileName(profile); err != nil {
		return err
	}
	if _, err := os.Stat(s.dir); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("no token stored for profile %q: %w", profile, fs.ErrNotExist)
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.lockWait)
	defer cancel()
	return s.withLock(ctx, profile, func() error {
		// The lock file goes too, whatever became of the token: nothing of the
		// profile is left behind (lockFile makes removing it safe for the next locker).
		defer func() { _ = os.Remove(s.lockPath(profile)) }()
		if err := s.forgetAccess(profile); err != nil {
			return err
		}
		if err := os.Remove(s.Path(profile)); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("no token stored for profile %q: %w", profile, fs.ErrNotExist)
			}
			return fmt.Errorf("removing the token file: %w", err)
		}
		return syncDir(s.dir)
	})
}

// withLock runs fn holding the profile's lock file, so no other process reads, refreshes
// or writes that profile's token meanwhile. Temp files of the profile found then are
// left by a save that was killed: they are removed first.
func (s *Store) withLock(ctx context.Context, profile string, fn func() error) error {
	if err := s.ensureDir(); err != nil {
		return err
	}
	unlock, err := lockFile(ctx, s.lockPath(profile))
	if err != nil {
		return fmt.Errorf("locking %s: %w", s.lockPath(profile), err)
	}
	defer unlock()
	s.removeTemps(profile)
	return fn()
}

// sweep removes the temp files a killed save of profile left behind, if the profile's
// lock is free at once (a save under way in another process holds it: its temp file is
// not stale, and the next start sweeps). A missing directory or a bad name is nothing
// to sweep.
func (s *Store) sweep(profile string) {
	if config.CheckProfileName(profile) != nil {
		return
	}
	if _, err := os.Stat(s.dir); err != nil {
		return
	}
	now, cancel := context.WithCancel(context.Background())
	cancel() // one try, no waiting
	unlock, err := lockFile(now, s.lockPath(profile))
	if err != nil {
		return
	}
	defer unlock()
	s.removeTemps(profile)
}

// removeTemps removes .PROFILE.NNN.tmp, the temp files of write; the caller holds the
// profile's lock, and every write happens under it, so any found is stale. Only the
// profile's own match: another profile may be named PROFILE.x.
func (s *Store) removeTemps(profile string) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return
	}
	prefix := "." + profile + "."
	for _, e := range entries {
		name := e.Name()
		digits, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		if digits, ok = strings.CutSuffix(digits, ".tmp"); !ok || digits == "" || strings.Trim(digits, "0123456789") != "" {
			continue
		}
		_ = os.Remove(filepath.Join(s.dir, name))
	}
}

// ensureDir creates the directory 0700 and tightens it if it is looser.
func (s *Store) ensureDir() error {
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("creating the token directory: %w", err)
	}
	info, err := os.Stat(s.dir)
	if err != nil {
		return fmt.Errorf("token directory: %w", err)
	}
	if info.Mode().Perm() != 0o700 {
		if err := os.Chmod(s.dir, 0o700); err != nil {
			return fmt.Errorf("making the token directory private: %w", err)
		}
	}
	return nil
}

// read loads the file without taking the lock (a rename is atomic).
func (s *Store) read(profile string) (*Token, error) {
	path := s.Path(profile)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &LoginRequiredError{Profile: profile, Reason: fmt.Sprintf("no token stored for profile %q", profile), Err: err}
	}
	if err != nil {
		return nil, fmt.Errorf("reading the token file: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading the token file: %w", err)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("token file %s can be read by other users (mode %04o); run chmod 600 %s, and sign in again if they may have read it", path, perm, path)
	}
	var tf tokenFile
	dec := json.NewDecoder(f)
	if err := dec.Decode(&tf); err != nil {
		return nil, corrupt(profile, path, describeJSONError(err))
	}
	t, reason := tf.token()
	if reason != "" {
		return nil, corrupt(profile, path, reason)
	}
	return t, nil
}

func corrupt(profile, path, reason string) error {
	return &LoginRequiredError{
		Profile: profile,
		Reason:  fmt.Sprintf("token file %s is damaged (%s); remove it with `funnels logout%s` and sign in again", path, reason, profileFlag(profile)),
	}
}

func profileFlag(profile string) string {
	if profile == "" || profile == config.DefaultProfile {
		return ""
	}
	return " --profile " + profile
}

// describeJSONError says what is wrong without quoting the file (it holds secrets).
func describeJSONError(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "it is empty or cut short"
	case errors.As(err, &syn):
		return fmt.Sprintf("not valid JSON at byte %d", syn.Offset)
	case errors.As(err, &typ):
		return fmt.Sprintf("field %q has the wrong type", typ.Field)
	}
	return "not a token file"
}

// write replaces the token file: temp file in the same directory, 0600, synced, renamed.
func (s *Store) write(profile string, t *Token) error {
	if t == nil || t.AccessToken == "" {
		return errors.New("refusing to save an empty token")
	}
	if err := s.ensureDir(); err != nil {
		return err
	}
	data, err := json.MarshalIndent(fileFromToken(t), "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the token: %w", err)
	}
	tmp, err := os.CreateTemp(s.dir, "."+profile+".*.tmp")
	if err != nil {
		return fmt.Errorf("saving the token: %w", err)
	}
	done := false
	defer func() {
		if !done {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(0o600); err != nil {
		return fmt.Errorf("saving the token: %w", err)
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		return fmt.Errorf("saving the token: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("saving the token: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("saving the token: %w", err)
	}
	if err := os.Rename(tmp.Name(), s.Path(profile)); err != nil {
		return fmt.Errorf("saving the token: %w", err)
	}
	done = true
	return syncDir(s.dir)
}

// syncDir makes a rename or removal durable. Some systems cannot sync a directory;
// that is not worth failing a save for.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	_ = d.Sync()
	return d.Close()
}
