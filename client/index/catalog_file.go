package index

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sync"
	"time"
	"unsafe"
)

// The catalog is kept in a file of its own beside the index (PATH.catalog), not in
// the index: go to anything and `funnels find` read it without opening the index
// when the index is as it was when the catalog was last found current, and a catalog
// made again never grows the index file.
//
// The file is a header, the keys blob and the items blob. The header names the index
// it is of (the hash of its key and the identity the index was given when it was
// made), the generation the catalog was made of, the lengths and a checksum of the
// keys; then a stamp block: the index's stamp (stamp.go) and state when the catalog
// was last found current. A reader that finds the index as stamped there reads the
// catalog without opening the index (catalogFast); any other reader opens the index
// and brings the catalog up to date from what changed since it was made
// (tracked.go). The file is written whole to a file of its own and renamed; only the
// stamp block is written in place, with a checksum of its own, so a torn block is a
// stamp that matches nothing. The items blob is mapped where the system allows
// (mmap_unix.go), so the items of a million that are never shown take no memory; the
// keys, which every search reads whole, are copied into memory, or, for a reader that
// holds the catalog as long as it reads a key (Store.MappedCatalog), left mapped: file
// pages the kernel can drop rather than the program's heap.

const (
	catalogSuffix     = ".catalog"
	catalogFileMagic  = "funnels catalog1"
	catalogFileHeader = 512
	stampBlockAt      = 128
	stampBlockSize    = 192
	maxStampLen       = 160
)

// castagnoli is the checksum of the catalog's keys and stamp block. Its table is
// made on first use: making it costs a quarter of a millisecond, which every command
// would pay at its start were it made with the package's variables.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// catalogSum is the checksum of b as the catalog file keeps it.
func catalogSum(b []byte) uint32 { return crc32.Checksum(b, castagnoli()) }

// catalogFile is a catalog read from its file, with what its header says.
type catalogFile struct {
	cat      *Catalog
	identity uint64 // the index's identity it was made of
	madeOf   uint64 // the index's generation it was made of
	garbage  uint64 // bytes of texts patches left behind in the items blob
	stamp    string // the index's stamp when the catalog was last found current ("": none)
	state    State  // the index's state then
}

// keyHash names an index's key in a catalog file.
func keyHash(key string) uint64 {
	h := fnv.New64a()
	_, _ = io.WriteString(h, key)
	return h.Sum64()
}

