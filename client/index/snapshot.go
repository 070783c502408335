package index

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
	"slices"
	"strconv"

	bolt "go.etcd.io/bbolt"
)

// A snapshot is what the last whole crawl saw of every folder, funnel, step and page:
// one entry per item in the seen bucket, keyed by kind and id, its value a fixed
// 8-byte digest of the fields a person sees followed by those fields. A crawl that
// ends whole compares what the index now holds with it: an equal digest is an item
// unchanged, so only the few entries whose digest differs are decoded, and only they
// are written again. What differed becomes the crawl's change set (changes.go).

// Item kinds, the first byte of a seen key.
const (
	kindFolder byte = 'd'
	kindFunnel byte = 'f'
	kindStep   byte = 's'
	kindPage   byte = 'p'
)

// fieldNames are the fields a person sees of each kind, in the order an entry keeps
// their values.
var fieldNames = map[byte][]string{
	kindFolder: {"name", "type", "folder"},
	kindFunnel: {"name", "type", "folder", "domain", "path"},
	kindStep:   {"name", "path", "type", "sequence", "split", "traffic"},
	kindPage:   {"name", "path", "archived"},
}

// itemWords name the kinds in what a person reads.
var itemWords = map[byte]string{kindFolder: "folder", kindFunnel: "funnel", kindStep: "step", kindPage: "page"}

// entry is one item as a snapshot keeps it.
type entry struct {
	Kind     byte     `json:"k"`
	ID       string   `json:"i"`
	FunnelID string   `json:"f,omitempty"` // a step's or a page's funnel
	Funnel   string   `json:"fn,omitempty"`
	Values   []string `json:"v"`
}

// digestSize is the length of an entry's digest, the first bytes of its value.
const digestSize = 8

// digest is FNV-1a over the kind and the values, each ended by a 0 byte.
func (e *entry) digest() uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte{e.Kind, 0})
	for _, v := range e.Values {
		_, _ = h.Write([]byte(v))
		_, _ = h.Write([]byte{0})
	}
	return h.Sum64()
}

// seenKey is the kind, the funnel's id and 0 (for a step or a page), and the id.
func seenKey(e *entry) []byte {
	if e.FunnelID == "" {
		return append([]byte{e.Kind}, e.ID...)
	}
	return append([]byte{e.Kind}, join2(e.FunnelID, e.ID)...)
}

func encodeEntry(e *entry) ([]byte, error) {
	raw, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	out := make([]byte, digestSize, digestSize+len(raw))
	binary.BigEndian.PutUint64(out, e.digest())
	return append(out, raw...), nil
}

// decodeEntry reads an entry's fields; false for one that cannot be read.
func decodeEntry(v []byte) (entry, bool) {
	var e entry
	if len(v) <= digestSize || json.Unmarshal(v[digestSize:], &e) != nil || fieldNames[e.Kind] == nil ||
		len(e.Values) != len(fieldNames[e.Kind]) {
		return entry{}, false
	}
	return e, true
}

