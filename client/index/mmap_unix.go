//go:build unix

package index

import (
	"os"
	"syscall"
)

// mapFd maps n bytes of the file open as fd from off, read-only; release unmaps them.
// Nothing may keep a part of the mapping once released.
func mapFd(fd int, off int64, n int) (b []byte, release func(), err error) {
	if n == 0 {
		return nil, func() {}, nil
	}
	start := off &^ int64(os.Getpagesize()-1)
	m, err := syscall.Mmap(fd, start, int(off-start)+n, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return m[off-start:], func() { _ = syscall.Munmap(m) }, nil
}
