//go:build unix

package auth

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// lockFile takes an exclusive flock on path, waiting until ctx ends. flock locks belong
// to the open file, so two goroutines of one process exclude each other just as two
// processes do; the kernel drops the lock if the process dies.
//
// The holder may remove the file (logout does, so no lock file is left behind): a
// locker that was waiting on the removed file finds, once it has the lock, that path
// no longer names the file it locked, and starts again on the new one.
func lockFile(ctx context.Context, path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	fd := int(f.Fd())
	for wait := 5 * time.Millisecond; ; wait = min(wait*2, 100*time.Millisecond) {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			held, serr := f.Stat()
			now, perr := os.Stat(path)
			if serr == nil && perr == nil && os.SameFile(held, now) {
				return func() {
					_ = syscall.Flock(fd, syscall.LOCK_UN)
					_ = f.Close()
				}, nil
			}
			// Removed (or replaced) while we waited: lock the file path names now.
			_ = syscall.Flock(fd, syscall.LOCK_UN)
			_ = f.Close()
			if f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600); err != nil {
				return nil, err
			}
			fd = int(f.Fd())
			continue
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			_ = f.Close()
			return nil, err
		}
		select {
		case <-ctx.Done():
			_ = f.Close()
			return nil, fmt.Errorf("another funnels process holds the lock: %w", ctx.Err())
		case <-time.After(wait):
		}
	}
}
