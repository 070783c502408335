package index

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"slices"
	"time"
)

// A check of the file before bbolt first reads it. bbolt follows the offsets and
// lengths it finds in its pages without bounds checks (it trusts the file): a page
// damaged on disk can make it read outside the page, and such a read can make Go
// pointers to memory that is not an object, which the garbage collector takes for a
// fatal error — not a panic that could be recovered. So before a store's first
// transaction in a process, unless the file is as its stamp says (stamp.go), every
// page the current meta reaches is checked to be inside the file, every element, key
// and value inside its page, the keys in order, a branch's keys its children's first,
// and the free list to name no page in use, with the file read through plain reads,
// never mapped. A file that fails is damaged and set aside.

// The on-disk layout of bbolt (its internal/common package): a page is a 16-byte
// header (id, flags, count, overflow) and its elements; branch elements are {pos,
// ksize, pgid}, leaf elements {flags, pos, ksize, vsize}, each 16 bytes, a key at
// pos bytes from its own element; a bucket's value is {root, sequence} and, when
// root is 0, the bucket's own page inline after it.
const (
	pageHeader      = 16
	elementSize     = 16
	bucketHeader    = 16
	metaSize        = 64 // magic … checksum
	metaChecksumEnd = 56
	boltMagic       = 0xED0CDAED
	boltVersion     = 2
	branchFlag      = 0x01
	leafFlag        = 0x02
	metaFlag        = 0x04
	freelistFlag    = 0x10
	bucketLeafFlag  = 0x01
	noFreelist      = ^uint64(0)
	maxDepth        = 64
)

// errDamaged is a file that is not a whole bbolt file.
var errDamaged = errors.New("damaged")

// errUnmade is an index file another process is making: created, empty until it
// writes the first pages under its lock. A reader that met it in that moment took it
// for a damaged file and set it aside, and the maker's first write then went into the
// file set aside: a crawl lost a batch of what it read.
var errUnmade = errors.New("being made")

// checker walks one file.
type checker struct {
	f        *os.File
	size     int64
	pageSize int64
	high     uint64          // the meta's high-water page id: every page in use is below it
	seen     map[uint64]bool // pages reached from the tree, overflow pages included
	free     []uint64        // the ids the free list names
	buf      []byte
}

// verifyFile checks the file at path (which exists) page by page, holding a reader's
// lock on it (a writer in another process is waited for, up to wait).
// A file that passes is stamped as known whole (stamp.go), so the next process need
// not check it again.
func verifyFile(path string, wait time.Duration) error {
	f, err := openRegular(path, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	unlock, err := readLock(f, wait)
	if err != nil {
		return err
	}
	defer unlock()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if st.Size() == 0 {
		return errUnmade
	}
	if err := checkPages(f, st.Size()); err != nil {
		return err
	}
	writeStamp(path, f)
	return nil
}

// checkPages checks the bbolt file f of size bytes: its meta, its tree, and its free
// list against the tree.
func checkPages(f *os.File, size int64) error {
	c := &checker{f: f, size: size, seen: map[uint64]bool{}}
	root, freelist, err := c.meta()
	if err != nil {
		return err
	}
	if freelist != noFreelist {
		if err := c.freelist(freelist); err != nil {
			return err
		}
	}
	if root != 0 {
		if err := c.tree(root, 0, keyRange{}); err != nil {
			return err
		}
	}
	return c.freeNotInUse(freelist)
}

// freeNotInUse checks that no page the free list names is in use: reached from the
// tree, or the free list's own page. bbolt would hand such a page to a new write
// while the tree still points at it, and panic in the middle of a commit.
func (c *checker) freeNotInUse(freelist uint64) error {
	for _, id := range c.free {
		if c.seen[id] {
			return damaged("the free list names page %d, which is in use", id)
		}
	}
	if freelist != noFreelist && slices.Contains(c.free, freelist) {
		return damaged("the free list names its own page %d", freelist)
	}
	return nil
}

func damaged(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errDamaged, fmt.Sprintf(format, a...))
}

