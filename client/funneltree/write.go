package funneltree

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// ErrNotDirectory is a path to write an export to that is something else than a
// directory (a file, a link): it is never replaced.
var ErrNotDirectory = errors.New("not a directory")

// ErrNotExport is a directory that holds files but no export's manifest: an export
// would replace them, so it is refused unless forced.
var ErrNotExport = errors.New("not an export")

// Write writes the files of the tree in format f as the directory dir, whole or not
// at all: they go to a new directory beside dir, which then takes dir's place (the
// previous export is removed only once the new one is in place; what an export
// stopped part way left beside dir, once an hour old, goes too). A dir that exists,
// holds anything and is not an export is refused (ErrNotExport) unless force; a dir
// that is not a directory (a file, a link) always is.
func Write(dir string, t *Tree, f Format, force bool) error {
	files, err := t.Files(f)
	if err != nil {
		return fmt.Errorf("export: encode: %w", err)
	}
	dir, err = filepath.Abs(dir) // "." and "x/.." have a name and a parent too
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if dir == filepath.Dir(dir) {
		return fmt.Errorf("%s is the root, %w", dir, ErrNotDirectory)
	}
	exists, err := checkTarget(dir, force)
	if err != nil {
		return err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-*")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer os.RemoveAll(tmp) // nothing left once renamed
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	made := map[string]bool{}
	for _, file := range files {
		if d := filepath.Dir(filepath.Join(tmp, filepath.FromSlash(file.Path))); !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return fmt.Errorf("export: %w", err)
			}
			made[d] = true
		}
	}
	err = each(len(files), func(i int) error {
		return os.WriteFile(filepath.Join(tmp, filepath.FromSlash(files[i].Path)), files[i].Data, 0o644)
	})
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := syncDir(tmp); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if !exists {
		if err := os.Rename(tmp, dir); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		err = syncDir(parent)
	} else {
		err = replaceDir(tmp, dir)
	}
	if err == nil {
		removeLeftovers(dir, time.Now().Add(-leftoverAge))
	}
	return err
}

// leftoverAge is how old the new directory of another export to the same place must
// be to count as left by one that was stopped (killed part way), not one still
// writing.
const leftoverAge = time.Hour

// removeLeftovers removes the new directories of exports to dir that were stopped
// before they took its place, last changed before cutoff.
func removeLeftovers(dir string, cutoff time.Time) {
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".new-*"))
	for _, m := range matches {
		if st, err := os.Lstat(m); err == nil && st.IsDir() && st.ModTime().Before(cutoff) {
			_ = os.RemoveAll(m)
		}
	}
}

// checkTarget says whether dir exists, and refuses one an export may not replace.
func checkTarget(dir string, force bool) (exists bool, err error) {
	st, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("export: %w", err)
	case !st.IsDir():
		return false, fmt.Errorf("%s is %w", dir, ErrNotDirectory)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false, fmt.Errorf("export: %w", err)
	}
	if len(entries) == 0 || force || isExport(dir) {
		return true, nil
	}
	return true, fmt.Errorf("%s holds files and no export manifest: %w", dir, ErrNotExport)
}

// isExport reports whether dir holds an export's manifest.
func isExport(dir string) bool {
	for _, f := range []Format{YAML, JSON} {
		if st, err := os.Lstat(filepath.Join(dir, manifestName+f.ext())); err == nil && st.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// replaceDir puts the directory tmp in place of dir and removes what was there: by
// one exchange where the system has it, else by two renames, the old directory kept
// under a name beside dir until the new one is in place.
func replaceDir(tmp, dir string) error {
	if exchange(tmp, dir) == nil {
		if err := syncDir(filepath.Dir(dir)); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		return os.RemoveAll(tmp) // now the previous export
	}
	old := tmp + ".old"
	if err := os.Rename(dir, old); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		_ = os.Rename(old, dir)
		return fmt.Errorf("export: %w", err)
	}
	if err := syncDir(filepath.Dir(dir)); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return os.RemoveAll(old)
}

// syncDir makes the names in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
