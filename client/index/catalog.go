package index

import (
	"encoding/binary"
	"errors"
	"math"
	"runtime"
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
	textLen := 0
	for i := range list {
		textLen += len(list[i].Name) + len(list[i].Path) + len(list[i].Where) + 2
	}
	b := newCatalogBuilder(nil, len(list), snap.State.Gen, millis(snap.State.Crawled), textLen)
	for i := range list {
		it := &list[i]
		up := ""
		if it.Kind == KindFolder {
			up = parent[it.ID]
		}
		b.add(it, itemFlags(it, grouped[it.ID]), up)
	}
	return b.done()
}

// itemFlags are the flags of it in a catalog; grouped says a folder is known only
// from the funnel list.
func itemFlags(it *Item, grouped bool) byte {
	var f byte
	if it.Website {
		f |= flagWebsite
	}
	if it.Archived {
		f |= flagArchived
	}
	if it.Kind == KindFolder && grouped {
		f |= flagGrouped
	}
	return f
}

// catalogBuilder writes a catalog's two blobs, item by item: an item of a catalog
// made before (old) is copied, its texts left where they were in the old items blob
// (copied whole after the new offsets, so an item's offsets only move by one
// amount); a new item's texts are written after them, a string that many new items
// share once.
type catalogBuilder struct {
	old            *Catalog
	n, next        int
	keys, items    []byte
	endsAt, textAt int
	shift          int // what an old item's offsets move by
	shared         map[string]uint32
}

// oldText is where the texts of a catalog's items blob begin.
func (c *Catalog) oldText() int { return 4 * nFields * c.n }

// newCatalogBuilder is a builder of a catalog of n items (the generation gen, crawled
// then); textHint is about how many bytes of new text are coming.
func newCatalogBuilder(old *Catalog, n int, gen uint64, crawled int64, textHint int) *catalogBuilder {
	b := &catalogBuilder{old: old, n: n, shared: map[string]uint32{}}
	keyText := textHint
	oldText := 0
	if old != nil {
		keyText += len(old.keys) - old.textAt
		oldText = len(old.items) - old.oldText()
	}
	b.keys = make([]byte, catalogHeader+6*n, catalogHeader+6*n+keyText)
	copy(b.keys, catalogMagic)
	at := len(catalogMagic)
	binary.LittleEndian.PutUint64(b.keys[at:], gen)
	binary.LittleEndian.PutUint64(b.keys[at+8:], uint64(crawled))
	binary.LittleEndian.PutUint32(b.keys[at+16:], uint32(n))
	b.endsAt, b.textAt = catalogHeader+2*n, catalogHeader+6*n
	b.items = make([]byte, 4*nFields*n, 4*nFields*n+oldText+textHint+n*20)
	if old != nil {
		b.items = append(b.items, old.items[old.oldText():]...)
		b.shift = 4*nFields*n - old.oldText()
	}
	return b
}

// put writes s into the new texts and returns where.
func (b *catalogBuilder) put(s string) uint32 {
	at := uint32(len(b.items))
	b.items = binary.AppendUvarint(b.items, uint64(len(s)))
	b.items = append(b.items, s...)
	return at
}

// once is put for a string many items share: written once.
func (b *catalogBuilder) once(s string) uint32 {
	if at, ok := b.shared[s]; ok {
		return at
	}
	at := b.put(s)
	b.shared[s] = at
	return at
}

// endKey closes the key of the item just written.
func (b *catalogBuilder) endKey() {
	binary.LittleEndian.PutUint32(b.keys[b.endsAt+4*b.next:], uint32(len(b.keys)-b.textAt))
	b.next++
}

// add writes a new item; parent is a folder's parent folder.
func (b *catalogBuilder) add(it *Item, flags byte, parent string) {
	i := b.next
	b.keys[catalogHeader+i] = byte(it.Kind)
	b.keys[catalogHeader+b.n+i] = flags
	b.keys = appendKey(b.keys, it)
	offs := [nFields]uint32{fName: b.put(it.Name), fPath: b.once(it.Path), fWhere: b.once(it.Where), fID: b.put(it.ID),
		fFolderID: b.once(it.FolderID), fFunnelID: b.once(it.FunnelID), fStepID: b.once(it.StepID),
		fDomain: b.once(it.Domain), fParent: b.once(parent)}
	for f, o := range offs {
		binary.LittleEndian.PutUint32(b.items[4*(nFields*i+f):], o)
	}
	b.endKey()
}

// copyOld writes item j of the old catalog as it was.
func (b *catalogBuilder) copyOld(j int) {
	c, i := b.old, b.next
	b.keys[catalogHeader+i] = c.keys[c.kindsAt+j]
	b.keys[catalogHeader+b.n+i] = c.keys[c.flagsAt+j]
	b.keys = append(b.keys, c.Key(j)...)
	for f := range nFields {
		o := uint64(binary.LittleEndian.Uint32(c.items[4*(nFields*j+f):]))
		if o < uint64(c.oldText()) || o >= uint64(len(c.items)) {
			o = math.MaxUint32 // was not readable; stays so
		} else {
			o += uint64(b.shift)
		}
		binary.LittleEndian.PutUint32(b.items[4*(nFields*i+f):], uint32(o))
	}
	b.endKey()
}

// done returns the blobs.
func (b *catalogBuilder) done() (keys, items []byte) { return b.keys, b.items }

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

// release registers what frees the blobs (a mapping of the catalog's file) once
// nothing refers to the catalog: a Catalog is only ever shared by pointer, its texts
// are copied out (field), and its keys are read while it is held (Key), so nothing
// reads the blobs after.
func (c *Catalog) release(free func()) {
	runtime.AddCleanup(c, func(free func()) { free() }, free)
}

// Len is how many items the catalog holds.
func (c *Catalog) Len() int { return c.n }

// Gen is the write count of the index the catalog was made of.
func (c *Catalog) Gen() uint64 { return c.gen }

// Crawled is when the last crawl before it ended whole (zero: never).
func (c *Catalog) Crawled() time.Time { return Time(c.crawled) }

// Key is item i's Key, a part of one string (nothing is made). The string may be a
// part of the catalog's file mapped into memory: it is good while the catalog is
// held, and copied (strings.Clone) to be kept longer.
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
func (c *Catalog) field(i, f int) string { return string(c.fieldBytes(i, f)) }

// fieldBytes is item i's field f as the blob holds it (nothing is made).
func (c *Catalog) fieldBytes(i, f int) []byte {
	o := uint64(binary.LittleEndian.Uint32(c.items[4*(nFields*i+f):]))
	if o >= uint64(len(c.items)) {
		return nil
	}
	l, w := binary.Uvarint(c.items[o:])
	if w <= 0 || l > uint64(len(c.items))-o-uint64(w) {
		return nil
	}
	return c.items[o+uint64(w) : o+uint64(w)+l]
}

// Parent is the folder that holds item i when it is a folder ("" the root, or not a
// folder).
func (c *Catalog) Parent(i int) string { return c.field(i, fParent) }

// Domain is item i's domain ("" where it has none), read alone.
func (c *Catalog) Domain(i int) string { return c.field(i, fDomain) }

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
