package funneltree

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrNotDirectory is a path to write an export to that is something else than a
// directory (a file, a link): it is never written to.
var ErrNotDirectory = errors.New("not a directory")

// ErrNotExport is a directory that holds files but no export's manifest: an export is
// never written among files it did not write, forced or not.
var ErrNotExport = errors.New("not an export")

// ErrOtherExport is a directory holding the export of another sub-account, or one
// whose manifest cannot be read: written over only when forced.
var ErrOtherExport = errors.New("the export of another sub-account")

// Write writes the files of the tree in format f into the directory dir (made when
// missing), replacing only the export's own files: the manifest, folders, domains
// and redirects files and the funnel files under funnels/ (the files Read reads).
// Everything else in dir — a .git, a README, notes beside the funnel files — is
// kept, and an own file the new export no longer has is removed.
//
// A dir that holds anything but an export is refused (ErrNotExport), force or not; a
// dir that is not a directory (a file, a link) always is (ErrNotDirectory); an export
// of another sub-account, or one whose manifest cannot be read, is written over only
// when force (ErrOtherExport).
//
// Each file is replaced whole, by a rename. The new export is written first, whole,
// in a staging directory inside dir, which is then marked as ready in one step; only
// then do its files move into place. Killed before the mark, dir holds the previous
// export untouched; after it, Read reads the new one (from the staging directory
// where a file has not moved yet) and the next Write finishes the move.
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
	old, err := checkTarget(dir, t.Manifest.Location, force)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := finishSwaps(dir); err != nil {
		return fmt.Errorf("export: finishing an export stopped part way: %w", err)
	}
	removeStoppedStaging(dir)
	p := plan{Format: f, Files: make([]string, len(files))}
	for i, file := range files {
		p.Files[i] = file.Path
	}
	if err := checkPaths(dir, p.Files); err != nil {
		return err
	}
	if old != "" {
		if p.Stale, err = staleFiles(dir, old, p.Files); err != nil {
			return fmt.Errorf("export: %w", err)
		}
	}
	swap, release, err := stage(dir, files, p)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer release()
	if err := apply(dir, swap, p); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// checkTarget refuses a dir an export may not be written into, and says in which
// format the export it holds was written ("" for none: dir is missing or empty).
func checkTarget(dir string, loc Location, force bool) (Format, error) {
	st, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("export: %w", err)
	case !st.IsDir():
		return "", fmt.Errorf("%s is %w", dir, ErrNotDirectory)
	}
	old, isExport := formatOf(dir)
	if !isExport {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return "", fmt.Errorf("export: %w", err)
		}
		for _, e := range entries {
			if !isStaging(e.Name()) {
				return "", fmt.Errorf("%s holds files and no export manifest: %w", dir, ErrNotExport)
			}
		}
		return "", nil
	}
	if force {
		return old, nil
	}
	var m Manifest
	if err := readFile(filepath.Join(dir, manifestName+old.ext()), manifestName+old.ext(), old, &m); err != nil {
		return "", fmt.Errorf("%s holds an export whose manifest cannot be read (%v): %w", dir, err, ErrOtherExport)
	}
	if m.Location.ID != "" && loc.ID != "" && m.Location.ID != loc.ID {
		return "", fmt.Errorf("%s holds %w, %s", dir, ErrOtherExport, nameOf(m.Location))
	}
	return old, nil
}

// nameOf names a sub-account as a person knows it: "Name (ID)", or the id alone.
func nameOf(l Location) string {
	if l.Name == "" {
		return l.ID
	}
	return l.Name + " (" + l.ID + ")"
}

// checkPaths refuses an export whose files would go through something in dir that
// is not a plain directory (a link to elsewhere), or replace what is not a file.
func checkPaths(dir string, files []string) error {
	seen := map[string]bool{}
	for _, rel := range files {
		parts := strings.Split(rel, "/")
		for i := range parts {
			sub := strings.Join(parts[:i+1], "/")
			if seen[sub] {
				continue
			}
			seen[sub] = true
			st, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(sub)))
			switch {
			case errors.Is(err, fs.ErrNotExist):
			case err != nil:
				return fmt.Errorf("export: %w", err)
			case i < len(parts)-1 && !st.IsDir():
				return fmt.Errorf("%s in %s is not a directory: an export writes only inside its own directories: %w", sub, dir, ErrNotDirectory)
			case i == len(parts)-1 && !st.Mode().IsRegular():
				return fmt.Errorf("%s in %s is not a regular file: an export replaces only its own files: %w", sub, dir, ErrNotDirectory)
			}
		}
	}
	return nil
}

// staleFiles are the own files of the export in format old in dir that the new one,
// of files, does not have: the four files and the funnel files Read reads, each a
// regular file (a link a person made is theirs).
func staleFiles(dir string, old Format, files []string) ([]string, error) {
	own, err := funnelFiles(dir, old)
	if err != nil {
		return nil, err
	}
	for _, name := range []string{manifestName, foldersName, domainsName, redirectsName} {
		own = append(own, name+old.ext())
	}
	keep := map[string]bool{}
	for _, f := range files {
		keep[f] = true
	}
	var out []string
	for _, rel := range own {
		if st, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(rel))); err == nil && st.Mode().IsRegular() && !keep[rel] {
			out = append(out, rel)
		}
	}
	return out, nil
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
