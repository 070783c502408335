package index

import (
	"encoding/binary"
	"hash/fnv"
	"os"
	"slices"
	"testing"
	"time"
)

// boltFile is a bbolt file in memory, read as the checker reads it, for tests that
// damage it on purpose.
type boltFile struct {
	data     []byte
	pageSize int
	meta     int    // the offset of the current meta page's body
	root     uint64 // the root bucket's page
	freelist uint64 // the free list's page
	high     uint64
}

func readBoltFile(t testing.TB, path string) *boltFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	b := &boltFile{data: data, pageSize: int(le.Uint32(data[pageHeader+8:]))}
	best := uint64(0)
	for i := range 2 {
		m := i*b.pageSize + pageHeader
		if txid := le.Uint64(data[m+48:]); i == 0 || txid > best {
			best, b.meta = txid, m
		}
	}
	b.root, b.freelist, b.high = le.Uint64(data[b.meta+16:]), le.Uint64(data[b.meta+32:]), le.Uint64(data[b.meta+40:])
	return b
}

// pagesOf are the ids of the pages with flag (branchFlag, leafFlag, …) below the
// high-water mark.
func (b *boltFile) pagesOf(flag uint16) []uint64 {
	var ids []uint64
	for id := uint64(2); id < b.high && int(id+1)*b.pageSize <= len(b.data); id++ {
		p := b.data[int(id)*b.pageSize:]
		if binary.LittleEndian.Uint64(p) == id && binary.LittleEndian.Uint16(p[8:])&flag != 0 {
			ids = append(ids, id)
		}
	}
	return ids
}

// freeIDs are the ids the free list names.
func (b *boltFile) freeIDs() []uint64 {
	le := binary.LittleEndian
	p := b.data[int(b.freelist)*b.pageSize:]
	count, at := int(le.Uint16(p[10:])), pageHeader
	if count == 0xFFFF {
		count, at = int(le.Uint64(p[pageHeader:])), pageHeader+8
	}
	ids := make([]uint64, count)
	for i := range ids {
		ids[i] = le.Uint64(p[at+8*i:])
	}
	return ids
}

// setFree makes the free list name ids (sorted; they must fit in its page).
func (b *boltFile) setFree(ids []uint64) {
	le := binary.LittleEndian
	ids = slices.Clone(ids)
	slices.Sort(ids)
	p := b.data[int(b.freelist)*b.pageSize:]
	le.PutUint16(p[10:], uint16(len(ids)))
	for i, id := range ids {
		le.PutUint64(p[pageHeader+8*i:], id)
	}
}

// write puts the file at path, with its meta checksum made right again (when the
// file still holds its meta page), so bbolt takes a damaged meta at its word.
func (b *boltFile) write(t testing.TB, path string) {
	t.Helper()
	if b.meta+metaSize <= len(b.data) {
		m := b.data[b.meta:]
		h := fnv.New64a()
		h.Write(m[:metaChecksumEnd])
		binary.LittleEndian.PutUint64(m[metaChecksumEnd:], h.Sum64())
	}
	if err := os.WriteFile(path, b.data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// within runs fn and fails the test when it has not returned after a generous bound
// (a hang, not a slow machine).
func within(t testing.TB, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatalf("%s did not end within a minute", what)
	}
}
