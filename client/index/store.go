package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/funnelsdev/funnels/config/xdgdir"
)

// schema is the layout of the buckets; a file of another schema is emptied.
const schema = "1"

// Bucket names.
var (
	bMeta      = []byte("meta")
	bFolders   = []byte("folders")
	bFunnels   = []byte("funnels")
	bPages     = []byte("pages")     // funnel id, 0, page id
	bRedirects = []byte("redirects") // redirect id
	bChildren  = []byte("children")  // 'd' or 'f', parent id, 0, id: what a folder holds
	bListed    = []byte("listed")    // 'd' folder id, or 's' funnel id 0 step id → when listed, Unix ms
	bSeen      = []byte("seen")      // the last whole crawl's snapshot: kind, id → digest and fields (snapshot.go)
	bHistory   = []byte("history")   // version → what that crawl found changed (changes.go)
	bAt        = []byte("at")        // when each folder and funnel was last seen (seen_at.go)
	bTracked   = []byte("tracked")   // what each write changed (tracked.go)
	allBuckets = [][]byte{bMeta, bFolders, bFunnels, bPages, bRedirects, bChildren, bListed, bSeen, bHistory, bAt, bTracked}
)

// Keys of the meta bucket.
var (
	mSchema     = []byte("schema")
	mKey        = []byte("key")
	mGen        = []byte("gen")        // a counter bumped by every write (Store.Update)
	mCrawl      = []byte("crawl")      // the checkpoint of a crawl under way (crawl.go)
	mCrawled    = []byte("crawled")    // when the last crawl ended whole, Unix ms
	mCrawlStart = []byte("crawlstart") // when that crawl began, Unix ms
)

// ErrLocked is a store another process kept busy for longer than the store waits.
var ErrLocked = errors.New("the index is busy in another process")

// Default waits for the file lock: a writer holds it for one batch, a reader for one
// read, so either is a few milliseconds; these only bound a process that hangs.
const (
	defaultWait = 10 * time.Second
)

// Store is one location's index in one file. Every read and every write opens the
// file, does its work in one transaction and closes it again, so several processes
// (two browsers, a browser and `funnels index`) share it: each waits its turn on the
// file's lock. It is safe for concurrent use; its own calls take turns.
type Store struct {
	path string
	key  string // what the index was built against: the API and the location
	wait time.Duration
	now  func() time.Time
	temp string // the directory of a session-only index, removed by Close

	mu       sync.Mutex // one open at a time within the process
	damaged  string     // why the file was set aside and rebuilt, until Notice takes it
	verified bool       // the file was checked page by page before bbolt first read it (verify.go)
}

// Dir is where the indexes live: $XDG_CACHE_HOME/funnels, the variable read through
// getenv; unset or relative, adrg/xdg's default (~/.cache on Linux).
func Dir(getenv func(string) string) (string, error) {
	base := xdgdir.Cache(getenv)
	if base == "" || !filepath.IsAbs(base) {
		return "", errors.New("no cache directory: set XDG_CACHE_HOME or HOME")
	}
	return filepath.Join(base, "funnels"), nil
}

// PathFor is the file of one profile's index of one location of one API, under dir:
// dir/index/PROFILE/LOCATION-HASH.db, the hash naming the API's base URL, so two
// profiles, two locations or two APIs never share a file.
func PathFor(dir, profile, baseURL, location string) string {
	sum := sha256.Sum256([]byte(strings.TrimRight(baseURL, "/")))
	loc := safeName(location)
	if loc == "" {
		loc = "no-location"
	}
	return filepath.Join(dir, "index", safeName(profile), loc+"-"+hex.EncodeToString(sum[:4])+".db")
}

// safeName keeps letters, digits, '-', '_' and '.' (not leading) of s.
func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == '.' && b.Len() > 0:
			b.WriteRune(r)
		default:
			b.WriteRune('_')
		}
	}
	if b.Len() == 0 {
		return "_"
	}
	return b.String()
}

// KeyOf names what an index is built against: the API's base URL and the location.
func KeyOf(baseURL, location string) string { return strings.TrimRight(baseURL, "/") + " " + location }

// Open is the index in the file at path, built against key (KeyOf). Nothing is read
// or created until it is used; a file built against another key is emptied at the
// first write and read as empty before.
func Open(path, key string) *Store {
	return &Store{path: path, key: key, wait: defaultWait, now: time.Now}
}

// OpenTemp is an index for this session only, in a new temporary directory that
// Close removes: what the browser uses with --no-cache or --demo. The directory is
// named after the process, so one left by a process that was killed (its Close never
// ran) is removed by the next OpenTemp.
func OpenTemp(key string) (*Store, error) {
	sweepTemp()
	dir, err := os.MkdirTemp("", tempPrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	s := Open(filepath.Join(dir, "index.db"), key)
	s.temp = dir
	return s, nil
}

// tempPrefix begins the name of a session-only index's directory: PREFIX + pid + "-".
const tempPrefix = "funnels-index-"

// sweepTemp removes the session-only indexes of processes that are gone.
func sweepTemp() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), tempPrefix+"*"))
	for _, d := range dirs {
		pidText, _, ok := strings.Cut(strings.TrimPrefix(filepath.Base(d), tempPrefix), "-")
		pid, err := strconv.Atoi(pidText)
		if ok && err == nil && pid != os.Getpid() && processGone(pid) {
			_ = os.RemoveAll(d)
		}
	}
}

// Path is the file of the index.
func (s *Store) Path() string { return s.path }

// Close removes a session-only index; a file in the cache directory stays.
func (s *Store) Close() error {
	if s.temp == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return os.RemoveAll(s.temp)
}

