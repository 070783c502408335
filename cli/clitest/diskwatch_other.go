//go:build !linux

package clitest

import "testing"

// DiskWatch tells what was opened, read or changed under some directories: on this
// system nothing can tell it, and tests that need it are skipped.
type DiskWatch struct{}

// WatchDisk skips the test: only Linux tells what a process opens.
func WatchDisk(t *testing.T, _ ...string) *DiskWatch {
	t.Skip("what a run reads and writes is watched on Linux only (inotify)")
	return nil
}

// Touched is never reached.
func (w *DiskWatch) Touched() []string { return nil }
