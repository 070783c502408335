package list

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// FuzzFirstLetterFromMarks: a first letter ranked from the keys' marks, and the key
// typed after it (matched from where the letter was first found in each key), show
// what the whole match of each query over every key shows, in the same order.
func FuzzFirstLetterFromMarks(f *testing.F) {
	f.Add("spring sale 2026\nsummer offer\nlesson plans\ns\n-s_s\nx sa\nássa\n", "sa")
	f.Add("a-b_c.d\nab\nb a\n(a)\n[a]b\n", "ab")
	f.Add("zz\n\nz/z\n", "z ")
	f.Fuzz(func(t *testing.T, text, q string) {
		keys := strings.Split(strings.ToLower(text), "\n")
		q = strings.ToLower(q)
		if len(q) == 0 || len(q) > 3 || q[0] < 'a' || q[0] > 'z' {
			return
		}
		masks := make([]uint64, len(keys))
		for i, k := range keys {
			masks[i] = Mask(k)
		}
		var plain, marked List
		plain.SetKeys(keys)
		marked.SetMaskedKeys(keys, masks)
		for i := 1; i <= len(q); i++ {
			plain.SetQuery(q[:i])
			marked.SetQuery(q[:i])
			if !slices.Equal(plain.shown, marked.shown) {
				t.Fatalf("%q: from the marks %v, whole %v", q[:i], marked.shown, plain.shown)
			}
		}
	})
}

// TestMarksOfAKey: the heads of a key are the letters first met at a word's start and
// the letter or digit it begins with.
func TestMarksOfAKey(t *testing.T) {
	for _, c := range []struct {
		key          string
		words        string // letters whose first place starts a word
		first        byte   // 0: none
		notFirstWord string // letters whose first place is inside a word
	}{
		{"spring sale", "s", 's', "pring"},
		{"lesson plans", "lp", 'l', "esona"},
		{"x-ray_y", "xr", 'x', "ay"},
		{"2026 offer", "o", '2', "f"},
		{"éa b", "b", 0, "a"},
		{"", "", 0, ""},
	} {
		mask, heads := markKey(c.key)
		if mask != Mask(c.key) {
			t.Errorf("%q: mask %b, want %b", c.key, mask, Mask(c.key))
		}
		for _, l := range c.words {
			if heads&(1<<(l-'a')) == 0 {
				t.Errorf("%q: %c not marked as first met at a word's start", c.key, l)
			}
		}
		for _, l := range c.notFirstWord {
			if heads&(1<<(l-'a')) != 0 {
				t.Errorf("%q: %c marked as first met at a word's start", c.key, l)
			}
		}
		want := uint32(0)
		if bit, ok := maskBit(c.first); ok && c.first != 0 {
			want = uint32(bit + 1)
		}
		if got := heads >> headShift; got != want {
			t.Errorf("%q: first %d, want %d", c.key, got, want)
		}
	}
}

// TestMarkKeysMarksEveryKey: marked in runs on several processors, every key has the
// marks it has alone.
func TestMarkKeysMarksEveryKey(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	keys := make([]string, 3*minPiece+7)
	for i := range keys {
		keys[i] = fmt.Sprintf("k%d sale-%d", i, i%13)
	}
	m := MarkKeys(len(keys), func(i int) string { return keys[i] })
	for i, k := range keys {
		if mask, heads := markKey(k); m.masks[i] != mask || m.heads[i] != heads {
			t.Fatalf("key %d %q: marked %b/%b, want %b/%b", i, k, m.masks[i], m.heads[i], mask, heads)
		}
	}
}