// meta reads both meta pages and takes the valid one of the highest transaction, as
// bbolt does.
func (c *checker) meta() (root, freelist uint64, err error) {
	head := make([]byte, pageHeader+metaSize)
	var best struct {
		ok                   bool
		txid, root, freelist uint64
		pageSize             int64
		high                 uint64
	}
	for i := 0; i < 2; i++ {
		off := int64(0)
		if i == 1 {
			if !best.ok {
				off = 4096 // the first meta names the page size; without it, bbolt's default
			} else {
				off = best.pageSize
			}
		}
		if _, err := c.f.ReadAt(head, off); err != nil {
			continue
		}
		m := head[pageHeader:]
		le := binary.LittleEndian
		h := fnv.New64a()
		h.Write(m[:metaChecksumEnd])
		if le.Uint32(m[0:]) != boltMagic || le.Uint32(m[4:]) != boltVersion || le.Uint64(m[56:]) != h.Sum64() {
			continue
		}
		ps, txid := int64(le.Uint32(m[8:])), le.Uint64(m[48:])
		if ps < 1024 || ps > 1<<20 || ps&(ps-1) != 0 {
			continue
		}
		if !best.ok || txid > best.txid {
			best.ok, best.txid, best.pageSize = true, txid, ps
			best.root, best.freelist, best.high = le.Uint64(m[16:]), le.Uint64(m[32:]), le.Uint64(m[40:])
		}
	}
	if !best.ok {
		return 0, 0, damaged("no valid meta page")
	}
	c.pageSize, c.high = best.pageSize, best.high
	if int64(c.high) > c.size/c.pageSize || c.high < 2 {
		return 0, 0, damaged("the file holds %d pages, its meta says %d", c.size/c.pageSize, c.high)
	}
	return best.root, best.freelist, nil
}

// page reads page id (with its overflow) and checks its header.
func (c *checker) page(id uint64, want uint16) ([]byte, error) {
	if id < 2 || id >= c.high {
		return nil, damaged("page %d is outside the file", id)
	}
	head := make([]byte, pageHeader)
	if _, err := c.f.ReadAt(head, int64(id)*c.pageSize); err != nil {
		return nil, damaged("page %d: %v", id, err)
	}
	le := binary.LittleEndian
	flags, overflow := le.Uint16(head[8:]), uint64(le.Uint32(head[12:]))
	if le.Uint64(head) != id || flags&want == 0 || flags&^(branchFlag|leafFlag|metaFlag|freelistFlag) != 0 {
		return nil, damaged("page %d has header id %d, flags %#x", id, le.Uint64(head), flags)
	}
	if id+overflow >= c.high {
		return nil, damaged("page %d runs past the file", id)
	}
	n := int64(overflow+1) * c.pageSize
	if int64(cap(c.buf)) < n {
		c.buf = make([]byte, n)
	}
	buf := c.buf[:n]
	if _, err := c.f.ReadAt(buf, int64(id)*c.pageSize); err != nil && !errors.Is(err, io.EOF) {
		return nil, damaged("page %d: %v", id, err)
	}
	return buf, nil
}

// freelist checks the free list's page: its ids fit in it and name pages of the file.
func (c *checker) freelist(id uint64) error {
	p, err := c.page(id, freelistFlag)
	if err != nil {
		return err
	}
	le := binary.LittleEndian
	count, at := uint64(le.Uint16(p[10:])), uint64(pageHeader)
	if count == 0xFFFF {
		if len(p) < pageHeader+8 {
			return damaged("free list page %d is short", id)
		}
		count, at = le.Uint64(p[pageHeader:]), pageHeader+8
	}
	if count > uint64(len(p)) || at+count*8 > uint64(len(p)) {
		return damaged("free list page %d counts %d ids", id, count)
	}
	named := make(map[uint64]bool, count)
	for i := uint64(0); i < count; i++ {
		free := le.Uint64(p[at+i*8:])
		switch {
		case free < 2 || free >= c.high:
			return damaged("free list page %d names page %d", id, free)
		case named[free]:
			return damaged("free list page %d names page %d twice", id, free)
		}
		named[free] = true
		c.free = append(c.free, free)
	}
	for o := uint64(1); o*uint64(c.pageSize) < uint64(len(p)); o++ {
		c.seen[id+o] = true // the free list's overflow pages are in use too
	}
	return nil
}

