package index

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/funnelsdev/funnels/client"
)

// Kind is what an Item is.
type Kind uint8

// The kinds of "go to anything", in the order they are listed before a search ranks
// them: a funnel comes before the steps and pages named after it.
const (
	KindFunnel Kind = iota + 1
	KindFolder
	KindStep
	KindDomain
	KindRedirect
	KindPage
)

var kindNames = [...]string{KindFunnel: "funnel", KindFolder: "folder", KindStep: "step", KindDomain: "domain",
	KindRedirect: "redirect", KindPage: "page"}

// String is the kind in a word: "funnel", "page" …
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "item"
}

// MarshalText writes the kind as its word (for --json).
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Item is one thing "go to anything" and `funnels find` can find: what it is, what it
// is called, its path, where it sits, and the ids that open it in the browser.
type Item struct {
	Kind  Kind   `json:"kind"`
	ID    string `json:"id"`
	Name  string `json:"name"`
	Path  string `json:"path,omitempty"`  // a step's or page's URL path, a redirect's path
	Where string `json:"where,omitempty"` // the folders, funnel and step above it: "Webinars › Grow Your Gym"

	FolderID string `json:"folderId,omitempty"` // the folder that holds it (a funnel's, a step's …)
	FunnelID string `json:"funnelId,omitempty"`
	StepID   string `json:"stepId,omitempty"`
	Domain   string `json:"domain,omitempty"` // a redirect's or domain's host

	Website  bool `json:"website,omitempty"`  // a website rather than a funnel (and its pages)
	Archived bool `json:"archived,omitempty"` // an archived page
	Stale    bool `json:"stale"`              // kept from before, and this token can no longer read it
}

// URL is the item's public address (its domain and path), or "" when no domain is
// known. It is made when asked for: a location of 100,000 pages keeps no copy.
func (it *Item) URL() string {
	switch it.Kind {
	case KindDomain:
		return "https://" + client.Host(it.Domain)
	case KindFolder:
		return ""
	}
	return client.PublicURL(it.Domain, it.Path)
}

// StaleKinds says which kinds of record a sign-in can no longer read, from its access
// record: what it kept of them is shown as stale, not current. lost marks everything
// stale (the location or the token refused outright).
func StaleKinds(a client.Access, lost bool) func(Kind) bool {
	refused := func(f client.Family) bool { _, no := a.Refused(f); return lost || no }
	return func(k Kind) bool {
		switch k {
		case KindFolder:
			return refused(client.FamilyFolders)
		case KindFunnel, KindStep:
			return refused(client.FamilyFunnelList)
		case KindPage:
			return refused(client.FamilyPageList)
		case KindRedirect:
			return refused(client.FamilyRedirectList)
		case KindDomain:
			return refused(client.FamilyFunnelList) && refused(client.FamilyRedirectList)
		}
		return lost
	}
}

// crumbSep goes between the names of a path of folders, funnel and step.
const crumbSep = " › "

// Items lists every folder, funnel, step, page, redirect and domain the snapshot
// holds, each with where it sits; stale (nil: none) says which kinds are no longer
// current. A page's path is its step's; strings are as the server sent them.
func (s *Snapshot) Items(stale func(Kind) bool) []Item {
	if stale == nil {
		stale = func(Kind) bool { return false }
	}
	st := [...]bool{KindFunnel: stale(KindFunnel), KindFolder: stale(KindFolder), KindStep: stale(KindStep),
		KindDomain: stale(KindDomain), KindRedirect: stale(KindRedirect), KindPage: stale(KindPage)}
	out := make([]Item, 0, len(s.Folders)+len(s.Funnels)*5+len(s.Pages)+len(s.Redirects))

	folderPath := newFolderPather(s.Folders).path

	type stepAt struct {
		funnel *Funnel
		step   *Step
		where  string // folders › funnel › step
	}
	steps := map[string]stepAt{}
	funnelWhere := make(map[string]string, len(s.Funnels))
	domains := map[string]*domainUse{}
	for i := range s.Funnels {
		f := &s.Funnels[i]
		name := nameOr(f.Name, f.ID)
		where := folderPath(f.ParentID)
		out = append(out, Item{Kind: KindFunnel, ID: f.ID, Name: name, Path: f.URL, Where: where,
			FolderID: f.ParentID, FunnelID: f.ID, Domain: f.DomainName, Website: f.Type == "website",
			Stale: st[KindFunnel]})
		inside := joinCrumb(where, name)
		funnelWhere[f.ID] = inside
		if d := client.Host(f.DomainName); d != "" {
			domainOf(domains, d).funnels++
		}
		for j := range f.Steps {
			sp := &f.Steps[j]
			sname := nameOr(sp.Name, sp.ID)
			out = append(out, Item{Kind: KindStep, ID: sp.ID, Name: sname, Path: sp.URL, Where: inside,
				FolderID: f.ParentID, FunnelID: f.ID, StepID: sp.ID, Domain: f.DomainName, Website: f.Type == "website",
				Stale: st[KindStep]})
			steps[f.ID+"\x00"+sp.ID] = stepAt{funnel: f, step: sp, where: joinCrumb(inside, sname)}
		}
	}
	for i := range s.Folders {
		f := &s.Folders[i]
		stale := st[KindFolder]
		if f.Grouped { // known from the funnel list, not from folder entities
			stale = st[KindFunnel]
		}
		out = append(out, Item{Kind: KindFolder, ID: f.ID, Name: nameOr(f.Name, f.ID), Where: folderPath(f.ParentID),
			FolderID: f.ID, Website: f.Type == "website", Stale: stale})
	}
	for i := range s.Redirects {
		if d := client.Host(s.Redirects[i].Domain); d != "" {
			domainOf(domains, d).redirects++
		}
	}
	names := make([]string, 0, len(domains))
	for d := range domains {
		names = append(names, d)
	}
	slices.Sort(names)
	for _, d := range names {
		u := domains[d]
		out = append(out, Item{Kind: KindDomain, ID: d, Name: d, Where: u.describe(), Domain: d, Stale: st[KindDomain]})
	}
	for i := range s.Redirects {
		r := &s.Redirects[i]
		out = append(out, Item{Kind: KindRedirect, ID: r.ID, Name: r.Path, Path: r.Path, Where: client.Host(r.Domain) + " → " + r.Target,
			Domain: r.Domain, Stale: st[KindRedirect]})
	}
	for i := range s.Pages {
		p := &s.Pages[i]
		it := Item{Kind: KindPage, ID: p.ID, Name: nameOr(p.Name, p.ID), Path: p.URL, FunnelID: p.FunnelID,
			StepID: p.StepID, Archived: p.Deleted, Stale: st[KindPage]}
		if at, ok := steps[p.FunnelID+"\x00"+p.StepID]; ok {
			it.Where, it.FolderID, it.Domain = at.where, at.funnel.ParentID, at.funnel.DomainName
			it.Website = at.funnel.Type == "website"
			if it.Path == "" {
				it.Path = at.step.URL
			}
		} else if w, ok := funnelWhere[p.FunnelID]; ok {
			it.Where = w
		}
		out = append(out, it)
	}
	return out
}

