package index

import (
	"bytes"
	"encoding/binary"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// What each write changed of the records is kept, so that what is made of them —
// go to anything's catalog (catalog_patch.go) and the snapshot a whole crawl compares
// with (snapshot.go) — is brought up to date by reading what changed, not every
// record. The tracked bucket holds one key per funnel whose record or pages a write
// changed, and one per write that changed any folder or any redirect: the write's
// generation (8 bytes, big-endian), the kind, the funnel's id. Something made of the
// records of generation g is brought to the index's by the keys after g.
//
// The record reaches back to mTrackedFrom: the changes of every write after it are
// kept. A write that kept none (a version of the program before this record, or a
// file emptied) is found because mTracked, the last write that kept its changes, is
// not the index's generation; what was made before it is then made again whole.
// The keys are bounded (maxTracked); past it the oldest writes' are dropped and
// mTrackedFrom moves on.

// Kinds of a tracked key.
const (
	trackFunnel    byte = 'f' // a funnel's record or pages, its id after the kind
	trackFolders   byte = 'd' // any folder
	trackRedirects byte = 'r' // any redirect
)

// maxTracked bounds the keys of the tracked bucket; past it the older half goes.
const maxTracked = 4096

// Keys of the meta bucket that say how far the record reaches.
var (
	mTracked     = []byte("tracked")     // the generation of the last write that kept its changes
	mTrackedFrom = []byte("trackedfrom") // every write after this generation kept its changes
	mTrackedN    = []byte("trackedn")    // how many keys the tracked bucket holds
)

// changeSet is what changed: the funnels whose record or pages changed, and whether
// any folder or any redirect did.
type changeSet struct {
	funnels            map[string]struct{}
	folders, redirects bool
}

func (c *changeSet) funnel(id string) {
	if c.funnels == nil {
		c.funnels = map[string]struct{}{}
	}
	c.funnels[id] = struct{}{}
}

func (c *changeSet) empty() bool { return len(c.funnels) == 0 && !c.folders && !c.redirects }

// add takes in what o changed too.
func (c *changeSet) add(o *changeSet) {
	for id := range o.funnels {
		c.funnel(id)
	}
	c.folders = c.folders || o.folders
	c.redirects = c.redirects || o.redirects
}

// funnelIDs are the funnels changed, in id order.
func (c *changeSet) funnelIDs() []string {
	ids := make([]string, 0, len(c.funnels))
	for id := range c.funnels {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// track keeps the changes cs of the write of generation gen (the one before it prev).
func track(tx *bolt.Tx, prev, gen uint64, cs *changeSet) error {
	m := tx.Bucket(bMeta)
	b := tx.Bucket(bTracked)
	n := btoi(m.Get(mTrackedN))
	if btoi(m.Get(mTracked)) != prev {
		// A write between kept no record: the keys held say nothing of it.
		if err := clearBucket(tx, bTracked); err != nil {
			return err
		}
		b, n = tx.Bucket(bTracked), 0
		if err := m.Put(mTrackedFrom, itob(prev)); err != nil {
			return err
		}
	}
	key := func(kind byte, id string) []byte {
		k := make([]byte, 9, 9+len(id))
		binary.BigEndian.PutUint64(k, gen)
		k[8] = kind
		return append(k, id...)
	}
	var keys [][]byte
	for id := range cs.funnels {
		keys = append(keys, key(trackFunnel, id))
	}
	if cs.folders {
		keys = append(keys, key(trackFolders, ""))
	}
	if cs.redirects {
		keys = append(keys, key(trackRedirects, ""))
	}
	slices.SortFunc(keys, bytes.Compare)
	for _, k := range keys {
		if err := b.Put(k, nil); err != nil {
			return err
		}
		n++
	}
	if n > maxTracked {
		var err error
		if n, err = dropOldest(m, b, n); err != nil {
			return err
		}
	}
	if err := m.Put(mTrackedN, itob(n)); err != nil {
		return err
	}
	return m.Put(mTracked, itob(gen))
}

// dropOldest removes the oldest writes' keys, whole writes at a time, until at most
// half of maxTracked are left, and moves mTrackedFrom past them.
func dropOldest(m, b *bolt.Bucket, n uint64) (uint64, error) {
	c := b.Cursor()
	var from uint64
	for k, _ := c.First(); k != nil && len(k) >= 8; k, _ = c.First() {
		g := binary.BigEndian.Uint64(k)
		if n <= maxTracked/2 && g != from {
			break
		}
		if err := c.Delete(); err != nil {
			return n, err
		}
		from, n = g, n-1
	}
	return n, m.Put(mTrackedFrom, itob(from))
}

// clearBucket empties the bucket name.
func clearBucket(tx *bolt.Tx, name []byte) error {
	if err := tx.DeleteBucket(name); err != nil {
		return err
	}
	_, err := tx.CreateBucket(name)
	return err
}

// changesSince is what the writes after generation gen changed; ok is false when the
// record does not reach back that far (what was made at gen is made again whole).
func changesSince(tx *bolt.Tx, gen uint64) (cs changeSet, ok bool) {
	m := tx.Bucket(bMeta)
	b := tx.Bucket(bTracked)
	if b == nil || btoi(m.Get(mTracked)) != btoi(m.Get(mGen)) || gen < btoi(m.Get(mTrackedFrom)) {
		return cs, false
	}
	from := make([]byte, 8)
	binary.BigEndian.PutUint64(from, gen+1)
	c := b.Cursor()
	for k, _ := c.Seek(from); k != nil; k, _ = c.Next() {
		if len(k) < 9 {
			return changeSet{}, false // not a key of this layout
		}
		switch k[8] {
		case trackFunnel:
			cs.funnel(string(k[9:]))
		case trackFolders:
			cs.folders = true
		case trackRedirects:
			cs.redirects = true
		default:
			return changeSet{}, false
		}
	}
	return cs, true
}
