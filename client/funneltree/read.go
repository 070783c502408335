package funneltree

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// MaxFileBytes bounds one file of an export a reader takes: far above any funnel's,
// low enough that a stray huge file is refused rather than read into memory.
const MaxFileBytes = 64 << 20

// DamagedError is an export whose file File cannot be read as one.
type DamagedError struct {
	File string // inside the export, slash-separated
	Err  error
}

func (e *DamagedError) Error() string { return "damaged export file " + e.File + ": " + e.Err.Error() }
func (e *DamagedError) Unwrap() error { return e.Err }

// Read reads the export in dir. A directory without a manifest is ErrNotExport; a
// file that cannot be read as its part of an export, a file that is not a regular
// file, or one too large, is a *DamagedError naming it. While the files of a new
// export move into place (or after a kill stopped them part way), it reads the new
// export whole: each file from where it is now.
func Read(dir string) (*Tree, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("reading the export: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory: %w", dir, ErrNotExport)
	}
	v, ok := viewOf(dir)
	if !ok {
		return nil, fmt.Errorf("%s has no manifest.yaml or manifest.json: %w", dir, ErrNotExport)
	}
	f := v.format
	t := &Tree{}
	var folders foldersFile
	var domains domainsFile
	var redirects redirectsFile
	for _, e := range []struct {
		name string
		v    any
	}{{manifestName, &t.Manifest}, {foldersName, &folders}, {domainsName, &domains}, {redirectsName, &redirects}} {
		if err := v.read(e.name+f.ext(), e.v); err != nil {
			return nil, err
		}
	}
	switch v := t.Manifest.FormatVersion; {
	case v < 1:
		return nil, &DamagedError{File: manifestName + f.ext(), Err: errors.New("no formatVersion")}
	case v > FormatVersion:
		return nil, &DamagedError{File: manifestName + f.ext(),
			Err: fmt.Errorf("formatVersion %d is newer than this funnels reads (%d): update funnels", v, FormatVersion)}
	}
	t.Folders, t.Domains, t.Redirects = folders.Folders, domains.Domains, redirects.Redirects
	if t.Funnels, err = v.readFunnels(); err != nil {
		return nil, err
	}
	return t, nil
}

// formatOf is the format of the export in dir, from its manifest's name.
func formatOf(dir string) (Format, bool) {
	for _, f := range []Format{YAML, JSON} {
		if _, err := os.Lstat(filepath.Join(dir, manifestName+f.ext())); err == nil {
			return f, true
		}
	}
	return "", false
}

// view is where the files of the export in dir are read from: dir, or, while a
// ready staging's files move into place, each file of its plan from the staging
// where it has not moved yet.
type view struct {
	dir    string
	format Format
	staged string   // the ready staging's files ("" for none)
	files  []string // its plan's files
}

// viewOf is the view of the export in dir; false when dir holds none.
func viewOf(dir string) (view, bool) {
	if swaps := readySwaps(dir); len(swaps) > 0 {
		last := swaps[len(swaps)-1]
		if p, err := readPlan(last); err == nil {
			return view{dir: dir, format: p.Format, staged: filepath.Join(last, stagedFiles), files: p.Files}, true
		}
	}
	f, ok := formatOf(dir)
	return view{dir: dir, format: f}, ok
}

// path is where the file rel of the export is now.
func (v view) path(rel string) string {
	if v.staged != "" {
		p := filepath.Join(v.staged, filepath.FromSlash(rel))
		if _, err := os.Lstat(p); err == nil {
			return p
		}
	}
	return filepath.Join(v.dir, filepath.FromSlash(rel))
}

// read decodes the file rel of the export into x.
func (v view) read(rel string, x any) error { return readFile(v.path(rel), rel, v.format, x) }

// readFunnels reads every funnel file of the export, in the order of the tree.
func (v view) readFunnels() ([]Funnel, error) {
	var names []string
	if v.staged != "" {
		for _, rel := range v.files {
			if strings.HasPrefix(rel, funnelsDir+"/") {
				names = append(names, rel)
			}
		}
	} else {
		var err error
		if names, err = funnelFiles(v.dir, v.format); err != nil {
			return nil, err
		}
	}
	out := make([]Funnel, len(names))
	if err := each(len(names), func(i int) error { return v.read(names[i], &out[i]) }); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Funnel) int {
		return cmp.Or(cmp.Compare(a.Folder, b.Folder), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}

// funnelFiles are the funnel files under dir/funnels: the files in format f's
// extension (a note a person left beside them is not one).
func funnelFiles(dir string, f Format) ([]string, error) {
	root := filepath.Join(dir, funnelsDir)
	var names []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		switch {
		case errors.Is(err, fs.ErrNotExist) && p == root:
			return fs.SkipDir // an export of a location without funnels
		case err != nil:
			return &DamagedError{File: rel, Err: err}
		case d.Type()&fs.ModeSymlink != 0 && (p == root || isDir(p)):
			// A directory linked from elsewhere is not walked (an export is read from
			// its own files only): said, never read as a directory without funnels.
			return &DamagedError{File: rel, Err: errors.New("a symbolic link to a directory, which an export does not follow")}
		case d.IsDir(), !strings.HasSuffix(d.Name(), f.ext()):
			return nil // a directory, or a note a person left beside the files
		}
		names = append(names, rel)
		return nil
	})
	return names, err
}

// isDir reports whether p leads to a directory, through any link.
func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// readFile decodes the regular file at p, the file rel of an export, into v.
func readFile(p, rel string, f Format, v any) error {
	st, err := os.Lstat(p)
	if err != nil {
		return &DamagedError{File: rel, Err: err}
	}
	if !st.Mode().IsRegular() {
		return &DamagedError{File: rel, Err: errors.New("not a regular file")}
	}
	file, err := os.Open(p)
	if err != nil {
		return &DamagedError{File: rel, Err: err}
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, MaxFileBytes+1))
	if err != nil {
		return &DamagedError{File: rel, Err: err}
	}
	if len(data) > MaxFileBytes {
		return &DamagedError{File: rel, Err: fmt.Errorf("larger than %d MiB", MaxFileBytes>>20)}
	}
	if err := decode(data, f, v); err != nil {
		return &DamagedError{File: rel, Err: err}
	}
	return nil
}