// folderPather names the path of folders down to each folder ("Webinars › 2026"),
// made once per folder; a folder not known is named by its id.
type folderPather struct {
	folders map[string]*Folder
	paths   map[string]string
}

func newFolderPather(folders []Folder) *folderPather {
	p := &folderPather{folders: make(map[string]*Folder, len(folders)), paths: map[string]string{"": ""}}
	for i := range folders {
		p.folders[folders[i].ID] = &folders[i]
	}
	return p
}

// path is the path down to folder id ("" the root).
func (p *folderPather) path(id string) string { return p.pathAt(id, 0) }

func (p *folderPather) pathAt(id string, depth int) string {
	if path, ok := p.paths[id]; ok {
		return path
	}
	f := p.folders[id]
	name := id
	parent := ""
	if f != nil {
		name = nameOr(f.Name, f.ID)
		parent = f.ParentID
	}
	path := name
	if depth < 32 && parent != "" && parent != id {
		if up := p.pathAt(parent, depth+1); up != "" {
			path = up + crumbSep + name
		}
	}
	p.paths[id] = path
	return path
}

// domainUse counts what uses a domain.
type domainUse struct{ funnels, redirects int }

func domainOf(m map[string]*domainUse, d string) *domainUse {
	u := m[d]
	if u == nil {
		u = &domainUse{}
		m[d] = u
	}
	return u
}

// describe says what uses a domain: "3 funnels · 2 redirects".
func (u *domainUse) describe() string {
	var parts []string
	if u.funnels > 0 {
		parts = append(parts, count(u.funnels, "funnel"))
	}
	if u.redirects > 0 {
		parts = append(parts, count(u.redirects, "redirect"))
	}
	return strings.Join(parts, " · ")
}

func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func joinCrumb(where, name string) string {
	if where == "" {
		return name
	}
	return where + crumbSep + name
}

func nameOr(name, id string) string {
	if n := strings.TrimSpace(name); n != "" {
		return n
	}
	return id
}

// Key is what a search matches an item against, lower-cased: its name, its path,
// and the names it sits under — for a step its funnel, for a page its funnel and
// step, for a funnel or folder its folders. (A page's folders are left out: "spring
// offer" should find the Spring funnel's Offer page, not every page of a folder named
// Spring; the folder is an item of its own.)
func (it *Item) Key() string {
	return string(appendKey(make([]byte, 0, len(it.Name)+len(it.Path)+len(it.Where)+2), it))
}

// lastCrumbs is the last n names of a path of crumbs ("A › B › C", 2: "B › C").
func lastCrumbs(where string, n int) string {
	end := len(where)
	for ; n > 0; n-- {
		i := strings.LastIndex(where[:end], crumbSep)
		if i < 0 {
			return where
		}
		end = i
	}
	return where[end+len(crumbSep):]
}

// appendLower appends s lower-cased: byte by byte while it is ASCII (names and paths
// mostly are).
func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return append(b, strings.ToLower(s[i:])...)
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// MarshalJSON writes the item with its public address (url) for --json.
func (it Item) MarshalJSON() ([]byte, error) {
	type plain Item
	return json.Marshal(struct {
		plain
		URL string `json:"url,omitempty"`
	}{plain(it), it.URL()})
}
