package find_test

import (
	"context"
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// damageAfterCheck writes good to path with the leaf page id marked as a free list
// page — a page bbolt refuses with a panic when a read reaches it — after a store has
// checked the file whole and written to it (which stamps it whole), so the next
// process does not check it again: damage that only a read meets.
func damageAfterCheck(t *testing.T, path, key string, good []byte, id int) *index.Store {
	t.Helper()
	if err := os.WriteFile(path, good, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s := index.Open(path, key)
	if _, err := s.State(ctx); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	ps := int(binary.LittleEndian.Uint32(good[16+8:]))
	_, err = f.WriteAt([]byte{0x10, 0}, int64(id*ps+8))
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Update(ctx, func(*index.Writer) error { return nil }); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFindRebuildsAnIndexThatFailsOnRead: an index whose state reads but whose
// records make bbolt panic is set aside when find reads it, and find says so,
// rebuilds it and answers from the new one — never an empty answer with exit 0.
func TestFindRebuildsAnIndexThatFailsOnRead(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{})
	h.Run("index").Want(t, 0)
	path := clitest.IndexFiles(t, h)[0]
	key := index.KeyOf(h.SB.URL, h.SB.Server.LocationID())
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ps := int(binary.LittleEndian.Uint32(good[16+8:]))
	// The leaf to damage: one a snapshot reaches and the state does not.
	found := false
	for id := 2; (id+1)*ps <= len(good) && !found; id++ {
		p := good[id*ps:]
		if binary.LittleEndian.Uint64(p) != uint64(id) || binary.LittleEndian.Uint16(p[8:]) != 0x02 {
			continue
		}
		s := damageAfterCheck(t, path, key, good, id)
		st, err := s.State(context.Background())
		if err != nil || st.Crawled.IsZero() || s.Notice() != "" {
			continue
		}
		if _, err := s.Snapshot(context.Background()); err == nil && s.Notice() != "" {
			found = true
			_ = os.Remove(path + ".damaged")
			damageAfterCheck(t, path, key, good, id)
		}
	}
	if !found {
		t.Fatal("no leaf page that only a full read meets")
	}
	r := h.Run("find", "spring sale").Want(t, 0, "err:damaged", "Spring Sale 2026")
	if !strings.Contains(r.Stderr, "funnels index: done") {
		t.Errorf("find did not rebuild the index:\n%s", r.Stderr)
	}
}
