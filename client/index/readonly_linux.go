//go:build linux

package index

import (
	"errors"
	"os"
	"syscall"
)

// readOnly is a regular file open for reading by its descriptor alone, with its size
// and modification time as it was opened. Reading a catalog and checking its index's
// stamp open two small files an index, a hundred indexes at a time, and a call to the
// system costs more than the reading: an os.File would add to each open a try at the
// network poller and flag calls, and to each stat a FileInfo.
type readOnly struct {
	fd    int
	size  int64
	mtime int64 // nanoseconds since the epoch
}

// openReadOnly opens the regular file at path for reading, refusing anything else as
// openRegular does, in two calls rather than four: it opens without waiting, without
// following a link and without taking a terminal (a named pipe, a link or a device
// is never waited on, followed or read), then looks at what it opened.
func openReadOnly(path string) (readOnly, error) {
	var fd int
	err := ignoringEINTR(func() (err error) {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NOCTTY|openNoWait, 0)
		return err
	})
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return readOnly{}, refuseNotRegular(path)
		}
		return readOnly{}, &os.PathError{Op: "open", Path: path, Err: err}
	}
	var st syscall.Stat_t
	if err := ignoringEINTR(func() error { return syscall.Fstat(fd, &st) }); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		_ = syscall.Close(fd)
		if err != nil {
			return readOnly{}, &os.PathError{Op: "fstat", Path: path, Err: err}
		}
		return readOnly{}, refuseNotRegular(path)
	}
	return readOnly{fd: fd, size: st.Size, mtime: st.Mtim.Nano()}, nil
}

// ReadAt reads len(b) bytes from off; fewer is an error.
func (f readOnly) ReadAt(b []byte, off int64) (int, error) {
	n := 0
	for n < len(b) {
		var m int
		err := ignoringEINTR(func() (err error) {
			m, err = syscall.Pread(f.fd, b[n:], off+int64(n))
			return err
		})
		if err != nil {
			return n, err
		}
		if m == 0 {
			return n, errShortRead
		}
		n += m
	}
	return n, nil
}

// mapRange maps n bytes of the file from off (mmap_unix.go); random as for mapFd.
func (f readOnly) mapRange(off int64, n int, random bool) ([]byte, func(), error) {
	return mapFd(f.fd, off, n, random)
}

// Close closes the file.
func (f readOnly) Close() { _ = syscall.Close(f.fd) }

func ignoringEINTR(fn func() error) error {
	for {
		if err := fn(); !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