// readCatalogFile reads the catalog file at path if it is one of the index of key; an
// absent or unreadable file is an error (the caller makes the catalog instead). With
// mapped, the keys stay the file's mapped pages (Store.MappedCatalog); else they are
// copied into memory of their own.
func readCatalogFile(path, key string, mapped bool) (*catalogFile, error) {
	f, err := openReadOnly(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if f.size < catalogFileHeader || f.size > math.MaxInt {
		return nil, errCatalog
	}
	m, err := mapCatalogFile(f)
	if err != nil {
		return nil, err
	}
	head := m.head
	le := binary.LittleEndian
	keysLen, itemsLen := le.Uint64(head[40:]), le.Uint64(head[48:])
	if string(head[:16]) != catalogFileMagic || le.Uint64(head[16:]) != keyHash(key) ||
		keysLen > uint64(f.size) || itemsLen > uint64(f.size) ||
		catalogFileHeader+keysLen+itemsLen != uint64(f.size) || itemsLen > 1<<32-1 {
		m.release()
		return nil, errCatalog
	}
	out := &catalogFile{identity: le.Uint64(head[24:]), madeOf: le.Uint64(head[32:]), garbage: le.Uint64(head[64:])}
	out.readStampBlock(head[stampBlockAt : stampBlockAt+stampBlockSize])
	keys, items, err := m.blobs(f, int(keysLen))
	if err != nil {
		return nil, err
	}
	if catalogSum(keys) != le.Uint32(head[56:]) {
		m.release()
		return nil, errCatalog
	}
	if !mapped {
		keys = bytes.Clone(keys)
		m.releaseKeys()
	}
	c, err := openCatalog(bytesString(keys), items)
	if err != nil {
		m.release()
		return nil, err
	}
	c.release(m.release)
	out.cat = c
	return out, nil
}

// readStampBlock takes the stamp and state of a stamp block whose checksum holds.
func (cf *catalogFile) readStampBlock(b []byte) {
	le := binary.LittleEndian
	n := int(b[25])
	if le.Uint32(b[stampBlockSize-4:]) != catalogSum(b[:stampBlockSize-4]) || n == 0 || n > maxStampLen {
		return
	}
	cf.stamp = string(b[26 : 26+n])
	cf.state = State{Exists: true, Gen: le.Uint64(b), Crawled: Time(int64(le.Uint64(b[8:]))),
		CrawlStarted: Time(int64(le.Uint64(b[16:]))), Unfinished: b[24] != 0}
}

// stampBlock is the stamp block of an index as stamp and st say.
func stampBlock(stamp string, st State) []byte {
	b := make([]byte, stampBlockSize)
	if len(stamp) > maxStampLen {
		stamp = "" // matches nothing
	}
	le := binary.LittleEndian
	le.PutUint64(b, st.Gen)
	le.PutUint64(b[8:], uint64(millis(st.Crawled)))
	le.PutUint64(b[16:], uint64(millis(st.CrawlStarted)))
	if st.Unfinished {
		b[24] = 1
	}
	b[25] = byte(len(stamp))
	copy(b[26:], stamp)
	le.PutUint32(b[stampBlockSize-4:], catalogSum(b[:stampBlockSize-4]))
	return b
}

// writeCatalogFile writes the catalog file at path (its stamp block empty): to a file
// of its own, synced, then renamed over the old.
func writeCatalogFile(path, key string, identity, madeOf, garbage uint64, keys, items []byte) (err error) {
	// One a process killed part way left behind is of no use to anyone.
	left, _ := filepath.Glob(path + ".*")
	for _, p := range left {
		if st, err := os.Stat(p); err == nil && time.Since(st.ModTime()) > 10*time.Minute {
			_ = os.Remove(p)
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("index: catalog: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	head := make([]byte, catalogFileHeader)
	le := binary.LittleEndian
	copy(head, catalogFileMagic)
	le.PutUint64(head[16:], keyHash(key))
	le.PutUint64(head[24:], identity)
	le.PutUint64(head[32:], madeOf)
	le.PutUint64(head[40:], uint64(len(keys)))
	le.PutUint64(head[48:], uint64(len(items)))
	le.PutUint32(head[56:], catalogSum(keys))
	le.PutUint64(head[64:], garbage)
	for _, part := range [][]byte{head, keys, items} {
		if _, err = tmp.Write(part); err != nil {
			return fmt.Errorf("index: catalog: %w", err)
		}
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("index: catalog: %w", err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("index: catalog: %w", err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("index: catalog: %w", err)
	}
	return nil
}

// stampCatalogFile writes the stamp block of the catalog file at path: the index was
// as stamp names it, its state st, and the catalog current. A failure only costs the
// next reader a look into the index.
func stampCatalogFile(path, stamp string, st State) {
	f, err := openRegular(path, os.O_WRONLY, 0)
	if err != nil {
		return
	}
	_, _ = f.WriteAt(stampBlock(stamp, st), stampBlockAt)
	_ = f.Close()
}

// removeCatalogFile removes the catalog file of the index at dbPath, and any a
// process left half written.
func removeCatalogFile(dbPath string) error {
	err := os.Remove(dbPath + catalogSuffix)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("index: %w", err)
	}
	left, _ := filepath.Glob(dbPath + catalogSuffix + ".*")
	for _, p := range left {
		_ = os.Remove(p)
	}
	return nil
}

// currentStamp is the stamp of the index file at path when the file is as its stamp
// says, else "". Asked under a lock on the index, no writer is part way.
func currentStamp(path string) string {
	want, ok := readStamp(path)
	if !ok || !stampIs(path, want) {
		return ""
	}
	return want
}

// bytesString is b as a string without a copy: b is never written again (the keys
// blob, read or made once and only read after).
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
