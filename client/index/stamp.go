package index

import (
	"encoding/binary"
	"errors"
	"fmt"
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

// stampOf names the state of the open index file f: its size, its modification time
// and both meta pages' checksums.
func stampOf(f *os.File) (string, error) {
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	le := binary.LittleEndian
	head := make([]byte, pageHeader+metaSize)
	if _, err := f.ReadAt(head, 0); err != nil {
		return "", err
	}
	ps := int64(le.Uint32(head[pageHeader+8:]))
	if ps < 1024 || ps > 1<<20 || ps&(ps-1) != 0 {
		return "", errors.New("no page size")
	}
	sum0 := le.Uint64(head[pageHeader+metaChecksumEnd:])
	if _, err := f.ReadAt(head, ps); err != nil {
		return "", err
	}
	sum1 := le.Uint64(head[pageHeader+metaChecksumEnd:])
	return fmt.Sprintf("%d %d %x %x", st.Size(), st.ModTime().UnixNano(), sum0, sum1), nil
}

// writeStamp stamps the index file at path, open as f, as whole, and returns the
// stamp ("" when it could not be written). It is written to a file of this process's
// own and renamed, so no reader meets half a stamp; a stamp that cannot be written
// only costs the next process a check.
func writeStamp(path string, f *os.File) string {
	stamp, err := stampOf(f)
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
	want, err := os.ReadFile(path + stampSuffix)
	if err != nil || len(want) > 256 {
		return false
	}
	f, err := openRegular(path, os.O_RDONLY, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	got, err := stampOf(f)
	return err == nil && got == string(want)
}

// removeStamp removes the stamp: the file it named is gone or no longer whole.
func removeStamp(path string) {
	if err := os.Remove(path + stampSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
		_ = os.Truncate(path+stampSuffix, 0) // an empty stamp matches no file
	}
}
