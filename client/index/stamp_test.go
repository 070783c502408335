package index

import (
	"os"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestTheCheckRunsOnlyInDoubt: a file this program left whole (its last write
// committed and stamped it) is not checked page by page by the next process; a file
// changed since its stamp — a write killed part way, a change from outside — or with
// no stamp at all is.
func TestTheCheckRunsOnlyInDoubt(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	built := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), built)
	if !stamped(built.Path()) {
		t.Fatal("a crawl that ended whole left no stamp")
	}

	// Damage only the check sees (bbolt reads it) tells whether the check ran.
	path := freeListDamage(t, built.Path(), 4)
	stampAsWhole(t, path)
	if _, err := Open(path, built.key).Snapshot(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".damaged"); err == nil {
		t.Fatal("a stamped file was checked again")
	}

	// The same file touched after its stamp (as a write killed half-way leaves it).
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	s := Open(path, built.key)
	if _, err := s.Snapshot(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".damaged"); err != nil {
		t.Fatalf("a file changed since its stamp was not checked: %v", err)
	}
	if stamped(path) {
		t.Fatal("a file set aside kept the stamp")
	}

	// No stamp at all is doubt too.
	path = freeListDamage(t, built.Path(), 4)
	if _, err := Open(path, built.key).Snapshot(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".damaged"); err != nil {
		t.Fatalf("a file with no stamp was not checked: %v", err)
	}
}
