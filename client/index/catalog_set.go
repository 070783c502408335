package index

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
)

// CatalogSet is the catalogs of several indexes (one per sub-account) read as one
// list, for go to anything across sub-accounts: item i of the set is item
// i-Start(s) of catalog s, where s is Source(i). The catalogs' blobs are shared, not
// copied, and nothing is made per item but the number of its catalog (two bytes), so
// a set of a million items costs the catalogs and two megabytes.
type CatalogSet struct {
	cats   []*Catalog
	states []State  // per catalog, what its index said of itself when read (ReadCatalogSet)
	made   []bool   // per catalog, made from the records for want of one kept (ReadCatalogSet)
	start  []int    // where each catalog's items begin, and the total at the end
	src    []uint16 // per item: the catalog that holds it
}

// MaxCatalogSetSources is how many catalogs a set can hold.
const MaxCatalogSetSources = math.MaxUint16 + 1

// NewCatalogSet reads cats as one list, in their order; a nil catalog holds no item.
func NewCatalogSet(cats []*Catalog) (*CatalogSet, error) {
	if len(cats) > MaxCatalogSetSources {
		return nil, fmt.Errorf("index: %d catalogs in one set, at most %d", len(cats), MaxCatalogSetSources)
	}
	s := &CatalogSet{cats: make([]*Catalog, len(cats)), start: make([]int, len(cats)+1)}
	n := 0
	for i, c := range cats {
		if c == nil {
			c = &Catalog{}
		}
		s.cats[i], s.start[i] = c, n
		n += c.Len()
	}
	s.start[len(cats)] = n
	s.src = make([]uint16, n)
	for i := range s.cats {
		tag := s.src[s.start[i]:s.start[i+1]]
		for j := range tag {
			tag[j] = uint16(i)
		}
	}
	return s, nil
}

// ReadCatalogSet reads the catalogs of stores without writing to any of them (a
// catalog older than its index is patched or made from the records and not kept; an
// index as it was when its catalog was last found current is not even opened) and
// reads them as one list, store i's catalog being source i. The files are read side by side, at
// most catalogReaders at once: each read is mostly opening a file and waiting on it.
// A store that cannot be read holds no item; the error names each such store, beside
// a set of the others.
func ReadCatalogSet(ctx context.Context, stores []*Store) (*CatalogSet, error) {
	return readCatalogSet(ctx, stores, false)
}

// ReadMappedCatalogSet is ReadCatalogSet with each kept catalog's keys left mapped, as
// Store.MappedCatalog reads them: a key is good only while the set is held.
func ReadMappedCatalogSet(ctx context.Context, stores []*Store) (*CatalogSet, error) {
	return readCatalogSet(ctx, stores, true)
}

func readCatalogSet(ctx context.Context, stores []*Store, mapped bool) (*CatalogSet, error) {
	cats := make([]*Catalog, len(stores))
	states := make([]State, len(stores))
	made := make([]bool, len(stores))
	errs := make([]error, len(stores))
	sem := make(chan struct{}, catalogReaders)
	var wg sync.WaitGroup
	for i, st := range stores {
		if st == nil {
			continue
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			c, state, kept, err := st.readCatalog(ctx, mapped)
			if err != nil {
				errs[i] = fmt.Errorf("%s: %w", st.Path(), err)
				return
			}
			cats[i], states[i], made[i] = c, state, !kept
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	set, err := NewCatalogSet(cats)
	if err != nil {
		return nil, err
	}
	set.states, set.made = states, made
	return set, errors.Join(errs...)
}

// catalogReaders is how many index files ReadCatalogSet reads at once.
const catalogReaders = 8

// readCatalog is the catalog of the index as it is now, read without writing to the
// index (Store.loadCatalog): the one kept when it is current, else one patched or
// made from the records, not kept; and the index's state; kept says the catalog was
// the one kept.
func (s *Store) readCatalog(ctx context.Context, mapped bool) (_ *Catalog, _ State, kept bool, _ error) {
	c, st, made, err := s.loadCatalog(ctx, false, mapped)
	return c, st, !made, err
}

// State is what catalog c's index said of itself when the set was read: when it was
// crawled, whether a crawl is unfinished; the zero State for a set made with
// NewCatalogSet, or an index that does not exist.
func (s *CatalogSet) State(c int) State {
	if c < len(s.states) {
		return s.states[c]
	}
	return State{}
}

// Made reports whether catalog c was made from its index's records because the
// index kept none of its generation: a reader that may write keeps it
// (Store.WithCatalog), so the next read is quick.
func (s *CatalogSet) Made(c int) bool { return c < len(s.made) && s.made[c] }

// Len is how many items the set holds.
func (s *CatalogSet) Len() int { return len(s.src) }

// Sources is how many catalogs the set reads.
func (s *CatalogSet) Sources() int { return len(s.cats) }

// Source is the catalog that holds item i.
func (s *CatalogSet) Source(i int) int { return int(s.src[i]) }

// Start is where catalog c's items begin in the set.
func (s *CatalogSet) Start(c int) int { return s.start[c] }

// Catalog is catalog c of the set.
func (s *CatalogSet) Catalog(c int) *Catalog { return s.cats[c] }

// Key is item i's Key, a part of its catalog's string (nothing is made).
func (s *CatalogSet) Key(i int) string {
	c := s.src[i]
	return s.cats[c].Key(i - s.start[c])
}

// Kind is item i's kind.
func (s *CatalogSet) Kind(i int) Kind {
	c := s.src[i]
	return s.cats[c].Kind(i - s.start[c])
}

// Item is item i whole, as its catalog has it.
func (s *CatalogSet) Item(i int, stale func(Kind) bool) Item {
	c := s.src[i]
	return s.cats[c].Item(i-s.start[c], stale)
}

// Parent is the folder that holds item i when it is a folder.
func (s *CatalogSet) Parent(i int) string {
	c := s.src[i]
	return s.cats[c].Parent(i - s.start[c])
}

// Domain is item i's domain, read alone.
func (s *CatalogSet) Domain(i int) string {
	c := s.src[i]
	return s.cats[c].Domain(i - s.start[c])
}
