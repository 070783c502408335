//go:build unix

package index

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// mapFd maps n bytes of the file open as fd from off, read-only; release unmaps them.
// Nothing may keep a part of the mapping once released. With random, the pages are
// read a few at a time, where they are asked for: the system then maps only the page
// read, not the pages about it (nor reads ahead), so reading one item of a million
// costs a page, not sixteen.
func mapFd(fd int, off int64, n int, random bool) (b []byte, release func(), err error) {
	if n == 0 {
		return nil, func() {}, nil
	}
	start := off &^ int64(os.Getpagesize()-1)
	m, err := syscall.Mmap(fd, start, int(off-start)+n, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	if random {
		_ = unix.Madvise(m, unix.MADV_RANDOM) // only advice: without it, more is mapped
	}
	return m[off-start:], func() { _ = syscall.Munmap(m) }, nil
}
