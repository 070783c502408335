package index

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	berrors "go.etcd.io/bbolt/errors"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// freeListDamage is the file at built with its free list naming, besides what it
// names, a few pages in use (variant picks which), written to a new path.
func freeListDamage(t *testing.T, built string, variant int) string {
	t.Helper()
	b := readBoltFile(t, built)
	used := b.pagesOf(branchFlag | leafFlag)
	ids := b.freeIDs()
	for k := 0; k <= variant%5; k++ {
		ids = append(ids, used[(variant*7+k*3)%len(used)])
	}
	b.setFree(slices.Compact(slices.Sorted(slices.Values(ids))))
	path := filepath.Join(t.TempDir(), "index.db")
	b.write(t, path)
	return path
}

// freeListVariants are free lists that name pages in use, the check must find.
var freeListVariants = []int{4, 9, 12, 23, 39}

// TestTheCheckFindsAFreeListThatNamesPagesInUse: a free list that names a page the
// tree still uses (bbolt would write over it, or panic part way through a commit) is
// found by the file check, and the file is set aside before bbolt reads it.
func TestTheCheckFindsAFreeListThatNamesPagesInUse(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	built := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), built)
	if err := verifyFile(built.Path(), defaultWait); err != nil {
		t.Fatalf("a whole index fails the check: %v", err)
	}
	for _, v := range freeListVariants {
		path := freeListDamage(t, built.Path(), v)
		if err := verifyFile(path, defaultWait); !errors.Is(err, errDamaged) || !strings.Contains(err.Error(), "in use") {
			t.Errorf("variant %d: the check says %v", v, err)
		}
		s := Open(path, built.key)
		within(t, "a write to a damaged index", func() {
			if err := s.SaveFunnels(ctxT(t), []client.Funnel{{ID: "after", Name: "Written after"}}); err != nil {
				t.Errorf("variant %d: %v", v, err)
			}
		})
		if _, err := os.Stat(path + ".damaged"); err != nil || !strings.Contains(s.Notice(), "in use") {
			t.Errorf("variant %d: the damaged file was not set aside: %v", v, err)
		}
	}
}

// TestARecoveryNeverWaitsForItself: when bbolt panics part way through a commit on a
// damaged free list (here the check is skipped: the file is stamped as whole), the
// transaction is finished before the database is closed, so a crawl never hangs on
// its own lock; the file is set aside and the crawl ends whole on a new one. The free
// list names every page in use, so the commit panics at the first page it frees,
// whatever the crawl writes (a crawl that finds nothing changed writes few pages,
// and a free list naming only some could let bbolt write over them unawares).
func TestARecoveryNeverWaitsForItself(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	c := newClient(t, sb, "")
	built := newStore(t, sb)
	crawl(t, c, built)
	b := readBoltFile(t, built.Path())
	b.setFree(slices.Sorted(slices.Values(append(b.freeIDs(), b.pagesOf(branchFlag|leafFlag)...))))
	path := filepath.Join(t.TempDir(), "index.db")
	b.write(t, path)
	stampAsWhole(t, path)
	s := Open(path, built.key)
	within(t, "crawls of a damaged index", func() {
		for range 3 {
			if _, err := (&Crawler{Client: c, Store: s}).Run(ctxT(t)); err != nil {
				t.Error(err)
				return
			}
		}
	})
	if _, err := os.Stat(path + ".damaged"); err != nil {
		t.Errorf("the damaged file was not set aside: %v", err)
	}
	if snap := snapshot(t, s); len(snap.Pages) != seedPages {
		t.Errorf("%d pages after the crawls", len(snap.Pages))
	}
}

// stampAsWhole stamps the file at path as known whole, so the next store skips the check.
func stampAsWhole(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	writeStamp(path, f)
	if !stamped(path) {
		t.Fatal("the stamp does not match the file it was taken of")
	}
}

