//go:build unix

package index

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes an exclusive flock on path without waiting; ok is false when another
// open file (another process, or another crawl of this one) holds it. The kernel
// drops the lock when the process dies, so a crawl killed part way never leaves the
// index locked. The file is never removed: removing a lock file races the next one.
func tryLock(path string) (unlock func(), ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) || errors.Is(err, syscall.EINTR) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		_ = f.Close()
	}, true, nil
}
