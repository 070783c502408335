// Package atomicfile writes a file whole: into a temporary file beside it, synced,
// then renamed over it, so a reader or a crash sees the old file or the new one and
// never half of either. It is the one way funnels replaces a file of its own
// (settings, sign-ins, the team server's people and audit, kept listings, checks).
package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces path with data, the file's mode perm.
func Write(path string, data []byte, perm fs.FileMode) error {
	return WriteWith(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteWith replaces path with what write writes (buffered), the file's mode perm.
// When write fails, or anything after it, the file at path is as it was and the
// error says which file.
func WriteWith(path string, perm fs.FileMode, write func(io.Writer) error) error {
	if err := replace(path, perm, write); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return nil
}

func replace(path string, perm fs.FileMode, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // gone after the rename; the leftover of a failure otherwise
	err = tmp.Chmod(perm)
	if err == nil {
		bw := bufio.NewWriterSize(tmp, 64<<10)
		if err = write(bw); err == nil {
			err = bw.Flush()
		}
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
