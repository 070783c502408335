package index

import (
	"encoding/binary"
	"path/filepath"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// Damage ops of FuzzDamagedIndex, five bytes each: what, page, offset (two bytes),
// value.
const (
	opSetByte   = iota // the byte at page, offset becomes value
	opFlipBits         // the byte at page, offset is xor'ed with value
	opTruncate         // the file is cut to page pages and value bytes
	opFreePage         // the free list names page too
	opFreeCount        // the free list's count becomes value
	opCount
)

// damage applies ops to b.
func (b *boltFile) damage(ops []byte) {
	for ; len(ops) >= 5; ops = ops[5:] {
		pages := len(b.data) / b.pageSize
		if pages == 0 {
			return
		}
		page, off, val := int(ops[1])%pages, int(binary.BigEndian.Uint16(ops[2:]))%b.pageSize, ops[4]
		at := page*b.pageSize + off
		switch ops[0] % opCount {
		case opSetByte:
			b.data[at] = val
		case opFlipBits:
			b.data[at] ^= val
		case opTruncate:
			b.data = b.data[:min(len(b.data), page*b.pageSize+int(val))]
		case opFreePage:
			if int(b.freelist+1)*b.pageSize <= len(b.data) {
				b.setFree(append(b.freeIDs(), uint64(ops[1])%max(b.high, 1)))
			}
		case opFreeCount:
			if int(b.freelist+1)*b.pageSize <= len(b.data) {
				binary.LittleEndian.PutUint16(b.data[int(b.freelist)*b.pageSize+10:], uint16(val))
			}
		}
	}
}

// FuzzDamagedIndex damages a small whole index — bytes set or flipped in its meta,
// free list, branch and leaf pages, the file cut short, a free list naming pages in
// use or counting wrong — and opens it as a process would: a read, a write, a read.
// Each open ends (a generous bound), nothing panics, no call fails, and what is left
// at the path passes the file check: the index kept working or was set aside and
// begun anew.
func FuzzDamagedIndex(f *testing.F) {
	sb := fastSandbox(f, sandbox.Options{})
	built := newStore(f, sb)
	if _, err := (&Crawler{Client: newClient(f, sb, ""), Store: built}).Run(ctxT(f)); err != nil {
		f.Fatal(err)
	}
	base := readBoltFile(f, built.Path())
	leaf, branch := base.pagesOf(leafFlag), base.pagesOf(branchFlag)
	if len(leaf) == 0 || len(branch) == 0 {
		f.Fatalf("the base index has %d leaves and %d branches", len(leaf), len(branch))
	}
	op := func(what byte, page uint64, off uint16, val byte) []byte {
		return []byte{what, byte(page), byte(off >> 8), byte(off), val}
	}
	f.Add(op(opFlipBits, 0, pageHeader+20, 0xff))                                              // the first meta's root
	f.Add(append(op(opFlipBits, 0, pageHeader+40, 1), op(opFlipBits, 1, pageHeader+40, 1)...)) // both metas
	f.Add(op(opSetByte, base.freelist, pageHeader+3, 0x7f))                                    // a free id far out
	f.Add(op(opFreeCount, 0, 0, 0xff))                                                         // a count past the page
	f.Add(op(opFreePage, base.root, 0, 0))                                                     // the root bucket freed
	f.Add(op(opFreePage, leaf[len(leaf)/2], 0, 0))                                             // a leaf freed
	f.Add(append(op(opFreePage, branch[0], 0, 0), op(opFreePage, leaf[0], 0, 0)...))
	f.Add(op(opSetByte, branch[0], pageHeader+8, 0xee)) // a branch's child
	f.Add(op(opFlipBits, branch[0], 10, 0x40))          // a branch's count
	f.Add(op(opSetByte, leaf[0], pageHeader+4, 0xf0))   // a leaf's key position
	f.Add(op(opFlipBits, leaf[len(leaf)-1], 8, 0x03))   // a leaf's flags
	f.Add(op(opTruncate, base.high-2, 0, 100))          // cut short
	f.Add(op(opTruncate, 1, 0, 0))                      // one meta page left
	f.Fuzz(func(t *testing.T, ops []byte) {
		b := readBoltFile(t, built.Path())
		b.damage(ops)
		path := filepath.Join(t.TempDir(), "index.db")
		b.write(t, path)
		s := Open(path, built.key)
		within(t, "an open of a damaged index", func() {
			if _, err := s.Snapshot(ctxT(t)); err != nil {
				t.Errorf("read: %v", err)
			}
			if err := s.SaveFunnels(ctxT(t), []client.Funnel{{ID: "after", Name: "Written after the damage"}}); err != nil {
				t.Errorf("write: %v", err)
			}
			snap, err := s.Snapshot(ctxT(t))
			if err != nil || !hasFunnel(snap, "after") {
				t.Errorf("read after the write: %v", err)
			}
		})
		if err := verifyFile(path, defaultWait); err != nil {
			t.Errorf("the index left at the path fails the check: %v", err)
		}
	})
}

func hasFunnel(snap *Snapshot, id string) bool {
	for _, f := range snap.Funnels {
		if f.ID == id {
			return true
		}
	}
	return false
}
