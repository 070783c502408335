package redirectplan

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// WriteOptions say what writing a file of rows may do to what is already on disk.
type WriteOptions struct {
	// Replace lets the write replace a file already there, keeping its permissions;
	// without it, anything by that name stays as it was and the error is fs.ErrExist.
	Replace bool
	// KeepOut are directories the file may not be written in, at any depth: funnels'
	// own (its settings, its sign-ins, a team server's people). A write there is a
	// *KeptOutError and nothing is written.
	KeepOut []string
}

// KeptOutError is a file WriteFileWith did not write because it would have gone in
// one of the directories WriteOptions.KeepOut names.
type KeptOutError struct {
	Name string // the file, as given
	Dir  string // the directory of KeepOut it would have been in
}

func (e *KeptOutError) Error() string {
	return fmt.Sprintf("%s would be inside %s, funnels' own folder (its settings and sign-ins): nothing was written there", e.Name, e.Dir)
}

// WriteFileWith writes rows to the file name in format f, as Write does, through a
// file beside it put in its place once written and synced: a failure leaves the old
// file or none, never half of one. A new file gets the permissions the umask leaves
// of 0666 (as a shell's > does), a replaced one keeps its own, so an export never
// opens up a file that was private. o says whether a file already there may be
// replaced and where no file may go.
func WriteFileWith(name string, f Format, rows []Row, o WriteOptions) error {
	if err := keptOut(name, o.KeepOut); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := Write(&buf, f, rows); err != nil {
		return err
	}
	if err := writeWhole(name, buf.Bytes(), o.Replace); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// keptOut is the refusal of a file name inside one of dirs (through any symbolic
// link, and on a file system that ignores case), or nil.
func keptOut(name string, dirs []string) error {
	if len(dirs) == 0 {
		return nil
	}
	dir, err := filepath.Abs(filepath.Dir(name))
	if err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	var keep []fs.FileInfo
	var named []string
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && d != "" {
			keep, named = append(keep, fi), append(named, d)
		}
	}
	for d := dir; ; d = filepath.Dir(d) {
		if fi, err := os.Stat(d); err == nil {
			for i, k := range keep {
				if os.SameFile(fi, k) {
					return &KeptOutError{Name: name, Dir: named[i]}
				}
			}
		}
		if filepath.Dir(d) == d {
			return nil
		}
	}
}

// writeWhole puts b at name through a file beside it. Without replace, a file
// already at name stays and the error is fs.ErrExist.
func writeWhole(name string, b []byte, replace bool) error {
	perm := fs.FileMode(0o666) // less the umask, as the file is made
	old, err := os.Lstat(name)
	switch {
	case err == nil && !replace:
		return fmt.Errorf("%s is already there: %w", filepath.Base(name), fs.ErrExist)
	case err == nil && old.Mode().IsRegular():
		perm = old.Mode().Perm()
	}
	tmp, err := createBeside(name, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if replace {
		return os.Rename(tmp.Name(), name)
	}
	return placeNew(tmp.Name(), name)
}

// placeNew gives the written file tmp the name name only if nothing has it: a hard
// link fails rather than replace, where the file system has them.
func placeNew(tmp, name string) error {
	err := os.Link(tmp, name)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("%s is already there: %w", filepath.Base(name), fs.ErrExist)
	}
	if _, serr := os.Lstat(name); serr == nil {
		return fmt.Errorf("%s is already there: %w", filepath.Base(name), fs.ErrExist)
	}
	return os.Rename(tmp, name)
}

// createBeside makes a new, hidden file in name's directory with perm (less the
// umask): os.CreateTemp makes every file 0600 whatever the umask says.
func createBeside(name string, perm fs.FileMode) (*os.File, error) {
	dir, base := filepath.Split(name)
	for range 100 {
		tmp := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("no free name for a file beside %s", base)
}
