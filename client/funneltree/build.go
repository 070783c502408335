package funneltree

import (
	"cmp"
	"slices"
	"strings"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// folderSep joins the names of a folder's path.
const folderSep = " / "

// maxFolderDepth bounds a folder's path: a parent chain longer than this (or a loop,
// which a damaged index or a strange server could hold) stops there.
const maxFolderDepth = 64

// FromSnapshot is the tree of what the index holds, in the order an export writes:
// the same records give the same tree, whatever order the index read them in. The
// manifest is left for the caller, but for its counts.
func FromSnapshot(snap *index.Snapshot) *Tree {
	t := &Tree{}
	paths := folderPaths(snap.Folders)
	for _, f := range snap.Folders {
		t.Folders = append(t.Folders, Folder{Path: paths[f.ID], Type: f.Type, ID: f.ID})
	}
	slices.SortFunc(t.Folders, func(a, b Folder) int { return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.ID, b.ID)) })

	pages := map[string][]index.Page{}
	for _, p := range snap.Pages {
		pages[p.FunnelID] = append(pages[p.FunnelID], p)
	}
	for _, f := range snap.Funnels {
		t.Funnels = append(t.Funnels, funnelOf(f, paths[f.ParentID], pages[f.ID]))
	}
	slices.SortFunc(t.Funnels, func(a, b Funnel) int {
		return cmp.Or(cmp.Compare(a.Folder, b.Folder), cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})

	for _, r := range snap.Redirects {
		t.Redirects = append(t.Redirects, Redirect{Domain: client.Host(r.Domain), Path: r.Path, Target: r.Target,
			Action: r.Action, Type: r.Type, ID: r.ID})
	}
	slices.SortFunc(t.Redirects, func(a, b Redirect) int {
		return cmp.Or(cmp.Compare(a.Domain, b.Domain), cmp.Compare(a.Path, b.Path), cmp.Compare(a.ID, b.ID))
	})
	t.Domains = domainsOf(t.Funnels, t.Redirects)
	t.Manifest.FormatVersion = FormatVersion
	t.Manifest.Counts = t.Count()
	return t
}

// folderPaths is each folder's path of names from the root, by id.
func folderPaths(folders []index.Folder) map[string]string {
	byID := make(map[string]index.Folder, len(folders))
	for _, f := range folders {
		byID[f.ID] = f
	}
	out := make(map[string]string, len(folders))
	for _, f := range folders {
		names := []string{nameOr(f.Name, f.ID)}
		for at, depth := f.ParentID, 0; at != "" && depth < maxFolderDepth; depth++ {
			p, ok := byID[at]
			if !ok {
				break
			}
			names = append(names, nameOr(p.Name, p.ID))
			at = p.ParentID
		}
		slices.Reverse(names)
		out[f.ID] = strings.Join(names, folderSep)
	}
	return out
}

func nameOr(name, id string) string {
	if strings.TrimSpace(name) == "" {
		return id
	}
	return name
}

// funnelOf is a funnel with its steps and their pages: each step's live pages in its
// order, then the step's other pages (archived) by name; pages that name no step of
// the funnel are its loose pages.
func funnelOf(f index.Funnel, folder string, pages []index.Page) Funnel {
	out := Funnel{Name: f.Name, Type: f.Type, Folder: folder, Domain: client.Host(f.DomainName), Path: f.URL, ID: f.ID,
		Steps: make([]Step, 0, len(f.Steps))}
	byID := make(map[string]index.Page, len(pages))
	for _, p := range pages {
		byID[p.ID] = p
	}
	placed := make(map[string]bool, len(pages))
	steps := slices.Clone(f.Steps)
	slices.SortStableFunc(steps, func(a, b index.Step) int { return cmp.Compare(a.Seq, b.Seq) })
	stepIDs := make(map[string]bool, len(steps))
	for _, s := range steps {
		stepIDs[s.ID] = true
	}
	for _, s := range steps {
		st := Step{Sequence: s.Seq, Name: s.Name, Path: s.URL, Type: s.Type, Split: s.Split, Traffic: s.Control, ID: s.ID,
			Pages: []Page{}}
		for _, id := range s.Pages {
			if p, ok := byID[id]; ok && !placed[id] {
				st.Pages = append(st.Pages, pageOf(p))
				placed[id] = true
			}
		}
		var rest []Page
		for _, p := range pages {
			if p.StepID == s.ID && !placed[p.ID] {
				rest = append(rest, pageOf(p))
				placed[p.ID] = true
			}
		}
		st.Pages = append(st.Pages, sortedPages(rest)...)
		out.Steps = append(out.Steps, st)
	}
	var loose []Page
	for _, p := range pages {
		if !placed[p.ID] {
			loose = append(loose, pageOf(p))
		}
	}
	out.Loose = sortedPages(loose)
	return out
}

func pageOf(p index.Page) Page { return Page{Name: p.Name, Archived: p.Deleted, ID: p.ID} }

func sortedPages(ps []Page) []Page {
	slices.SortFunc(ps, func(a, b Page) int { return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID)) })
	return ps
}

// domainsOf is every host the funnels and redirects use, with how many of each.
func domainsOf(funnels []Funnel, redirects []Redirect) []Domain {
	use := map[string]*Domain{}
	at := func(host string) *Domain {
		d := use[host]
		if d == nil {
			d = &Domain{Host: host}
			use[host] = d
		}
		return d
	}
	for _, f := range funnels {
		if f.Domain != "" {
			at(f.Domain).Funnels++
		}
	}
	for _, r := range redirects {
		if r.Domain != "" {
			at(r.Domain).Redirects++
		}
	}
	out := make([]Domain, 0, len(use))
	for _, d := range use {
		out = append(out, *d)
	}
	slices.SortFunc(out, func(a, b Domain) int { return cmp.Compare(a.Host, b.Host) })
	return out
}
