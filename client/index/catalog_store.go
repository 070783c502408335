package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// The catalog's blobs in the meta bucket; the keys blob names the generation it was
// made of, so a write (which counts a generation) makes it old without touching it.
var (
	mCatalogKeys  = []byte("catalog.keys")
	mCatalogItems = []byte("catalog.items")
)

// Catalog is the catalog of the index as it is now: read as two values when it was
// made of this generation, else made from the records (and kept for the next reader).
func (s *Store) Catalog(ctx context.Context) (*Catalog, error) {
	var out *Catalog
	err := s.WithCatalog(ctx, func(c *Catalog) error {
		cp := *c
		cp.items = bytes.Clone(c.items)
		out = &cp
		return nil
	})
	return out, err
}

// WithCatalog runs fn with the catalog of the index as it is now. The items blob is
// read in place (the mapped file) while fn runs, so a search that shows twenty items
// reads no more of it than theirs: c must not be kept after fn returns.
func (s *Store) WithCatalog(ctx context.Context, fn func(c *Catalog) error) error {
	done := false
	_, err := s.view(ctx, func(tx *bolt.Tx) error {
		m := tx.Bucket(bMeta)
		k := m.Get(mCatalogKeys)
		at := len(catalogMagic)
		if len(k) < catalogHeader || binary.LittleEndian.Uint64(k[at:]) != btoi(m.Get(mGen)) {
			return nil
		}
		c, err := openCatalog(string(k), m.Get(mCatalogItems))
		if err != nil {
			return nil // made again below
		}
		done = true
		return fn(c)
	})
	if err != nil || done {
		return err
	}
	c, err := s.makeCatalog(ctx)
	if err != nil {
		return err
	}
	return fn(c)
}

// makeCatalog makes the catalog from the records and keeps it in the index, unless
// the index changed meanwhile (the next reader makes that generation's).
func (s *Store) makeCatalog(ctx context.Context) (*Catalog, error) {
	snap, err := s.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	keys, items := buildCatalog(snap)
	if snap.State.Exists {
		err = s.with(ctx, true, func(tx *bolt.Tx) error {
			m := tx.Bucket(bMeta)
			if !s.current(tx) || btoi(m.Get(mGen)) != snap.State.Gen {
				return nil
			}
			if err := m.Put(mCatalogKeys, keys); err != nil {
				return err
			}
			return m.Put(mCatalogItems, items)
		})
		if err != nil {
			return nil, fmt.Errorf("index: keep the catalog: %w", err)
		}
	}
	return openCatalog(string(keys), items)
}
