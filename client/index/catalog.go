package index

import (
	"encoding/binary"
	"errors"
	"time"
)

// Catalog is every Item of the index in a compact form, made once per generation of
// the index (its write count) and kept in the index itself (catalog_store.go), so
// "go to anything" and `funnels find` open without decoding a record.
//
// It is two blobs, each read as one value. The keys blob holds what a search needs:
// every item's kind and flags, and every item's Key lower-cased, end to end in one
// string with the end of each. The items blob holds what showing an item needs: per
// item nine offsets into a text of length-prefixed strings, in which a string that
// many items share (a where, a step's path, a funnel's id) is written once. 200,000
// items are then two allocations, not a million strings, and a search reads only the
// keys: the items blob is read where a row is shown.
type Catalog struct {
	gen     uint64
	crawled int64
	n       int
	keys    string // the keys blob
	items   []byte // the items blob
	// Where the keys blob's sections start.
	kindsAt, flagsAt, endsAt, textAt int
}

// catalogMagic begins a keys blob; a blob of another layout is made again.
const catalogMagic = "fcat1"

// The fields of an item in the items blob, in this order.
const (
	fName = iota
	fPath
	fWhere
	fID
	fFolderID
	fFunnelID
	fStepID
	fDomain
	fParent // a folder's parent folder
	nFields
)

// Flags of an item.
const (
	flagWebsite  = 1 << iota
	flagArchived // an archived page
	flagGrouped  // a folder known only from the funnel list: stale as funnels are
)

// catalogHeader is the magic, the generation, when the index was crawled and the
// item count.
const catalogHeader = len(catalogMagic) + 8 + 8 + 4

var errCatalog = errors.New("index: the catalog is not readable")

// buildCatalog makes the catalog of a snapshot.
func buildCatalog(snap *Snapshot) (keys, items []byte) {
	list := snap.Items(nil)
	grouped, parent := map[string]bool{}, map[string]string{}
	for i := range snap.Folders {
		f := &snap.Folders[i]
		grouped[f.ID], parent[f.ID] = f.Grouped, f.ParentID
	}
	n := len(list)
	textLen := 0
	for i := range list {
		textLen += len(list[i].Name) + len(list[i].Path) + len(list[i].Where) + 2
	}
	keys = make([]byte, catalogHeader, catalogHeader+n*6+textLen)
	copy(keys, catalogMagic)
	at := len(catalogMagic)
	binary.LittleEndian.PutUint64(keys[at:], snap.State.Gen)
	binary.LittleEndian.PutUint64(keys[at+8:], uint64(millis(snap.State.Crawled)))
	binary.LittleEndian.PutUint32(keys[at+16:], uint32(n))
	for i := range list {
		keys = append(keys, byte(list[i].Kind))
	}
	for i := range list {
		it := &list[i]
		var f byte
		if it.Website {
			f |= flagWebsite
		}
		if it.Archived {
			f |= flagArchived
		}
		if it.Kind == KindFolder && grouped[it.ID] {
			f |= flagGrouped
		}
		keys = append(keys, f)
	}
	endsAt := len(keys)
	keys = append(keys, make([]byte, 4*n)...)
	textAt := len(keys)
	for i := range list {
		keys = appendKey(keys, &list[i])
		binary.LittleEndian.PutUint32(keys[endsAt+4*i:], uint32(len(keys)-textAt))
	}

	items = make([]byte, 4*nFields*n, 4*nFields*n+textLen+n*60)
	shared := map[string]uint32{} // strings many items hold, written once
	put := func(s string) uint32 {
		at := uint32(len(items))
		items = binary.AppendUvarint(items, uint64(len(s)))
		items = append(items, s...)
		return at
	}
	once := func(s string) uint32 {
		if at, ok := shared[s]; ok {
			return at
		}
		at := put(s)
		shared[s] = at
		return at
	}
	for i := range list {
		it := &list[i]
		up := ""
		if it.Kind == KindFolder {
			up = parent[it.ID]
		}
		offs := [nFields]uint32{fName: put(it.Name), fPath: once(it.Path), fWhere: once(it.Where), fID: put(it.ID),
			fFolderID: once(it.FolderID), fFunnelID: once(it.FunnelID), fStepID: once(it.StepID), fDomain: once(it.Domain),
			fParent: once(up)}
		for f, o := range offs {
			binary.LittleEndian.PutUint32(items[4*(nFields*i+f):], o)
		}
	}
	return keys, items
}

