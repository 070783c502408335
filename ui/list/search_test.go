package list

import (
	"fmt"
	"slices"
	"testing"
)

// TestSearchIsSetQueryOffTheLoop: a list filtered by Search and Apply, a key at a time,
// back and on again, shows what SetQuery shows at every step; what it shows stays as
// it was until Apply; and a search of items since replaced changes nothing.
func TestSearchIsSetQueryOffTheLoop(t *testing.T) {
	words := []string{"spring", "sale", "offer", "webinar", "gym", "26"}
	keys := make([]string, 3*minPiece)
	masks := make([]uint64, len(keys))
	for i := range keys {
		keys[i] = fmt.Sprintf("%s %s %d", words[i%len(words)], words[(i/5)%len(words)], i%31)
		masks[i] = Mask(keys[i])
	}
	var async, sync List
	async.SetMaskedKeys(keys, masks)
	sync.SetMaskedKeys(keys, masks)
	for _, q := range []string{"s", "sp", "spr", "spring o", "spring", "sp", "gym 2", "", "web"} {
		before := slices.Clone(async.shown)
		run := async.Search(q)
		if !slices.Equal(async.shown, before) {
			t.Fatalf("%q: what shows changed before Apply", q)
		}
		f := run()
		if first := f.First(3); !slices.Equal(first, f.shown[:min(3, len(f.shown))]) || len(f.First(-1)) != 0 {
			t.Fatalf("%q: the first found are %v of %v", q, first, f.shown)
		}
		if !async.Apply(f) {
			t.Fatalf("%q: the search was not applied", q)
		}
		sync.SetQuery(q)
		if async.Query() != q || !slices.Equal(async.shown, sync.shown) {
			t.Fatalf("%q: %d shown off the loop, %d at once", q, len(async.shown), len(sync.shown))
		}
	}
	run := async.Search("offer")
	async.SetKeys(keys[:10])
	if async.Apply(run()) || async.Total() != 10 || async.Query() != "" {
		t.Fatal("a search of the items before was applied to the items since")
	}
}
