package index

import (
	"bytes"
	"encoding/json"
	"slices"

	bolt "go.etcd.io/bbolt"

	"github.com/funnelsdev/funnels/client"
)

// A catalog is patched, not made again, when the index changed little since it was
// made: the items of the funnels that changed (the funnel, its steps, its pages) are
// made from their records, the folders and the redirects from theirs when any
// changed, the domains counted again, and every other item is copied from the old
// catalog as it was. The items keep the order a whole catalog has — funnels by id,
// each followed by its steps; folders by id; domains by name; redirects by id; pages
// by funnel and id — so the two ways give the same catalog.

// catalogSections are where each kind's items lie in a catalog: funnels with their
// steps, folders, domains, redirects, pages, each a run [from, to).
type catalogSections [5][2]int

const (
	secFunnels = iota
	secFolders
	secDomains
	secRedirects
	secPages
)

// sectionOf is the section of a kind.
var sectionOf = [...]int{KindFunnel: secFunnels, KindStep: secFunnels, KindFolder: secFolders, KindDomain: secDomains,
	KindRedirect: secRedirects, KindPage: secPages}

// sections finds the runs of c; false when its items are not in that order (it is
// then made whole).
func (c *Catalog) sections() (catalogSections, bool) {
	var s catalogSections
	sec := 0
	s[0][0] = 0
	for i := range c.n {
		k := c.Kind(i)
		if int(k) >= len(sectionOf) || k == 0 {
			return s, false
		}
		want := sectionOf[k]
		if want < sec {
			return s, false
		}
		for sec < want {
			s[sec][1] = i
			sec++
			s[sec][0] = i
		}
	}
	s[sec][1] = c.n
	for sec++; sec < len(s); sec++ {
		s[sec] = [2]int{c.n, c.n}
	}
	return s, true
}

// maxPatchShare is the share of a catalog's funnels past which it is made whole
// rather than patched.
const maxPatchShare = 4

// patchCatalog is old brought up to what the index in tx holds, given what changed
// since old was made; false when it is better made whole (old not of the layout, or
// too much changed). gen and crawled name the catalog made.
func patchCatalog(tx *bolt.Tx, old *Catalog, cs changeSet, gen uint64, crawled int64) (keys, items []byte, ok bool) {
	secs, ok := old.sections()
	if !ok {
		return nil, nil, false
	}
	mini := &Snapshot{}
	if err := tx.Bucket(bFolders).ForEach(func(_, v []byte) error {
		var f Folder
		if json.Unmarshal(v, &f) == nil {
			mini.Folders = append(mini.Folders, f)
		}
		return nil
	}); err != nil {
		return nil, nil, false
	}
	if cs.folders {
		// A funnel under a folder renamed or moved is placed anew, its steps and
		// pages with it.
		paths := newFolderPather(mini.Folders)
		for i := secs[secFunnels][0]; i < secs[secFunnels][1]; i++ {
			if old.Kind(i) == KindFunnel && old.field(i, fWhere) != paths.path(old.field(i, fFolderID)) {
				cs.funnel(old.field(i, fID))
			}
		}
	}
	funnels := 0
	for i := secs[secFunnels][0]; i < secs[secFunnels][1]; i++ {
		if old.Kind(i) == KindFunnel {
			funnels++
		}
	}
	if len(cs.funnels) > max(64, funnels/maxPatchShare) {
		return nil, nil, false
	}
	ids := cs.funnelIDs()
	fb, pb := tx.Bucket(bFunnels), tx.Bucket(bPages)
	for _, id := range ids {
		var f Funnel
		if get(fb, []byte(id), &f) {
			mini.Funnels = append(mini.Funnels, f)
		}
		prefix := funnelPrefix(id)
		c := pb.Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var p Page
			if json.Unmarshal(v, &p) == nil {
				mini.Pages = append(mini.Pages, p)
			}
		}
	}
	if cs.redirects {
		if err := tx.Bucket(bRedirects).ForEach(func(_, v []byte) error {
			var r Redirect
			if json.Unmarshal(v, &r) == nil {
				mini.Redirects = append(mini.Redirects, r)
			}
			return nil
		}); err != nil {
			return nil, nil, false
		}
	}
	keys, items = mergeCatalog(old, secs, cs, mini, gen, crawled)
	return keys, items, true
}

// patchPlan is the catalog to write, item by item: an item of the old catalog (its
// number, ≥ 0) or a new one (-1 - its place in fresh).
type patchPlan struct {
	at    []int32
	fresh []Item
}

func (p *patchPlan) keepOld(from, to int) {
	for i := from; i < to; i++ {
		p.at = append(p.at, int32(i))
	}
}

func (p *patchPlan) addNew(items []Item) {
	for _, it := range items {
		p.at = append(p.at, -1-int32(len(p.fresh)))
		p.fresh = append(p.fresh, it)
	}
}

