//go:build !unix

package index

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// tryLock, where flock does not exist, creates path exclusively and removes it to
// unlock; ok is false while another holds it. A lock older than ten minutes is taken
// to be left by a crashed process.
func tryLock(path string) (unlock func(), ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		_ = f.Close()
		return func() { _ = os.Remove(path) }, true, nil
	}
	if !errors.Is(err, fs.ErrExist) {
		return nil, false, err
	}
	if info, err := os.Stat(path); err == nil && time.Since(info.ModTime()) > 10*time.Minute {
		_ = os.Remove(path)
		return tryLock(path)
	}
	return nil, false, nil
}

// readLock is a no-op where flock does not exist: bbolt's own lock still guards
// every transaction.
func readLock(*os.File, time.Duration) (unlock func(), err error) { return func() {}, nil }

// processGone cannot tell here; nothing is swept.
func processGone(int) bool { return false }
