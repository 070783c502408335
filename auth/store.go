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
	"runtime"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/config/xdgdir"
)

// Store keeps one token per profile, and per sub-account a token was minted for
// (the entry PROFILE@LOCATION). Each entry has a file <dir>/<entry>.json (0600) beside
// <entry>.lock, in a 0700 directory. The file holds the token itself (the file store)
// or, when the token is in the OS keyring, only what is not secret and where in the
// keyring the secrets are (the keyring store); so the directory always lists every
// entry, and moving a token between the stores is one rename. Writes go to a temp
// file (.<entry>.NNN.tmp, 0600) that is synced and renamed over the old one, so a
// reader sees the old token or the new one, never half of either. A process killed
// between the two leaves the temp file; the next Source, or the next write under the
// entry's lock, removes it.
//
// A sign-in (Save) goes to the keyring when there is one and the store does not
// prefer the file; a refresh or a mint is written where the token already is. A token
// written to one store is removed from the other.
//
// A Store also carries what refreshes of one entry share inside this process: a
// mutex (single flight) and the rate limit. Use one Store per process.
type Store struct {
	dir      string
	lockWait time.Duration

	keyring        Keyring       // nil: none here
	keyringWhy     string        // why there is none
	keyringTimeout time.Duration // bounds one keyring call
	preferFile     bool          // sign-ins go to the file even where a keyring is

	mu          sync.Mutex
	profiles    map[string]*profileState
	keyringDown string // set once a keyring call timed out: it is not tried again
}

// StoreOptions choose where a Store keeps tokens besides its directory.
type StoreOptions struct {
	// Keyring is the OS keyring (nil: none; NoKeyringReason says why).
	Keyring         Keyring
	NoKeyringReason string
	// PreferFile keeps new sign-ins in the 0600 file even where a keyring is.
	PreferFile bool
	// KeyringTimeout bounds one keyring call; 0 → 3 s.
	KeyringTimeout time.Duration
}

// profileState is shared by every token source of one profile in this process.
type profileState struct {
	mu      sync.Mutex    // held for the whole read–refresh–write: one refresh at a time
	limiter *rate.Limiter // burst 2 + 3 per minute: never more than 5 refreshes in any minute
}

// NewStore keeps tokens in files in dir (created on the first save), never in a keyring.
func NewStore(dir string) *Store {
	return NewStoreWith(dir, StoreOptions{NoKeyringReason: "this store keeps files only"})
}

// NewStoreWith keeps tokens in dir and, as opts say, in an OS keyring.
func NewStoreWith(dir string, opts StoreOptions) *Store {
	s := &Store{dir: dir, lockWait: 30 * time.Second, profiles: map[string]*profileState{},
		keyring: opts.Keyring, keyringWhy: opts.NoKeyringReason, keyringTimeout: opts.KeyringTimeout,
		preferFile: opts.PreferFile}
	if s.keyringTimeout <= 0 {
		s.keyringTimeout = defaultKeyringTimeout
	}
	return s
}

// DefaultStore keeps tokens in $XDG_STATE_HOME/funnels, the variable read through
// getenv (unset or relative: adrg/xdg's default, ~/.local/state), and in the OS
// keyring where there is one (SystemKeyring) unless FUNNELS_INSECURE_STORAGE is set.
func DefaultStore(getenv func(string) string) (*Store, error) {
	return OpenStore(getenv, false)
}

// OpenStore is DefaultStore that also prefers the file when preferFile
// (--insecure-storage) says so.
func OpenStore(getenv func(string) string, preferFile bool) (*Store, error) {
	k, why := SystemKeyring(runtime.GOOS, getenv)
	return OpenStoreWith(getenv, StoreOptions{Keyring: k, NoKeyringReason: why, PreferFile: preferFile})
}