// mergeGroups plans one section made of runs of items by funnel: old's runs in
// [from, to) whose funnel is not dirty, and the runs of fresh (all of dirty funnels),
// in the order of their funnels' ids.
func (p *patchPlan) mergeGroups(old *Catalog, from, to int, fresh []Item, dirty map[string]struct{}) {
	i, ni := from, 0
	for i < to || ni < len(fresh) {
		var oid []byte
		oend, nend := i, ni
		if i < to {
			oid = old.fieldBytes(i, fFunnelID)
			for oend = i + 1; oend < to && bytes.Equal(old.fieldBytes(oend, fFunnelID), oid); oend++ {
			}
		}
		if ni < len(fresh) {
			for nend = ni + 1; nend < len(fresh) && fresh[nend].FunnelID == fresh[ni].FunnelID; nend++ {
			}
		}
		switch {
		case ni >= len(fresh) || i < to && string(oid) < fresh[ni].FunnelID:
			if _, changed := dirty[string(oid)]; !changed {
				p.keepOld(i, oend)
			}
			i = oend
		case i >= to || fresh[ni].FunnelID < string(oid):
			p.addNew(fresh[ni:nend])
			ni = nend
		default: // the same funnel: its new items in place of the old
			p.addNew(fresh[ni:nend])
			i, ni = oend, nend
		}
	}
}

// mergeCatalog writes the patched catalog: old's items but those of the funnels
// changed (cs, whose items mini holds), of the folders and of the redirects when cs
// says they changed (mini holds them all then), with mini's in their place, and the
// domains counted again.
func mergeCatalog(old *Catalog, secs catalogSections, cs changeSet, mini *Snapshot, gen uint64, crawled int64) (keys, items []byte) {
	var funnels, folders, redirects, pages []Item
	for _, it := range mini.Items(nil) {
		switch it.Kind {
		case KindFunnel, KindStep: // each funnel with its steps after it
			funnels = append(funnels, it)
		case KindFolder:
			folders = append(folders, it)
		case KindRedirect:
			redirects = append(redirects, it)
		case KindPage:
			pages = append(pages, it)
		}
	}
	var p patchPlan
	p.mergeGroups(old, secs[secFunnels][0], secs[secFunnels][1], funnels, cs.funnels)
	if cs.folders {
		p.addNew(folders)
	} else {
		p.keepOld(secs[secFolders][0], secs[secFolders][1])
	}
	domainsAt := len(p.at)
	if cs.redirects {
		p.addNew(redirects)
	} else {
		p.keepOld(secs[secRedirects][0], secs[secRedirects][1])
	}
	redirectsEnd := len(p.at)
	p.mergeGroups(old, secs[secPages][0], secs[secPages][1], pages, cs.funnels)

	// The domains, counted from the funnels and redirects now listed, go between
	// the folders and the redirects.
	var funnelDomains, redirectDomains []string
	for _, at := range p.at[:domainsAt] {
		if p.kindOf(old, at) == KindFunnel {
			funnelDomains = append(funnelDomains, p.domainOf(old, at))
		}
	}
	for _, at := range p.at[domainsAt:redirectsEnd] {
		redirectDomains = append(redirectDomains, p.domainOf(old, at))
	}
	tail := slices.Clone(p.at[domainsAt:])
	p.at = p.at[:domainsAt]
	p.addNew(domainItems(funnelDomains, redirectDomains))
	p.at = append(p.at, tail...)

	grouped, parent := map[string]bool{}, map[string]string{}
	for i := range mini.Folders {
		f := &mini.Folders[i]
		grouped[f.ID], parent[f.ID] = f.Grouped, f.ParentID
	}
	textLen := 0
	for i := range p.fresh {
		textLen += len(p.fresh[i].Name) + len(p.fresh[i].Path) + len(p.fresh[i].Where) + 2
	}
	b := newCatalogBuilder(old, len(p.at), gen, crawled, textLen)
	for _, at := range p.at {
		if at >= 0 {
			b.copyOld(int(at))
			continue
		}
		it := &p.fresh[-1-at]
		up := ""
		if it.Kind == KindFolder {
			up = parent[it.ID]
		}
		b.add(it, itemFlags(it, grouped[it.ID]), up)
	}
	return b.done()
}

func (p *patchPlan) kindOf(old *Catalog, at int32) Kind {
	if at >= 0 {
		return old.Kind(int(at))
	}
	return p.fresh[-1-at].Kind
}

func (p *patchPlan) domainOf(old *Catalog, at int32) string {
	if at >= 0 {
		return old.field(int(at), fDomain)
	}
	return p.fresh[-1-at].Domain
}

// domainItems are the domain items of a catalog whose funnels use the domains of
// funnelDomains and whose redirects those of redirectDomains, in order.
func domainItems(funnelDomains, redirectDomains []string) []Item {
	uses := map[string]*domainUse{}
	for _, d := range funnelDomains {
		if h := client.Host(d); h != "" {
			domainOf(uses, h).funnels++
		}
	}
	for _, d := range redirectDomains {
		if h := client.Host(d); h != "" {
			domainOf(uses, h).redirects++
		}
	}
	names := make([]string, 0, len(uses))
	for d := range uses {
		names = append(names, d)
	}
	slices.Sort(names)
	out := make([]Item, len(names))
	for i, d := range names {
		out[i] = Item{Kind: KindDomain, ID: d, Name: d, Where: uses[d].describe(), Domain: d}
	}
	return out
}