func flag(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// entriesOf calls fn with every item the index holds, as a snapshot keeps it.
func entriesOf(tx *bolt.Tx, fn func(e *entry) error) error {
	where, folders := folderWhere(tx)
	for _, f := range folders {
		if err := fn(&entry{Kind: kindFolder, ID: f.ID, Values: []string{f.Name, f.Type, where(f.ParentID)}}); err != nil {
			return err
		}
	}
	funnelNames := map[string]string{}
	if err := tx.Bucket(bFunnels).ForEach(func(_, v []byte) error {
		var f Funnel
		if json.Unmarshal(v, &f) != nil {
			return nil
		}
		funnelNames[f.ID] = f.Name
		return funnelEntries(&f, where, fn)
	}); err != nil {
		return err
	}
	return tx.Bucket(bPages).ForEach(func(_, v []byte) error {
		return pageEntry(v, funnelNames, fn)
	})
}

// folderWhere reads the folders: where names the folder an item sits in by its name.
func folderWhere(tx *bolt.Tx) (where func(id string) string, folders []Folder) {
	folderNames := map[string]string{}
	_ = tx.Bucket(bFolders).ForEach(func(_, v []byte) error {
		var f Folder
		if json.Unmarshal(v, &f) == nil {
			folderNames[f.ID] = f.Name
			folders = append(folders, f)
		}
		return nil
	})
	return func(id string) string {
		if id == "" {
			return "(top level)"
		}
		if n, ok := folderNames[id]; ok && n != "" {
			return n
		}
		return id
	}, folders
}

// funnelEntries calls fn with the entries of a funnel and its steps.
func funnelEntries(f *Funnel, where func(string) string, fn func(e *entry) error) error {
	if err := fn(&entry{Kind: kindFunnel, ID: f.ID, Funnel: f.Name,
		Values: []string{f.Name, f.Type, where(f.ParentID), f.DomainName, f.URL}}); err != nil {
		return err
	}
	for _, s := range f.Steps {
		e := entry{Kind: kindStep, ID: s.ID, FunnelID: f.ID, Funnel: f.Name, Values: []string{
			s.Name, s.URL, s.Type, strconv.Itoa(s.Seq), flag(s.Split), strconv.FormatFloat(s.Control, 'f', -1, 64)}}
		if err := fn(&e); err != nil {
			return err
		}
	}
	return nil
}

// pageEntry calls fn with the entry of the page record v (none when it cannot be
// read); funnelNames names its funnel.
func pageEntry(v []byte, funnelNames map[string]string, fn func(e *entry) error) error {
	var p Page
	if json.Unmarshal(v, &p) != nil {
		return nil
	}
	return fn(&entry{Kind: kindPage, ID: p.ID, FunnelID: p.FunnelID, Funnel: funnelNames[p.FunnelID],
		Values: []string{p.Name, p.URL, flag(p.Deleted)}})
}

// seenPrefix is where a snapshot keeps entries: the keys that begin with key, or
// (exact) key alone.
type seenPrefix struct {
	key   []byte
	exact bool
}

// entriesOfFunnels calls fn with the entries of the funnels ids (in order), their
// steps, then their pages, as entriesOf lists them; seenPrefixes are where a
// snapshot keeps what it saw of them.
func entriesOfFunnels(tx *bolt.Tx, ids []string, fn func(e *entry) error) (seenPrefixes []seenPrefix, err error) {
	where, _ := folderWhere(tx)
	funnelNames := map[string]string{}
	fb := tx.Bucket(bFunnels)
	for _, id := range ids {
		seenPrefixes = append(seenPrefixes, seenPrefix{append([]byte{kindFunnel}, id...), true},
			seenPrefix{append([]byte{kindStep}, funnelPrefix(id)...), false},
			seenPrefix{append([]byte{kindPage}, funnelPrefix(id)...), false})
		var f Funnel
		if !get(fb, []byte(id), &f) {
			continue
		}
		funnelNames[f.ID] = f.Name
		if err := funnelEntries(&f, where, fn); err != nil {
			return nil, err
		}
	}
	pb := tx.Bucket(bPages)
	for _, id := range ids {
		prefix := funnelPrefix(id)
		c := pb.Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			if err := pageEntry(v, funnelNames, fn); err != nil {
				return nil, err
			}
		}
	}
	return seenPrefixes, nil
}

// Keys of the meta bucket that say what the snapshot is of.
var (
	mSeenGen = []byte("seen.gen") // the generation of the write that last brought the snapshot up to date
	mSeenN   = []byte("seen.n")   // how many entries the snapshot holds
)

// compareSnapshot brings the seen bucket to what the index holds and returns what
// differed: the new and changed entries in the order the records are read, then those
// removed. first is true when there was no snapshot to compare with (everything is
// the baseline). When what changed since the snapshot is known (tracked.go) and no
// folder changed, only the funnels that changed are read and compared (their steps
// and pages with them), written as in the whole comparison; else every item is. gen
// is the generation of this write, whose own changes are mine.
func compareSnapshot(tx *bolt.Tx, gen uint64, mine *changeSet) (changes []Change, items int, first bool, err error) {
	seen := tx.Bucket(bSeen)
	seen.FillPercent = fillPercent
	m := tx.Bucket(bMeta)
	k, _ := seen.Cursor().First()
	first = k == nil
	var cs changeSet
	ok := false
	if !first && m.Get(mSeenGen) != nil && m.Get(mSeenN) != nil {
		cs, ok = changesSince(tx, btoi(m.Get(mSeenGen)))
	}
	cs.add(mine)
	var cmp *snapshotCompare
	if ok && !cs.folders {
		cmp = &snapshotCompare{seen: seen, first: first}
		var prefixes []seenPrefix
		if prefixes, err = entriesOfFunnels(tx, cs.funnelIDs(), cmp.entry); err != nil {
			return nil, 0, false, err
		}
		if err = cmp.write(); err != nil {
			return nil, 0, false, err
		}
		// Removed entries are listed in key order, as the whole comparison lists them.
		slices.SortFunc(prefixes, func(a, b seenPrefix) int { return bytes.Compare(a.key, b.key) })
		for _, p := range prefixes {
			cmp.removeUnder(p.key, p.exact)
		}
		items = int(btoi(m.Get(mSeenN))) + cmp.added - len(cmp.gone)
	} else {
		cmp = &snapshotCompare{seen: seen, first: first}
		if err = entriesOf(tx, cmp.entry); err != nil {
			return nil, 0, false, err
		}
		if err = cmp.write(); err != nil {
			return nil, 0, false, err
		}
		cmp.removeUnder(nil, false)
		items = cmp.items
	}
	if err = cmp.dropGone(); err != nil {
		return nil, 0, false, err
	}
	if err := m.Put(mSeenGen, itob(gen)); err != nil {
		return nil, 0, false, err
	}
	if err := m.Put(mSeenN, itob(uint64(max(items, 0)))); err != nil {
		return nil, 0, false, err
	}
	return cmp.changes, items, first, nil
}