// Notice says, once, that the file was damaged and rebuilt; "" when it was not.
func (s *Store) Notice() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.damaged
	s.damaged = ""
	return n
}

// Clear removes the index's file, a damaged copy set aside, its stamp, its catalog
// and, unless a crawl holds it, its crawl lock.
func (s *Store) Clear() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if unlock, ok, err := tryLock(s.path + ".crawl"); err == nil && ok {
		_ = os.Remove(s.path + ".crawl")
		unlock()
	}
	for _, p := range []string{s.path, s.path + ".damaged", s.path + stampSuffix} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("index: %w", err)
		}
	}
	return removeCatalogFile(s.path)
}

// view runs fn in a read transaction. A file that does not exist yet, or was built
// against another key, reads as empty (fn is not called, and ok is false).
func (s *Store) view(ctx context.Context, fn func(tx *bolt.Tx) error) (ok bool, err error) {
	err = s.with(ctx, false, func(tx *bolt.Tx) error {
		if !s.current(tx) {
			return nil
		}
		ok = true
		return fn(tx)
	})
	return ok, err
}

// update runs fn in a write transaction, on a file made ready for this key: created
// with every bucket, emptied when it was built against another key or schema.
func (s *Store) update(ctx context.Context, fn func(tx *bolt.Tx) error) error {
	kept := s.catalogKept()
	var still *State // the state to stamp the kept catalog with: the write changed nothing it shows
	return s.withThen(ctx, true, func(tx *bolt.Tx) error {
		still = nil
		if err := s.prepare(tx); err != nil {
			return err
		}
		if err := fn(tx); err != nil {
			return err
		}
		if err := bumpGen(tx); err != nil {
			return err
		}
		still = kept.stillCurrent(tx)
		return nil
	}, func(stamp string) {
		if still != nil {
			stampCatalogFile(s.path+catalogSuffix, stamp, *still)
		}
	})
}

// current reports whether the file holds an index of this key and schema.
func (s *Store) current(tx *bolt.Tx) bool {
	m := tx.Bucket(bMeta)
	return m != nil && string(m.Get(mSchema)) == schema && string(m.Get(mKey)) == s.key
}

// prepare makes every bucket and, for a file of another key or schema, empties it.
func (s *Store) prepare(tx *bolt.Tx) error {
	if !s.current(tx) {
		for _, b := range allBuckets {
			if err := tx.DeleteBucket(b); err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
				return err
			}
		}
	}
	for _, b := range allBuckets {
		if _, err := tx.CreateBucketIfNotExists(b); err != nil {
			return err
		}
	}
	m := tx.Bucket(bMeta)
	if string(m.Get(mKey)) != s.key {
		if err := m.Put(mSchema, []byte(schema)); err != nil {
			return err
		}
		if err := m.Put(mKey, []byte(s.key)); err != nil {
			return err
		}
	}
	_, err := ensureIdentity(m)
	return err
}

// with opens the file, runs fn in one transaction and closes the file. A file that
// cannot be read as an index (not a bbolt file, a bad checksum, a page that makes
// the reader panic) is set aside as PATH.damaged and the work is done on a new, empty
// one: a damaged cache costs a rebuild, never a failure.
func (s *Store) with(ctx context.Context, writable bool, fn func(tx *bolt.Tx) error) error {
	return s.withThen(ctx, writable, fn, nil)
}

// withThen is with, calling committed (when set) with the index's new stamp once a
// write has committed, while the write's lock is still held.
func (s *Store) withThen(ctx context.Context, writable bool, fn func(tx *bolt.Tx) error, committed func(stamp string)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := ctx.Err(); err != nil { // called off while another call had the store
		return err
	}
	if !s.verified && !stamped(s.path) {
		err := verifyFile(s.path, s.wait)
		switch {
		case errors.Is(err, errUnmade):
			// Another process is making it: it is checked once it holds pages.
		case errors.Is(err, errDamaged):
			if aside := s.setAside(&damageError{err: err}); aside != nil {
				return aside
			}
		case errors.Is(err, ErrLocked):
			return fmt.Errorf("index %s: %w", s.path, ErrLocked)
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("index: %w", err)
		}
		s.verified = !errors.Is(err, errUnmade)
	}
	for attempt := 0; ; attempt++ {
		err := s.once(ctx, writable, fn, committed)
		var dmg *damageError
		switch {
		case err == nil:
			return nil
		case errors.As(err, &dmg) && attempt == 0:
			if aside := s.setAside(dmg); aside != nil {
				return aside
			}
			if !writable {
				return nil // a new file holds nothing yet
			}
		case errors.As(err, &dmg):
			return fmt.Errorf("index %s: %w", s.path, dmg.err)
		default:
			return err
		}
	}
}

// damageError is a file that is not a readable index.
type damageError struct{ err error }

func (e *damageError) Error() string { return "damaged: " + e.err.Error() }
func (e *damageError) Unwrap() error { return e.err }

// setAside moves a damaged file out of the way and notes why.
func (s *Store) setAside(dmg *damageError) error {
	removeStamp(s.path)
	_ = removeCatalogFile(s.path)
	if err := os.Rename(s.path, s.path+".damaged"); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("index %s is damaged (%v) and cannot be set aside: %w", s.path, dmg.err, err)
	}
	s.damaged = "the index was damaged (" + dmg.err.Error() + ") and is being rebuilt; the old file is " + s.path + ".damaged"
	return nil
}

// bumpGen counts a write, so a reader can tell the index changed (Gen).
func bumpGen(tx *bolt.Tx) error {
	m := tx.Bucket(bMeta)
	return m.Put(mGen, itob(btoi(m.Get(mGen))+1))
}
