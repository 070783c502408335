package index

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// openRegular opens the index file at path with flag, refusing anything but a regular
// file: a named pipe (opening one for reading waits for a writer for ever), a device,
// a directory or a symbolic link. It looks first without following a link, then opens
// without waiting and without following one (openNoWait), and looks again at what it
// opened, so nothing put there between the two blocks either. A refusal is damage
// (errDamaged): the path is set aside like a damaged file.
func openRegular(path string, flag int, perm os.FileMode) (*os.File, error) {
	st, err := os.Lstat(path)
	if err == nil && !st.Mode().IsRegular() {
		return nil, notRegular(path, st.Mode())
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	f, err := os.OpenFile(path, flag|openNoWait, perm)
	if err != nil {
		if st, lerr := os.Lstat(path); lerr == nil && !st.Mode().IsRegular() {
			return nil, notRegular(path, st.Mode())
		}
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		_ = f.Close()
		if err != nil {
			return nil, err
		}
		return nil, notRegular(path, st.Mode())
	}
	return f, nil
}

// notRegular says what the path is instead of a file.
func notRegular(path string, mode fs.FileMode) error {
	what := "not a regular file"
	switch {
	case mode&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO), not a file"
	case mode&fs.ModeSymlink != 0:
		what = "a symbolic link, not a file"
	case mode.IsDir():
		what = "a directory, not a file"
	case mode&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		what = "a device, not a file"
	case mode&fs.ModeSocket != 0:
		what = "a socket, not a file"
	}
	return fmt.Errorf("%w: %s is %s", errDamaged, path, what)
}

// refuseNotRegular is the refusal of the path found not to be a regular file, saying
// what it is.
func refuseNotRegular(path string) error {
	st, err := os.Lstat(path)
	if err != nil {
		return fmt.Errorf("%w: %s is not a regular file", errDamaged, path)
	}
	return notRegular(path, st.Mode())
}

// errShortRead is a file that ended before what was to be read of it.
var errShortRead = errors.New("index: the file is shorter than it says")
