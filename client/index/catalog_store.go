package index

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// The catalog's blobs as an earlier version kept them, in the meta bucket: removed
// when the catalog is first kept in its own file.
var (
	mCatalogKeys  = []byte("catalog.keys")
	mCatalogItems = []byte("catalog.items")
)

// mIdentity is a number given to an index file when it is made, so a catalog file is
// never taken for the catalog of another file at the same path (one set aside and
// begun again).
var mIdentity = []byte("identity")

// Catalog is the catalog of the index as it is now (catalog_file.go): the one kept
// beside it when it is current — read without opening the index when the index is as
// it was when that was last found —, else the kept one patched with what changed
// since it was made (catalog_patch.go), else one made from the records; one made or
// patched is kept for the next reader.
func (s *Store) Catalog(ctx context.Context) (*Catalog, error) {
	c, _, _, err := s.loadCatalog(ctx, true, false)
	return c, err
}

// MappedCatalog is Catalog with its keys left as the catalog file's pages mapped into
// memory, not copied: a million items' keys cost the program no heap. A key (Key) is
// then good only while the catalog is held: one kept longer must be copied
// (strings.Clone). Go to anything, which holds its catalog while it searches, reads
// it so.
func (s *Store) MappedCatalog(ctx context.Context) (*Catalog, error) {
	c, _, _, err := s.loadCatalog(ctx, true, true)
	return c, err
}

// WithCatalog runs fn with the catalog of the index as it is now (Catalog).
func (s *Store) WithCatalog(ctx context.Context, fn func(c *Catalog) error) error {
	c, err := s.Catalog(ctx)
	if err != nil {
		return err
	}
	return fn(c)
}

// catalogFast is the kept catalog when the index is as it was when the catalog was
// last found current: read without opening the index as a database. The catalog's
// stamp is one the index's stamp file held when it was kept (currentStamp), so the
// stamp file is not read again: an index found as that stamp names it is in the very
// state it was then known whole in (its size, its modification time and both meta
// pages unchanged); a write since, even one killed part way, changed its modification
// time, and a file found damaged was moved away.
func (s *Store) catalogFast(mapped bool) (*catalogFile, bool) {
	cf, err := readCatalogFile(s.path+catalogSuffix, s.key, mapped)
	if err != nil {
		return nil, false
	}
	if cf.stamp != "" && stampIs(s.path, cf.stamp) {
		return cf, true
	}
	return cf, false
}

// maxGarbageShare: a catalog whose items blob holds more than its texts' size over
// this of texts patches left behind is made whole again.
const maxGarbageShare = 2

// loadCatalog is the catalog of the index as it is now and the index's state; made
// says it was not the one kept, as it was. With keep, a catalog made or patched is
// kept for the next reader; without, nothing is written but the stamp block of a
// kept catalog found current. mapped is as for MappedCatalog.
func (s *Store) loadCatalog(ctx context.Context, keep, mapped bool) (_ *Catalog, _ State, made bool, _ error) {
	if err := ctx.Err(); err != nil {
		return nil, State{}, false, err
	}
	cf, fast := s.catalogFast(mapped)
	if fast {
		cf.cat.asOf(cf.state)
		return cf.cat, cf.state, false, nil
	}
	var (
		st              State
		keys, items     []byte
		garbage         uint64
		stamp           string
		identity        uint64
		current, legacy bool
	)
	exists, err := s.view(ctx, func(tx *bolt.Tx) error {
		st = readState(tx)
		m := tx.Bucket(bMeta)
		identity = btoi(m.Get(mIdentity))
		legacy = m.Get(mCatalogKeys) != nil
		crawled := millis(st.Crawled)
		if cf != nil && identity != 0 && cf.identity == identity {
			if cs, ok := changesSince(tx, cf.madeOf); ok {
				switch {
				case cs.empty():
					current, stamp = true, currentStamp(s.path)
					return nil
				case cf.garbage*maxGarbageShare < uint64(len(cf.cat.items)):
					var patched bool
					if keys, items, patched = patchCatalog(tx, cf.cat, cs, st.Gen, crawled); patched {
						garbage = cf.garbage + uint64(len(items)-len(cf.cat.items))
						return nil
					}
				}
			}
		}
		keys, items = buildCatalog(snapshotOf(tx))
		return nil
	})
	if err != nil {
		return nil, st, false, err
	}
	if !exists || keys == nil && !current {
		// No index, or one found damaged part way and set aside: nothing to show.
		exists = false
		keys, items = buildCatalog(&Snapshot{})
	}
	if current {
		if stamp != "" {
			stampCatalogFile(s.path+catalogSuffix, stamp, st)
		}
		cf.cat.asOf(st)
		return cf.cat, st, false, nil
	}
	if keep && exists {
		if kept, ok := s.keepCatalog(ctx, st, identity, legacy, garbage, keys, items, mapped); ok {
			return kept, st, true, nil
		}
	}
	c, err := openCatalog(bytesString(keys), items)
	if err != nil {
		return nil, st, false, fmt.Errorf("index: catalog: %w", err)
	}
	c.asOf(st)
	return c, st, true, nil
}

// keepCatalog keeps the blobs of a catalog made of the index of state st in the
// catalog file, stamps it when the index is still as it was, and returns it as read
// back from the file (its items mapped, not held); false when it could not be kept.
// The index is given its identity, and rid of the blobs an earlier version kept in
// it, first.
func (s *Store) keepCatalog(ctx context.Context, st State, identity uint64, legacy bool, garbage uint64, keys, items []byte, mapped bool) (*Catalog, bool) {
	if identity == 0 || legacy {
		err := s.with(ctx, true, func(tx *bolt.Tx) error {
			if !s.current(tx) || btoi(tx.Bucket(bMeta).Get(mGen)) != st.Gen {
				return errIndexMoved
			}
			m := tx.Bucket(bMeta)
			var err error
			if identity, err = ensureIdentity(m); err != nil {
				return err
			}
			for _, k := range [][]byte{mCatalogKeys, mCatalogItems} {
				if err := m.Delete(k); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return nil, false
		}
	}
	path := s.path + catalogSuffix
	if writeCatalogFile(path, s.key, identity, st.Gen, garbage, keys, items) != nil {
		return nil, false
	}
	stamp := ""
	_, _ = s.view(ctx, func(tx *bolt.Tx) error {
		if cs, ok := changesSince(tx, st.Gen); ok && cs.empty() {
			st, stamp = readState(tx), currentStamp(s.path)
		}
		return nil
	})
	if stamp != "" {
		stampCatalogFile(path, stamp, st)
	}
	cf, err := readCatalogFile(path, s.key, mapped)
	if err != nil {
		return nil, false
	}
	cf.cat.asOf(st)
	return cf.cat, true
}

// errIndexMoved is an index written since it was read: what was made of it is not
// kept.
var errIndexMoved = fmt.Errorf("index: written meanwhile")

// ensureIdentity gives the index its identity if it has none, and returns it.
func ensureIdentity(m *bolt.Bucket) (uint64, error) {
	if id := btoi(m.Get(mIdentity)); id != 0 {
		return id, nil
	}
	var b [8]byte
	for binary.LittleEndian.Uint64(b[:]) == 0 {
		_, _ = rand.Read(b[:])
	}
	id := binary.LittleEndian.Uint64(b[:])
	return id, m.Put(mIdentity, itob(id))
}

// asOf says the catalog is of the index in state st: its generation and crawl.
func (c *Catalog) asOf(st State) {
	c.gen, c.crawled = st.Gen, millis(st.Crawled)
}