// OpenStoreWith keeps tokens in $XDG_STATE_HOME/funnels (as DefaultStore) with the
// keyring of opts; FUNNELS_INSECURE_STORAGE also makes it prefer the file.
func OpenStoreWith(getenv func(string) string, opts StoreOptions) (*Store, error) {
	if v := getenv("FUNNELS_INSECURE_STORAGE"); strings.TrimSpace(v) != "" {
		on, err := config.ParseSwitch("FUNNELS_INSECURE_STORAGE", v)
		if err != nil {
			return nil, err
		}
		opts.PreferFile = opts.PreferFile || on
	}
	base := xdgdir.State(getenv)
	if base == "" || !filepath.IsAbs(base) {
		return nil, errors.New("no state directory: set XDG_STATE_HOME or HOME")
	}
	return NewStoreWith(filepath.Join(base, "funnels"), opts), nil
}

// Dir is the directory holding the token files.
func (s *Store) Dir() string { return s.dir }

// Path is the file of a profile: its token, or where in the keyring it is.
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

func (s *Store) lockPath(entry string) string { return filepath.Join(s.dir, entry+".lock") }

// Describe names where an entry's token is for people: "the OS keyring (service
// funnels)" or the file's path.
func (s *Store) Describe(storage, entry string) string {
	if storage == StorageKeyring {
		return "the OS keyring (service " + keyringService + ")"
	}
	return s.Path(entry)
}

// KeyringUsable reports whether a new sign-in would go to the keyring, or else why not.
func (s *Store) KeyringUsable() (bool, string) {
	switch {
	case s.keyring == nil:
		return false, s.noKeyringReason()
	case s.preferFile:
		return false, "--insecure-storage (or FUNNELS_INSECURE_STORAGE) asks for the file"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.keyringDown != "" {
		return false, s.keyringDown
	}
	return true, ""
}

func (s *Store) state(entry string) *profileState {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.profiles[entry]
	if !ok {
		burst := 2 // refreshes: with 3 a minute, never more than 5 in any minute
		if strings.Contains(entry, "@") {
			burst = 3 // mints: the first, one for an expiry, one for a refusal
		}
		st = &profileState{limiter: rate.NewLimiter(rate.Every(20*time.Second), burst)}
		s.profiles[entry] = st
	}
	return st
}

// Load reads a profile's token. No entry is a *LoginRequiredError; a damaged file, one
// others can read, or a keyring that lost the token is an error naming the file.
func (s *Store) Load(profile string) (*Token, error) {
	if err := config.CheckProfileName(profile); err != nil {
		return nil, err
	}
	return s.read(profile)
}

// Save writes a profile's token under the profile's lock: to the OS keyring when
// there is one and the file is not preferred (falling back to the file if the keyring
// refuses), otherwise to the file; whichever it is, no copy stays in the other. It is
// a new sign-in, so the profile's access record goes.
func (s *Store) Save(profile string, t *Token) error {
	if err := config.CheckProfileName(profile); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.lockWait)
	defer cancel()
	return s.withLock(ctx, profile, func() error {
		if err := s.writeTo(profile, t, s.preferred()); err != nil {
			return err
		}
		return s.forgetAccess(profile)
	})
}

// preferred is where a new sign-in goes.
func (s *Store) preferred() string {
	if ok, _ := s.KeyringUsable(); ok {
		return StorageKeyring
	}
	return StorageFile
}

// Delete removes a profile's token under its lock, from the file and the keyring, the
// tokens minted for its sub-accounts, and their lock files; fs.ErrNotExist when there
// was no token.
func (s *Store) Delete(profile string) error {
	if err := config.CheckProfileName(profile); err != nil {
		return err
	}
	if _, err := os.Stat(s.dir); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("no token stored for profile %q: %w", profile, fs.ErrNotExist)
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.lockWait)
	defer cancel()
	for _, entry := range s.mintedEntries(profile) {
		err := s.withLock(ctx, entry, func() error {
			defer func() { _ = os.Remove(s.lockPath(entry)) }()
			return s.remove(entry)
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return s.withLock(ctx, profile, func() error {
		// The lock file goes too, whatever became of the token: nothing of the
		// profile is left behind (lockFile makes removing it safe for the next locker).
		defer func() { _ = os.Remove(s.lockPath(profile)) }()
		if err := s.forgetAccess(profile); err != nil {
			return err
		}
		if err := s.remove(profile); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("no token stored for profile %q: %w", profile, fs.ErrNotExist)
			}
			return err
		}
		return nil
	})
}

