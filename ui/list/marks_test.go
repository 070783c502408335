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
		mask, heads := newMarkTable().mark(c.key)
		if pm, ph := markKeyPlain(c.key); pm != mask || ph != heads {
			t.Errorf("%q: marked %b/%b by the table, %b/%b byte by byte", c.key, mask, heads, pm, ph)
		}
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
		if mask, heads := markKeyPlain(k); m.masks[i] != mask || m.heads[i] != heads {
			t.Fatalf("key %d %q: marked %b/%b, want %b/%b", i, k, m.masks[i], m.heads[i], mask, heads)
		}
	}
}

// markKeyPlain is what the marks of a key are, byte by byte: the definition the table
// (markTable) keeps to.
func markKeyPlain(key string) (mask uint64, heads uint32) {
	var seen uint32
	start := true // the next byte starts a word
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch bit, ok := maskBit(c); {
		case c >= 'a' && c <= 'z':
			l := uint32(1) << (c - 'a')
			if start && seen&l == 0 {
				heads |= l
			}
			seen |= l
			start = false
		case ok:
			mask |= 1 << bit
			start = false
		default:
			start = isWordBoundary(c)
		}
	}
	mask |= uint64(seen)
	if len(key) > 0 {
		if bit, ok := maskBit(key[0]); ok {
			heads |= uint32(bit+1) << headShift
		}
	}
	return mask, heads
}

// FuzzMarkTable: marked by the table, any key (any bytes) has the marks it has byte
// by byte.
func FuzzMarkTable(f *testing.F) {
	f.Add("spring sale 2026 · /f12-3 Step")
	f.Add("a-b_c.d(e[f&g,h:i/j k")
	f.Add("\x00\xffé A1")
	tab := newMarkTable()
	f.Fuzz(func(t *testing.T, key string) {
		m, h := tab.mark(key)
		if pm, ph := markKeyPlain(key); m != pm || h != ph {
			t.Fatalf("%q: the table %b/%b, byte by byte %b/%b", key, m, h, pm, ph)
		}
	})
}

// BenchmarkMarkKeys marks 100,000 keys like go to anything's by the table and byte by
// byte, on one goroutine.
func BenchmarkMarkKeys(b *testing.B) {
	keys := make([]string, 100_000)
	words := strings.Fields("spring summer autumn winter step guide sale kickstart webinar challenge referral bootcamp offer masterclass coaching launch trial › ·")
	for i := range keys {
		var k strings.Builder
		for j := range 9 {
			k.WriteString(words[(i*7+j*13+i/3)%len(words)] + " ")
		}
		fmt.Fprintf(&k, "/f%d-%d %d", i%10000, i%10, 2000+i%30)
		keys[i] = k.String()
	}
	var sink uint64
	b.Run("table", func(b *testing.B) {
		tab := newMarkTable()
		for range b.N {
			for _, k := range keys {
				m, h := tab.mark(k)
				sink += m ^ uint64(h)
			}
		}
	})
	b.Run("byte-by-byte", func(b *testing.B) {
		for range b.N {
			for _, k := range keys {
				m, h := markKeyPlain(k)
				sink += m ^ uint64(h)
			}
		}
	})
	_ = sink
}
