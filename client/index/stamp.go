package index

import (
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"os"
	"strconv"
)

// The stamp is a small file beside the index (PATH.clean) that names the state in
// which the file was last known whole: checked page by page (verify.go), or left by
// a write transaction of this program that committed and was about to close. A
// process that finds the file as stamped skips the page-by-page check; anything else
// is doubt, and doubt is checked: no stamp, a stamp that cannot be read, another
// size, modification time or meta page — a process killed part way through a write
// (it never stamps), or a change from outside.
const stampSuffix = ".clean"

// stampOf names the state of the index file r of size bytes, modified at mtime
// (nanoseconds): its size, its modification time and both meta pages' checksums.
func stampOf(r io.ReaderAt, size, mtime int64) (string, error) {
	var head [pageHeader + metaSize]byte
	if _, err := r.ReadAt(head[:], 0); err != nil {
		return "", err
	}
	le := binary.LittleEndian
	ps := int64(le.Uint32(head[pageHeader+8:]))
	if ps < 1024 || ps > 1<<20 || ps&(ps-1) != 0 {
		return "", errors.New("no page size")
	}
	sum0 := le.Uint64(head[pageHeader+metaChecksumEnd:])
	if _, err := r.ReadAt(head[:], ps); err != nil {
		return "", err
	}
	sum1 := le.Uint64(head[pageHeader+metaChecksumEnd:])
	b := make([]byte, 0, 80)
	b = strconv.AppendInt(b, size, 10)
	b = strconv.AppendInt(append(b, ' '), mtime, 10)
	b = strconv.AppendUint(append(b, ' '), sum0, 16)
	b = strconv.AppendUint(append(b, ' '), sum1, 16)
	return string(b), nil
}

// writeStamp stamps the index file at path, open as f, as whole, and returns the
// stamp ("" when it could not be written). It is written to a file of this process's
// own and renamed, so no reader meets half a stamp; a stamp that cannot be written
// only costs the next process a check.
func writeStamp(path string, f *os.File) string {
	st, err := f.Stat()
	stamp := ""
	if err == nil {
		stamp, err = stampOf(f, st.Size(), st.ModTime().UnixNano())
	}
	if err != nil {
		removeStamp(path)
		return ""
	}
	tmp := path + stampSuffix + "." + strconv.Itoa(os.Getpid())
	if err := os.WriteFile(tmp, []byte(stamp), 0o600); err != nil {
		_ = os.Remove(tmp)
		return ""
	}
	if err := os.Rename(tmp, path+stampSuffix); err != nil {
		_ = os.Remove(tmp)
		return ""
	}
	return stamp
}

// stamped reports whether the index file at path is as its stamp says.
func stamped(path string) bool {
	want, ok := readStamp(path)
	return ok && stampIs(path, want)
}

// readStamp is the stamp kept beside the index file at path; false when there is
// none that could name a file.
func readStamp(path string) (string, bool) {
	f, err := openReadOnly(path + stampSuffix)
	if err != nil {
		return "", false
	}
	defer f.Close()
	if f.size == 0 || f.size > maxStampLen {
		return "", false
	}
	b := make([]byte, f.size)
	if _, err := f.ReadAt(b, 0); err != nil {
		return "", false
	}
	return string(b), true
}

// stampIs reports whether the index file at path is now as stamp names it.
func stampIs(path, stamp string) bool {
	f, err := openReadOnly(path)
	if err != nil {
		return false
	}
	defer f.Close()
	got, err := stampOf(f, f.size, f.mtime)
	return err == nil && got == stamp
}

// removeStamp removes the stamp: the file it named is gone or no longer whole.
func removeStamp(path string) {
	if err := os.Remove(path + stampSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
		_ = os.Truncate(path+stampSuffix, 0) // an empty stamp matches no file
	}
}
