package funneltree

import (
	"cmp"
	"slices"
	"strconv"
)

// Op is what happened to a record between two trees.
type Op string

// The ops of a change.
const (
	Added   Op = "added"
	Removed Op = "removed"
	Changed Op = "changed"
)

// Kind is the kind of record a change is about.
type Kind string

// The kinds of records a diff compares.
const (
	KindFolder   Kind = "folder"
	KindFunnel   Kind = "funnel"
	KindStep     Kind = "step"
	KindPage     Kind = "page"
	KindDomain   Kind = "domain"
	KindRedirect Kind = "redirect"
)

// Kinds are the kinds in the order a diff lists them.
func Kinds() []Kind {
	return []Kind{KindFolder, KindFunnel, KindStep, KindPage, KindDomain, KindRedirect}
}

// Field is one field of a record changed: its name and its values before and after,
// as text.
type Field struct {
	Name string `json:"field"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

// Change is one record added, removed or changed. Funnel names the funnel a funnel,
// step or page belongs to (its name in B, or in A when removed); Step the step a
// page belongs to ("" for a page of no step). Name and Path say which record.
type Change struct {
	Op     Op      `json:"op"`
	Kind   Kind    `json:"kind"`
	Funnel string  `json:"funnel,omitempty"`
	Step   string  `json:"step,omitempty"`
	Name   string  `json:"name"`
	Path   string  `json:"path,omitempty"`
	Fields []Field `json:"fields,omitempty"`
}

// Options change what a diff counts as different.
type Options struct {
	// IgnoreDomains compares as if every domain were the same one: for a client's copy
	// of a template, served on the client's own domains. Funnels and redirects are
	// matched without their host, a funnel's domain is not compared, and the domains
	// in use are not listed.
	IgnoreDomains bool
}

// Diff is every difference between tree A and tree B: folders first, then each
// funnel's (the funnel, then its steps and pages in order; funnels in B's order,
// then those only in A), then domains and redirects.
func Diff(a, b *Tree, opts Options) []Change {
	var out []Change
	out = diffFolders(out, a.Folders, b.Folders)
	out = diffFunnels(out, a.Funnels, b.Funnels, opts)
	if !opts.IgnoreDomains {
		out = diffDomains(out, a.Domains, b.Domains)
	}
	return diffRedirects(out, a.Redirects, b.Redirects, opts)
}

// fields compares the named values of a and b: the fields that differ.
func fields(names []string, a, b []string) []Field {
	var out []Field
	for i, n := range names {
		if a[i] != b[i] {
			out = append(out, Field{Name: n, Old: a[i], New: b[i]})
		}
	}
	return out
}

// sides gives item i of list a (side 0) or b (side 1), for the keys of match.
func sides[T any](a, b []T) func(side, i int) *T {
	return func(side, i int) *T {
		if side == 0 {
			return &a[i]
		}
		return &b[i]
	}
}

// inOrderOfB is the matched pairs in B's order.
func inOrderOfB(p pairs) [][2]int {
	both := slices.Clone(p.both)
	slices.SortFunc(both, func(x, y [2]int) int { return cmp.Compare(x[1], y[1]) })
	return both
}

func diffFolders(out []Change, a, b []Folder) []Change {
	pick := sides(a, b)
	p := match(len(a), len(b), func(side, i int) string { return nameKey(pick(side, i).Path) })
	for _, ij := range inOrderOfB(p) {
		x, y := a[ij[0]], b[ij[1]]
		if f := fields([]string{"path", "type"}, []string{x.Path, x.Type}, []string{y.Path, y.Type}); f != nil {
			out = append(out, Change{Op: Changed, Kind: KindFolder, Name: y.Path, Fields: f})
		}
	}
	for _, j := range p.onlyB {
		out = append(out, Change{Op: Added, Kind: KindFolder, Name: b[j].Path})
	}
	for _, i := range p.onlyA {
		out = append(out, Change{Op: Removed, Kind: KindFolder, Name: a[i].Path})
	}
	return out
}

// funnelValues are the fields of a funnel a diff compares, named by funnelFields;
// without the domain when domains are ignored.
func funnelValues(f *Funnel, opts Options) []string {
	domain := f.Domain
	if opts.IgnoreDomains {
		domain = ""
	}
	return []string{f.Name, f.Type, f.Folder, domain, f.Path}
}

var funnelFields = []string{"name", "type", "folder", "domain", "path"}

func diffFunnels(out []Change, a, b []Funnel, opts Options) []Change {
	pick := sides(a, b)
	host := func(f *Funnel) string {
		if opts.IgnoreDomains {
			return ""
		}
		return f.Domain
	}
	p := match(len(a), len(b),
		func(side, i int) string { f := pick(side, i); return addressKey(host(f), f.Path) },
		func(side, i int) string { return pathKey(pick(side, i).Path) },
		func(side, i int) string { f := pick(side, i); return nameKey(f.Folder) + "\x00" + nameKey(f.Name) },
		func(side, i int) string { return nameKey(pick(side, i).Name) },
	)
	for _, ij := range inOrderOfB(p) {
		x, y := &a[ij[0]], &b[ij[1]]
		if f := fields(funnelFields, funnelValues(x, opts), funnelValues(y, opts)); f != nil {
			out = append(out, Change{Op: Changed, Kind: KindFunnel, Funnel: y.Name, Name: y.Name, Path: y.Path, Fields: f})
		}
		out = diffSteps(out, y.Name, x.Steps, y.Steps)
		out = diffPages(out, y.Name, "", x.Loose, y.Loose)
	}
	for _, j := range p.onlyB {
		out = append(out, Change{Op: Added, Kind: KindFunnel, Funnel: b[j].Name, Name: b[j].Name, Path: b[j].Path})
	}
	for _, i := range p.onlyA {
		out = append(out, Change{Op: Removed, Kind: KindFunnel, Funnel: a[i].Name, Name: a[i].Name, Path: a[i].Path})
	}
	return out
}

func stepValues(s *Step) []string {
	return []string{strconv.Itoa(s.Sequence), s.Name, s.Path, s.Type, strconv.FormatBool(s.Split),
		strconv.FormatFloat(s.Traffic, 'f', -1, 64)}
}

var stepFields = []string{"sequence", "name", "path", "type", "split", "traffic"}

func diffSteps(out []Change, funnel string, a, b []Step) []Change {
	pick := sides(a, b)
	p := match(len(a), len(b),
		func(side, i int) string { return pathKey(pick(side, i).Path) },
		func(side, i int) string { return nameKey(pick(side, i).Name) },
	)
	for _, ij := range inOrderOfB(p) {
		x, y := &a[ij[0]], &b[ij[1]]
		if f := fields(stepFields, stepValues(x), stepValues(y)); f != nil {
			out = append(out, Change{Op: Changed, Kind: KindStep, Funnel: funnel, Name: y.Name, Path: y.Path, Fields: f})
		}
		out = diffPages(out, funnel, y.Name, x.Pages, y.Pages)
	}
	for _, j := range p.onlyB {
		out = append(out, Change{Op: Added, Kind: KindStep, Funnel: funnel, Name: b[j].Name, Path: b[j].Path})
	}
	for _, i := range p.onlyA {
		out = append(out, Change{Op: Removed, Kind: KindStep, Funnel: funnel, Name: a[i].Name, Path: a[i].Path})
	}
	return out
}

func diffPages(out []Change, funnel, step string, a, b []Page) []Change {
	pick := sides(a, b)
	p := match(len(a), len(b),
		func(side, i int) string { return nameKey(pick(side, i).Name) },
		func(_, i int) string { return strconv.Itoa(i) },
	)
	for _, ij := range inOrderOfB(p) {
		x, y := &a[ij[0]], &b[ij[1]]
		f := fields([]string{"name", "archived"}, []string{x.Name, strconv.FormatBool(x.Archived)},
			[]string{y.Name, strconv.FormatBool(y.Archived)})
		if f != nil {
			out = append(out, Change{Op: Changed, Kind: KindPage, Funnel: funnel, Step: step, Name: y.Name, Fields: f})
		}
	}
	for _, j := range p.onlyB {
		out = append(out, Change{Op: Added, Kind: KindPage, Funnel: funnel, Step: step, Name: b[j].Name})
	}
	for _, i := range p.onlyA {
		out = append(out, Change{Op: Removed, Kind: KindPage, Funnel: funnel, Step: step, Name: a[i].Name})
	}
	return out
}

func diffDomains(out []Change, a, b []Domain) []Change {
	pick := sides(a, b)
	p := match(len(a), len(b), func(side, i int) string { return nameKey(pick(side, i).Host) })
	for _, j := range p.onlyB {
		out = append(out, Change{Op: Added, Kind: KindDomain, Name: b[j].Host})
	}
	for _, i := range p.onlyA {
		out = append(out, Change{Op: Removed, Kind: KindDomain, Name: a[i].Host})
	}
	return out
}

var redirectFields = []string{"target", "action", "type"}

func diffRedirects(out []Change, a, b []Redirect, opts Options) []Change {
	pick := sides(a, b)
	p := match(len(a), len(b), func(side, i int) string {
		r := pick(side, i)
		if opts.IgnoreDomains {
			return pathKey(r.Path)
		}
		return nameKey(r.Domain) + pathKey(r.Path)
	})
	for _, ij := range inOrderOfB(p) {
		x, y := &a[ij[0]], &b[ij[1]]
		if f := fields(redirectFields, []string{x.Target, x.Action, x.Type}, []string{y.Target, y.Action, y.Type}); f != nil {
			out = append(out, Change{Op: Changed, Kind: KindRedirect, Name: y.Domain, Path: y.Path, Fields: f})
		}
	}
	for _, j := range p.onlyB {
		out = append(out, Change{Op: Added, Kind: KindRedirect, Name: b[j].Domain, Path: b[j].Path,
			Fields: []Field{{Name: "target", New: b[j].Target}}})
	}
	for _, i := range p.onlyA {
		out = append(out, Change{Op: Removed, Kind: KindRedirect, Name: a[i].Domain, Path: a[i].Path,
			Fields: []Field{{Name: "target", Old: a[i].Target}}})
	}
	return out
}
