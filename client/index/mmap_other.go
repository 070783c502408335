//go:build !unix

package index

import (
	"io"
	"os"
)

// mapFile reads n bytes of f from off (where files are not mapped).
func mapFile(f *os.File, off int64, n int, _ bool) (b []byte, release func(), err error) {
	b = make([]byte, n)
	if _, err := io.ReadFull(io.NewSectionReader(f, off, int64(n)), b); err != nil {
		return nil, nil, err
	}
	return b, func() {}, nil
}
