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
	folderNames := map[string]string{}
	var folders []Folder
	if err := tx.Bucket(bFolders).ForEach(func(_, v []byte) error {
		var f Folder
		if json.Unmarshal(v, &f) == nil {
			folderNames[f.ID] = f.Name
			folders = append(folders, f)
		}
		return nil
	}); err != nil {
		return err
	}
	where := func(id string) string {
		if id == "" {
			return "(top level)"
		}
		if n, ok := folderNames[id]; ok && n != "" {
			return n
		}
		return id
	}
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
	}); err != nil {
		return err
	}
	return tx.Bucket(bPages).ForEach(func(_, v []byte) error {
		var p Page
		if json.Unmarshal(v, &p) != nil {
			return nil
		}
		return fn(&entry{Kind: kindPage, ID: p.ID, FunnelID: p.FunnelID, Funnel: funnelNames[p.FunnelID],
			Values: []string{p.Name, p.URL, flag(p.Deleted)}})
	})
}

// compareSnapshot brings the seen bucket to what the index holds and returns what
// differed: the new and changed entries in the order the records are read, then those
// removed. first is true when there was no snapshot to compare with (everything is
// the baseline). The entries are read first and written after, in key order, so the
// first snapshot of a large location fills the bucket from its end (bbolt's cheap
// case) and a crawl that found little writes little; what was removed is found by
// walking the bucket beside the sorted keys read, with no map of every key.
func compareSnapshot(tx *bolt.Tx) (changes []Change, items int, first bool, err error) {
	seen := tx.Bucket(bSeen)
	seen.FillPercent = fillPercent
	k, _ := seen.Cursor().First()
	first = k == nil
	type write struct{ key, value []byte }
	var keys [][]byte
	var writes []write
	err = entriesOf(tx, func(e *entry) error {
		items++
		key := seenKey(e)
		keys = append(keys, key)
		old := seen.Get(key)
		if len(old) > digestSize && binary.BigEndian.Uint64(old) == e.digest() {
			return nil
		}
		raw, err := encodeEntry(e)
		if err != nil {
			return err
		}
		writes = append(writes, write{key, raw})
		if first {
			return nil
		}
		if prev, ok := decodeEntry(old); ok {
			if c, differs := changed(&prev, e); differs {
				changes = append(changes, c)
			}
		} else {
			changes = append(changes, added(e))
		}
		return nil
	})
	if err != nil {
		return nil, 0, false, err
	}
	slices.SortFunc(writes, func(a, b write) int { return bytes.Compare(a.key, b.key) })
	for _, w := range writes {
		if err := seen.Put(w.key, w.value); err != nil {
			return nil, 0, false, err
		}
	}
	slices.SortFunc(keys, bytes.Compare)
	var gone [][]byte
	i := 0
	c := seen.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		for i < len(keys) && bytes.Compare(keys[i], k) < 0 {
			i++
		}
		if i < len(keys) && bytes.Equal(keys[i], k) {
			continue
		}
		gone = append(gone, bytes.Clone(k))
		if e, ok := decodeEntry(v); ok && !first {
			changes = append(changes, removed(&e))
		}
	}
	for _, k := range gone {
		if err := seen.Delete(k); err != nil {
			return nil, 0, false, err
		}
	}
	return changes, items, first, nil
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
