package index

import (
	"encoding/binary"
	"os"

	bolt "go.etcd.io/bbolt"
)

// A write that changes nothing the catalog shows leaves the kept catalog current: a
// browser start lists the root again, writes when each funnel was last seen and
// nothing else. The write stamps the catalog file with the index's new stamp itself,
// so the next go to anything or `funnels find` reads the catalog without opening the
// index (catalogFast) instead of opening it to learn that nothing changed.

// keptCatalog is what the header of the kept catalog file says it was made of; the
// zero value is no catalog kept.
type keptCatalog struct {
	identity, madeOf uint64
}

// catalogKept reads the header of the index's kept catalog file: a file of another
// index, or none, is no catalog kept.
func (s *Store) catalogKept() keptCatalog {
	f, err := openRegular(s.path+catalogSuffix, os.O_RDONLY, 0)
	if err != nil {
		return keptCatalog{}
	}
	defer f.Close()
	head := make([]byte, 40)
	if _, err := f.ReadAt(head, 0); err != nil {
		return keptCatalog{}
	}
	le := binary.LittleEndian
	if string(head[:16]) != catalogFileMagic || le.Uint64(head[16:]) != keyHash(s.key) {
		return keptCatalog{}
	}
	return keptCatalog{identity: le.Uint64(head[24:]), madeOf: le.Uint64(head[32:])}
}

// stillCurrent is the index's state in tx, a write that has just been made, when the
// kept catalog still shows everything as it is: the index it was made of, and no
// change it shows since. nil otherwise.
func (k keptCatalog) stillCurrent(tx *bolt.Tx) *State {
	if k.identity == 0 || btoi(tx.Bucket(bMeta).Get(mIdentity)) != k.identity {
		return nil
	}
	cs, ok := changesSince(tx, k.madeOf)
	if !ok || !cs.empty() {
		return nil
	}
	st := readState(tx)
	return &st
}