// appendKey appends it.Key() to b, without making the string first.
func appendKey(b []byte, it *Item) []byte {
	where := it.Where
	switch it.Kind {
	case KindStep:
		where = lastCrumbs(where, 1)
	case KindPage:
		where = lastCrumbs(where, 2)
	}
	b = appendLower(b, it.Name)
	if it.Path != "" && it.Path != it.Name {
		b = appendLower(append(b, ' '), it.Path)
	}
	if where != "" {
		b = appendLower(append(b, ' '), where)
	}
	return b
}

// openCatalog reads the blobs, checking the keys' offsets once (a search reads every
// key); an item's offsets are checked as it is read (field), so a search touches no
// more of the items blob than the items it shows.
func openCatalog(keys string, items []byte) (*Catalog, error) {
	if len(keys) < catalogHeader || keys[:len(catalogMagic)] != catalogMagic {
		return nil, errCatalog
	}
	at := len(catalogMagic)
	c := &Catalog{keys: keys, items: items, gen: u64(keys, at), crawled: int64(u64(keys, at+8)), n: int(u32(keys, at+16))}
	c.kindsAt = catalogHeader
	c.flagsAt = c.kindsAt + c.n
	c.endsAt = c.flagsAt + c.n
	c.textAt = c.endsAt + 4*c.n
	if c.n < 0 || c.textAt > len(keys) || len(items) < 4*nFields*c.n {
		return nil, errCatalog
	}
	prev := 0
	for i := range c.n {
		e := int(u32(keys, c.endsAt+4*i))
		if e < prev || c.textAt+e > len(keys) {
			return nil, errCatalog
		}
		prev = e
	}
	return c, nil
}

func u32(s string, at int) uint32 {
	return uint32(s[at]) | uint32(s[at+1])<<8 | uint32(s[at+2])<<16 | uint32(s[at+3])<<24
}

func u64(s string, at int) uint64 { return uint64(u32(s, at)) | uint64(u32(s, at+4))<<32 }

// Len is how many items the catalog holds.
func (c *Catalog) Len() int { return c.n }

// Gen is the write count of the index the catalog was made of.
func (c *Catalog) Gen() uint64 { return c.gen }

// Crawled is when the last crawl before it ended whole (zero: never).
func (c *Catalog) Crawled() time.Time { return Time(c.crawled) }

// Key is item i's Key, a part of one string (nothing is made).
func (c *Catalog) Key(i int) string {
	from := 0
	if i > 0 {
		from = int(u32(c.keys, c.endsAt+4*(i-1)))
	}
	return c.keys[c.textAt+from : c.textAt+int(u32(c.keys, c.endsAt+4*i))]
}

// Kind is item i's kind.
func (c *Catalog) Kind(i int) Kind { return Kind(c.keys[c.kindsAt+i]) }

// field is item i's field f.
func (c *Catalog) field(i, f int) string {
	o := int(binary.LittleEndian.Uint32(c.items[4*(nFields*i+f):]))
	if o >= len(c.items) {
		return ""
	}
	l, w := binary.Uvarint(c.items[o:])
	if w <= 0 || l > uint64(len(c.items)-o-w) {
		return ""
	}
	return string(c.items[o+w : o+w+int(l)])
}

// Parent is the folder that holds item i when it is a folder ("" the root, or not a
// folder).
func (c *Catalog) Parent(i int) string { return c.field(i, fParent) }

// Item is item i whole; stale (nil: none) says which kinds are no longer current.
func (c *Catalog) Item(i int, stale func(Kind) bool) Item {
	k, fl := c.Kind(i), c.keys[c.flagsAt+i]
	it := Item{Kind: k, Name: c.field(i, fName), Path: c.field(i, fPath), Where: c.field(i, fWhere),
		ID: c.field(i, fID), FolderID: c.field(i, fFolderID), FunnelID: c.field(i, fFunnelID),
		StepID: c.field(i, fStepID), Domain: c.field(i, fDomain),
		Website: fl&flagWebsite != 0, Archived: fl&flagArchived != 0}
	if stale != nil {
		if fl&flagGrouped != 0 {
			k = KindFunnel
		}
		it.Stale = stale(k)
	}
	return it
}