// remove deletes an entry (the caller holds its lock): the keyring's secret first,
// then the file. fs.ErrNotExist when there was no file.
func (s *Store) remove(entry string) error {
	f, err := s.readFile(entry)
	if errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err == nil && f.Storage == StorageKeyring {
		if kerr := s.keyringDelete(f.account(s, entry)); kerr != nil && !errors.Is(kerr, ErrNotInKeyring) {
			return fmt.Errorf("removing the token from the OS keyring (the file %s is kept so that it can be tried again): %w", s.Path(entry), kerr)
		}
	}
	if err := os.Remove(s.Path(entry)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing the token file: %w", err)
	}
	return syncDir(s.dir)
}

// mintedEntries lists the entries PROFILE@LOCATION of a profile.
func (s *Store) mintedEntries(profile string) []string {
	files, err := os.ReadDir(s.dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, f := range files {
		name, ok := strings.CutSuffix(f.Name(), ".json")
		if !ok {
			continue
		}
		if p, loc, minted := strings.Cut(name, "@"); minted && p == profile && checkLocation(loc) == nil {
			out = append(out, name)
		}
	}
	return out
}

// withLock runs fn holding the entry's lock file, so no other process reads, refreshes
// or writes that entry's token meanwhile. Temp files of the entry found then are left
// by a save that was killed: they are removed first.
func (s *Store) withLock(ctx context.Context, entry string, fn func() error) error {
	if err := s.ensureDir(); err != nil {
		return err
	}
	unlock, err := lockFile(ctx, s.lockPath(entry))
	if err != nil {
		return fmt.Errorf("locking %s: %w", s.lockPath(entry), err)
	}
	defer unlock()
	s.removeTemps(entry)
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
	if _, err := os.Stat(s.Path(profile)); errors.Is(err, fs.ErrNotExist) && !s.hasTemps(profile) {
		return // never signed in and nothing half-saved: no lock file to leave behind
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

// removeTemps removes .ENTRY.NNN.tmp, the temp files of write; the caller holds the
// entry's lock, and every write happens under it, so any found is stale.
func (s *Store) removeTemps(entry string) {
	for _, name := range s.temps(entry) {
		_ = os.Remove(filepath.Join(s.dir, name))
	}
}

// hasTemps reports whether a save of entry left a temp file.
func (s *Store) hasTemps(entry string) bool { return len(s.temps(entry)) > 0 }

// temps lists the temp files of entry's saves. Only the entry's own match: another
// profile may be named ENTRY.x.
func (s *Store) temps(entry string) []string {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return nil
	}
	prefix := "." + entry + "."
	var out []string
	for _, e := range entries {
		name := e.Name()
		digits, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		if digits, ok = strings.CutSuffix(digits, ".tmp"); !ok || digits == "" || strings.Trim(digits, "0123456789") != "" {
			continue
		}
		out = append(out, name)
	}
	return out
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

// readFile decodes an entry's file without the lock (a rename is atomic). A missing
// file is fs.ErrNotExist; a damaged one, or one others can read, a described error.
func (s *Store) readFile(entry string) (tokenFile, error) {
	var tf tokenFile
	path := s.Path(entry)
	f, err := os.Open(path)
	if err != nil {
		return tf, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return tf, fmt.Errorf("reading the token file: %w", err)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return tf, &looseFileError{path: path, perm: perm}
	}
	if err := json.NewDecoder(f).Decode(&tf); err != nil {
		return tf, &damagedError{reason: describeJSONError(err)}
	}
	return tf, nil
}

// damagedError is a token file that cannot be read as one.
type damagedError struct{ reason string }

func (e *damagedError) Error() string { return e.reason }

// looseFileError is a token file others can read.
type looseFileError struct {
	path string
	perm fs.FileMode
}

func (e *looseFileError) Error() string {
	return fmt.Sprintf("token file %s can be read by other users (mode %04o); run chmod 600 %s, and sign in again if they may have read it", e.path, e.perm, e.path)
}

// read loads an entry: the file, and the secrets from the keyring when the file says
// they are there.
func (s *Store) read(entry string) (*Token, error) {
	profile, _, _ := strings.Cut(entry, "@")
	path := s.Path(entry)
	tf, err := s.readFile(entry)
	var dmg *damagedError
	var loose *looseFileError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		lr := &LoginRequiredError{Profile: profile, Reason: fmt.Sprintf("no token stored for profile %q", profile), Err: err}
		if profile == entry {
			lr.SignedIn = s.othersSignedIn(profile)
		}
		return nil, lr
	case errors.As(err, &dmg):
		return nil, corrupt(profile, path, dmg.reason)
	case errors.As(err, &loose):
		return nil, err
	case err != nil:
		return nil, fmt.Errorf("reading the token file: %w", err)
	}
	storage := StorageFile
	if tf.Storage == StorageKeyring {
		storage = StorageKeyring
		secret, err := s.keyringGet(tf.account(s, entry))
		switch {
		case errors.Is(err, ErrNotInKeyring):
			return nil, &LoginRequiredError{Profile: profile, Reason: fmt.Sprintf("the OS keyring no longer holds the token of profile %q", profile)}
		case err != nil:
			return nil, &LoginRequiredError{Profile: profile, Err: err,
				Reason: fmt.Sprintf("the token of profile %q is in the OS keyring, which cannot be reached here (%v); sign in here with --insecure-storage to keep one in a file", profile, err)}
		}
		if err := tf.fill(secret); err != nil {
			return nil, corrupt(profile, "the OS keyring's entry for "+path, err.Error())
		}
	}
	t, reason := tf.token()
	if reason != "" {
		return nil, corrupt(profile, path, reason)
	}
	t.Storage = storage
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

// write replaces an entry's token where it is now kept (a refresh, a mint, a save
// retried): in the keyring if its file says so, else in the file; an entry not
// stored yet goes where a sign-in would. The caller holds the entry's lock.
func (s *Store) write(entry string, t *Token) error {
	where := s.preferred()
	if tf, err := s.readFile(entry); err == nil {
		where = StorageFile
		if tf.Storage == StorageKeyring {
			where = StorageKeyring
		}
	}
	return s.writeTo(entry, t, where)
}

// writeTo stores t in where (the caller holds the entry's lock). To the keyring: the
// secrets go there, then the file with the rest replaces whatever the file held, so
// no secret stays on disk; a keyring that refuses falls back to the file. To the file:
// a token the keyring held is removed from it before the file takes its place.
func (s *Store) writeTo(entry string, t *Token, where string) error {
	if t == nil || t.AccessToken == "" {
		return errors.New("refusing to save an empty token")
	}
	if err := s.ensureDir(); err != nil {
		return err
	}
	f := fileFromToken(t)
	old, oldErr := s.readFile(entry)
	if where == StorageKeyring {
		account := s.account(entry)
		if err := s.keyringSet(account, f.secrets()); err == nil {
			if err := s.replaceFile(entry, f.stub(account), nil); err != nil {
				if oldErr != nil || old.Storage != StorageKeyring {
					_ = s.keyringDelete(account) // the file still holds the token: none in the keyring
				}
				return err
			}
			t.Storage = StorageKeyring
			return nil
		}
		// The keyring refused (too big, locked, gone): the file keeps the token.
	}
	var before func() error
	if oldErr == nil && old.Storage == StorageKeyring {
		before = func() error {
			if err := s.keyringDelete(old.account(s, entry)); err != nil && !errors.Is(err, ErrNotInKeyring) {
				return fmt.Errorf("moving the token to the file: the OS keyring still holds the old one and cannot be reached to remove it (%w); nothing was changed", err)
			}
			return nil
		}
	}
	t.Storage = StorageFile
	return s.replaceFile(entry, f, before)
}

// account is the keyring user of an entry: its file's path, so two state directories
// never share a secret.
func (s *Store) account(entry string) string { return s.Path(entry) }

// replaceFile writes f as the entry's file: temp file in the same directory, 0600,
// synced, then before (if any) runs, then the rename.
func (s *Store) replaceFile(entry string, f tokenFile, before func() error) error {
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the token: %w", err)
	}
	tmp, err := os.CreateTemp(s.dir, "."+entry+".*.tmp")
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
	if before != nil {
		if err := before(); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp.Name(), s.Path(entry)); err != nil {
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
