//go:build !linux

package index

import "os"

// readOnly is a regular file open for reading, with its size and modification time as
// it was opened (readonly_linux.go reads by the descriptor alone).
type readOnly struct {
	f     *os.File
	size  int64
	mtime int64 // nanoseconds since the epoch
}

// openReadOnly opens the regular file at path for reading, refusing anything else
// (openRegular).
func openReadOnly(path string) (readOnly, error) {
	f, err := openRegular(path, os.O_RDONLY, 0)
	if err != nil {
		return readOnly{}, err
	}
	st, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return readOnly{}, err
	}
	return readOnly{f: f, size: st.Size(), mtime: st.ModTime().UnixNano()}, nil
}

// ReadAt reads len(b) bytes from off; fewer is an error.
func (f readOnly) ReadAt(b []byte, off int64) (int, error) { return f.f.ReadAt(b, off) }

// mapRange maps (or reads, where files are not mapped) n bytes of the file from off;
// random as for mapFd.
func (f readOnly) mapRange(off int64, n int, random bool) ([]byte, func(), error) {
	return mapFile(f.f, off, n, random)
}

// Close closes the file.
func (f readOnly) Close() { _ = f.f.Close() }