// snapshotCompare is one comparison of items with the snapshot: the entries that
// differ, written after in key order (the first snapshot of a large location fills
// the bucket from its end, bbolt's cheap case), and those gone, found by walking the
// bucket beside the sorted keys read.
type snapshotCompare struct {
	seen    *bolt.Bucket
	first   bool
	items   int
	added   int // entries the snapshot did not hold
	keys    [][]byte
	writes  []seenWrite
	gone    [][]byte
	changes []Change
}

type seenWrite struct{ key, value []byte }

func (c *snapshotCompare) entry(e *entry) error {
	c.items++
	key := seenKey(e)
	c.keys = append(c.keys, key)
	old := c.seen.Get(key)
	if len(old) > digestSize && binary.BigEndian.Uint64(old) == e.digest() {
		return nil
	}
	raw, err := encodeEntry(e)
	if err != nil {
		return err
	}
	c.writes = append(c.writes, seenWrite{key, raw})
	if old == nil {
		c.added++
	}
	if c.first {
		return nil
	}
	if prev, ok := decodeEntry(old); ok {
		if ch, differs := changed(&prev, e); differs {
			c.changes = append(c.changes, ch)
		}
	} else {
		c.changes = append(c.changes, added(e))
	}
	return nil
}

// write puts the entries that differ, in key order, and sorts the keys read.
func (c *snapshotCompare) write() error {
	slices.SortFunc(c.writes, func(a, b seenWrite) int { return bytes.Compare(a.key, b.key) })
	for _, w := range c.writes {
		if err := c.seen.Put(w.key, w.value); err != nil {
			return err
		}
	}
	slices.SortFunc(c.keys, bytes.Compare)
	return nil
}

// removeUnder notes the entries under prefix (nil: all; exact: the one key prefix)
// that were not read, each a change removed. The keys read are sorted, so the two
// are walked side by side.
func (c *snapshotCompare) removeUnder(prefix []byte, exact bool) {
	cur := c.seen.Cursor()
	k, v := cur.First()
	i := 0
	if prefix != nil {
		k, v = cur.Seek(prefix)
		i, _ = slices.BinarySearchFunc(c.keys, prefix, bytes.Compare)
	}
	for ; k != nil && bytes.HasPrefix(k, prefix) && (!exact || len(k) == len(prefix)); k, v = cur.Next() {
		for i < len(c.keys) && bytes.Compare(c.keys[i], k) < 0 {
			i++
		}
		if i < len(c.keys) && bytes.Equal(c.keys[i], k) {
			continue
		}
		c.gone = append(c.gone, bytes.Clone(k))
		if e, ok := decodeEntry(v); ok && !c.first {
			c.changes = append(c.changes, removed(&e))
		}
	}
}

// dropGone deletes the entries gone.
func (c *snapshotCompare) dropGone() error {
	for _, k := range c.gone {
		if err := c.seen.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

func changeOf(kind ChangeKind, e *entry) Change {
	c := Change{Kind: kind, Item: itemWords[e.Kind], ID: e.ID, FunnelID: e.FunnelID, Funnel: e.Funnel, Name: e.Values[0]}
	if e.Kind == kindFunnel {
		c.FunnelID = e.ID
	}
	return c
}

func added(e *entry) Change { return whole(Added, e) }

func removed(e *entry) Change { return whole(Removed, e) }

// whole is an item added (its values new) or removed (its values old), by field.
func whole(kind ChangeKind, e *entry) Change {
	c := changeOf(kind, e)
	for i, f := range fieldNames[e.Kind] {
		if e.Values[i] == "" {
			continue
		}
		fc := FieldChange{Field: f, New: e.Values[i]}
		if kind == Removed {
			fc.Old, fc.New = fc.New, ""
		}
		c.Fields = append(c.Fields, fc)
	}
	return c
}

// changed is what differs between prev and now, field by field.
func changed(prev, now *entry) (Change, bool) {
	c := changeOf(Changed, now)
	for i, f := range fieldNames[now.Kind] {
		if prev.Values[i] != now.Values[i] {
			c.Fields = append(c.Fields, FieldChange{Field: f, Old: prev.Values[i], New: now.Values[i]})
		}
	}
	return c, len(c.Fields) > 0
}
