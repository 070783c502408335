//go:build unix && !linux

package index

import "os"

// mapFile maps n bytes of f from off (mapFd).
func mapFile(f *os.File, off int64, n int, random bool) (b []byte, release func(), err error) {
	return mapFd(int(f.Fd()), off, n, random)
}
