//go:build unix

package funneltree

import (
	"os"
	"syscall"
)

// holdStaging locks the file path for as long as the export writing its staging
// directory lives: the kernel drops the lock when the process dies, so another
// export can tell a staging left by a kill from one still being written.
func holdStaging(path string) (release func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		return nil, err
	}
	return func() { _ = f.Close() }, nil
}

// locksTell says that held can tell a staging being written from one left by a kill.
const locksTell = true

// held reports whether a live process holds the lock file path (false for a file
// that cannot be opened: its staging was left before it was made).
func held(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil
}