// keyRange bounds the keys a page may hold: from lo (inclusive) up to hi (exclusive);
// nil is no bound. A branch's key is its child's first key, so a child's keys lie
// between its key and the next.
type keyRange struct{ lo, hi []byte }

// holds reports whether k is in the range.
func (r keyRange) holds(k []byte) bool {
	return (r.lo == nil || bytes.Compare(k, r.lo) >= 0) && (r.hi == nil || bytes.Compare(k, r.hi) < 0)
}

// tree checks the B+tree (or bucket) rooted at page id, its keys within r.
func (c *checker) tree(id uint64, depth int, r keyRange) error {
	if depth > maxDepth {
		return damaged("a tree deeper than %d pages", maxDepth)
	}
	if c.seen[id] {
		return damaged("page %d is reached twice", id)
	}
	c.seen[id] = true
	p, err := c.page(id, branchFlag|leafFlag)
	if err != nil {
		return err
	}
	for o := uint64(1); o*uint64(c.pageSize) < uint64(len(p)); o++ {
		if c.seen[id+o] {
			return damaged("page %d overlaps page %d", id, id+o)
		}
		c.seen[id+o] = true
	}
	p = append([]byte(nil), p...) // the buffer is reused below this page
	return c.elements(p, id, depth, r)
}

// elements checks the elements of one page (p starts at its header): each key and
// value inside the page, the keys in order and within r; and follows its children
// and buckets.
func (c *checker) elements(p []byte, id uint64, depth int, r keyRange) error {
	le := binary.LittleEndian
	if len(p) < pageHeader {
		return damaged("page %d is short", id)
	}
	flags, count := le.Uint16(p[8:]), int(le.Uint16(p[10:]))
	if flags != branchFlag && flags != leafFlag {
		return damaged("page %d is neither a branch nor a leaf (flags %#x)", id, flags)
	}
	if pageHeader+count*elementSize > len(p) || (flags == branchFlag && count == 0) {
		return damaged("page %d holds %d elements", id, count)
	}
	keys := make([][]byte, count)
	for i := range count {
		e := pageHeader + i*elementSize
		pos, ksize, vsize := int(le.Uint32(p[e+4:])), int(le.Uint32(p[e+8:])), int(le.Uint32(p[e+12:]))
		if flags == branchFlag {
			pos, ksize, vsize = int(le.Uint32(p[e:])), int(le.Uint32(p[e+4:])), 0
		}
		end := e + pos + ksize + vsize
		if pos < 0 || ksize < 0 || vsize < 0 || end > len(p) || end < e {
			return damaged("page %d: a key or value outside the page", id)
		}
		keys[i] = p[e+pos : e+pos+ksize]
		if !r.holds(keys[i]) || (i > 0 && bytes.Compare(keys[i-1], keys[i]) >= 0) {
			return damaged("page %d: its keys are out of order", id)
		}
		if i == 0 && r.lo != nil && !bytes.Equal(keys[0], r.lo) {
			return damaged("page %d: its first key is not the one its parent names it by", id)
		}
	}
	for i := range count {
		e := pageHeader + i*elementSize
		if flags == branchFlag {
			next := r.hi
			if i+1 < count {
				next = keys[i+1]
			}
			if err := c.tree(le.Uint64(p[e+8:]), depth+1, keyRange{keys[i], next}); err != nil {
				return err
			}
			continue
		}
		if le.Uint32(p[e:])&bucketLeafFlag == 0 {
			continue
		}
		pos, ksize, vsize := int(le.Uint32(p[e+4:])), int(le.Uint32(p[e+8:])), int(le.Uint32(p[e+12:]))
		v := p[e+pos+ksize : e+pos+ksize+vsize]
		if len(v) < bucketHeader {
			return damaged("page %d: a bucket's header is short", id)
		}
		if root := le.Uint64(v); root != 0 {
			if err := c.tree(root, depth+1, keyRange{}); err != nil {
				return err
			}
			continue
		}
		if err := c.elements(v[bucketHeader:], id, depth+1, keyRange{}); err != nil { // an inline bucket
			return err
		}
	}
	return nil
}
