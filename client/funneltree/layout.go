package funneltree

import (
	"path"
	"strings"
)

// The names of an export's files, without the format's extension.
const (
	manifestName  = "manifest"
	foldersName   = "folders"
	domainsName   = "domains"
	redirectsName = "redirects"
	funnelsDir    = "funnels"
)

// foldersFile, domainsFile and redirectsFile are what those files hold.
type foldersFile struct {
	Folders []Folder `json:"folders" yaml:"folders"`
}

type domainsFile struct {
	Domains []Domain `json:"domains" yaml:"domains"`
}

type redirectsFile struct {
	Redirects []Redirect `json:"redirects" yaml:"redirects"`
}

// File is one file of an export: its path inside the export (slash-separated) and
// what it holds.
type File struct {
	Path string
	Data []byte
}

// Files is the tree as the files of an export in format f, manifest first, then in
// the order of their paths' records: the same tree always gives the same files.
func (t *Tree) Files(f Format) ([]File, error) {
	out := make([]File, 0, len(t.Funnels)+4)
	add := func(name string, v any) error {
		data, err := encode(v, f)
		if err != nil {
			return err
		}
		out = append(out, File{Path: name, Data: data})
		return nil
	}
	m := t.Manifest
	m.Format, m.FormatVersion, m.Counts = string(f), FormatVersion, t.Count()
	for _, e := range []struct {
		name string
		v    any
	}{
		{manifestName, m},
		{foldersName, foldersFile{orEmpty(t.Folders)}},
		{domainsName, domainsFile{orEmpty(t.Domains)}},
		{redirectsName, redirectsFile{orEmpty(t.Redirects)}},
	} {
		if err := add(e.name+f.ext(), e.v); err != nil {
			return nil, err
		}
	}
	first := len(out)
	for _, p := range t.FunnelFiles(f) {
		out = append(out, File{Path: p})
	}
	err := each(len(t.Funnels), func(i int) error {
		data, err := encode(&t.Funnels[i], f)
		out[first+i].Data = data
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// FunnelFiles are the paths inside an export in format f of the files of the tree's
// funnels, in the order of t.Funnels.
func (t *Tree) FunnelFiles(f Format) []string {
	out := make([]string, len(t.Funnels))
	names := map[string]namer{}
	for i := range t.Funnels {
		dir := folderDir(t.Funnels[i].Folder)
		if names[dir] == nil {
			names[dir] = namer{}
		}
		out[i] = path.Join(dir, names[dir].unique(slug(t.Funnels[i].Name, "funnel"))+f.ext())
	}
	return out
}

// folderDir is the directory of a folder's funnels: each name of its path slugged.
func folderDir(folder string) string {
	parts := []string{funnelsDir}
	if folder != "" {
		for _, name := range strings.Split(folder, folderSep) {
			parts = append(parts, slug(name, "folder"))
		}
	}
	return path.Join(parts...)
}

func orEmpty[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}