// TestAFileBeingMadeIsNotSetAside: a reader that meets the index file empty — made by
// another process that has not yet written its first pages — reads nothing and leaves
// it; the maker's write then lands in it and the reader reads what was written. It
// once took the empty file for a damaged one and set it aside, and the first write of
// a crawl went into the file set aside.
func TestAFileBeingMadeIsNotSetAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	reader, maker := Open(path, "key"), Open(path, "key")
	if l, err := reader.Listing(ctxT(t), ""); err != nil || l.Known || reader.Notice() != "" {
		t.Fatalf("reading a file being made: %+v, %v, notice %q", l, err, reader.Notice())
	}
	if err := maker.Update(ctxT(t), func(w *Writer) error { return w.PutFolder(Folder{ID: "f1", Name: "Spring"}) }); err != nil {
		t.Fatal(err)
	}
	l, err := reader.Listing(ctxT(t), "")
	if err != nil || len(l.Folders) != 1 || l.Folders[0].Name != "Spring" || reader.Notice() != "" || maker.Notice() != "" {
		t.Fatalf("after the maker's write: %+v, %v, notices %q %q", l, err, reader.Notice(), maker.Notice())
	}
	if _, err := os.Stat(path + ".damaged"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the file was set aside: %v", err)
	}
}

// TestAnOpenTheSystemRefusedIsNotDamage: an open the system refused (no file
// descriptor left, a call interrupted) says nothing of the file, which is left where
// it is and the error said; what bbolt could not read in the file is damage.
func TestAnOpenTheSystemRefusedIsNotDamage(t *testing.T) {
	s := Open(filepath.Join(t.TempDir(), "index.db"), "key")
	var dmg *damageError
	for _, err := range []error{
		&fs.PathError{Op: "open", Path: s.Path(), Err: syscall.EMFILE},
		&fs.PathError{Op: "flock", Path: s.Path(), Err: syscall.EINTR},
	} {
		if got := s.openFailure(ctxT(t), err); errors.As(got, &dmg) || !errors.Is(got, err.(*fs.PathError).Err) {
			t.Errorf("%v: %v, want the system's error, not damage", err, got)
		}
	}
	for _, err := range []error{berrors.ErrInvalid, berrors.ErrChecksum, errors.New("file size too small 4096")} {
		if got := s.openFailure(ctxT(t), err); !errors.As(got, &dmg) {
			t.Errorf("%v: %v, want damage", err, got)
		}
	}
}

// churnedIndex is an index file of a few thousand funnels written and deleted in
// turns: a tree of branches that bbolt has split and merged.
func churnedIndex(t *testing.T, seed uint64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "index.db")
	s := Open(path, "key")
	r := rand.New(rand.NewPCG(seed, 7))
	var ids []string
	for range 6 {
		err := s.Update(ctxT(t), func(w *Writer) error {
			for range 400 {
				id := fmt.Sprintf("%020x", r.Uint64())
				ids = append(ids, id)
				if err := w.PutFunnel(Funnel{ID: id, Name: "Funnel " + id, ParentID: fmt.Sprint(r.IntN(5))}); err != nil {
					return err
				}
			}
			for range 250 {
				if err := w.DeleteFunnel(ids[r.IntN(len(ids))]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// TestTheCheckFindsABranchKeyThatIsNotItsChildsFirst: a branch names each child by
// the child's first key. One lowered, still in order and below the child's keys,
// passed the check, and bbolt's next write built pages with keys out of order from
// it; the check finds it now. Files bbolt wrote through splits and merges pass.
func TestTheCheckFindsABranchKeyThatIsNotItsChildsFirst(t *testing.T) {
	for seed := range uint64(4) {
		path := churnedIndex(t, seed)
		if err := verifyFile(path, defaultWait); err != nil {
			t.Fatalf("a file bbolt wrote fails the check: %v", err)
		}
		b := readBoltFile(t, path)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		c := &checker{f: f, size: int64(len(b.data)), seen: map[uint64]bool{}}
		root, _, err := c.meta()
		if err == nil {
			err = c.tree(root, 0, keyRange{})
		}
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		lowered := 0
		for _, id := range b.pagesOf(branchFlag) {
			p := b.data[int(id)*b.pageSize:]
			if !c.seen[id] || binary.LittleEndian.Uint16(p[10:]) < 2 {
				continue
			}
			e := pageHeader + elementSize // the second child's element
			pos, ksize := int(binary.LittleEndian.Uint32(p[e:])), int(binary.LittleEndian.Uint32(p[e+4:]))
			last := e + pos + ksize - 1
			if ksize == 0 || p[last] == 0 {
				continue
			}
			damaged := readBoltFile(t, path)
			damaged.data[int(id)*b.pageSize+last]--
			out := filepath.Join(t.TempDir(), "index.db")
			damaged.write(t, out)
			if err := verifyFile(out, defaultWait); !errors.Is(err, errDamaged) {
				t.Errorf("branch %d with its second key lowered: %v, want damage", id, err)
			}
			lowered++
		}
		if lowered == 0 {
			t.Fatalf("no branch of the churned file has two children")
		}
	}
}
