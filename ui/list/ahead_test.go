package list

import "testing"

// FuzzTypedAhead: letters typed one after another and found among the bytes kept
// ahead of a match are found where typedOn finds them in the key, with the same
// score; the key is read only when they are not among them (or ended, when the key
// ended before); and the bytes kept after each are the key's.
func FuzzTypedAhead(f *testing.F) {
	for _, s := range []struct {
		key, typed string
		pe         int
	}{
		{"spring sale 2026 /spring-sale", "ring sale", 2},
		{"ab", "b", 1},
		{"a\x00b\xffc d-e", "b\xffc de", 1},
		{"x", "y", 1},
		{"webinar room › grow your gym", "r gym", 6},
		{"sssssssssssssssss", "ssssssssssss", 1},
	} {
		f.Add(s.key, s.typed, s.pe)
	}
	f.Fuzz(func(t *testing.T, key, typed string, pe int) {
		if pe < 1 || pe > len(key) {
			return
		}
		a := aheadOf(key, pe)
		for n := 0; n < len(typed); n++ {
			c := typed[n]
			wi, wadd, wok := typedOn(key, pe, c)
			i, add, next, ok, read := typedAhead(a, pe, c)
			switch {
			case c == aheadEnd || c == aheadUnknown:
				return // the list reads the key for these
			case read:
				if ok {
					t.Fatalf("%q from %d, %q: found and to be read", key, pe, c)
				}
				if !wok {
					return // the key must be read to know: then the search goes on from it
				}
				i, add, ok, next = wi, wadd, true, aheadOf(key, wi+1)
			case !ok && wok:
				t.Fatalf("%q from %d, %q: the key ends before it, but typedOn finds it at %d", key, pe, c, wi)
			case !ok:
				return
			case i != wi || add != wadd:
				t.Fatalf("%q from %d, %q: at %d adding %d, typedOn at %d adding %d", key, pe, c, i, add, wi, wadd)
			}
			want := aheadOf(key, i+1)
			for k := range 8 {
				got, w := byte(next>>(8*k)), byte(want>>(8*k))
				if got != aheadUnknown && got != w {
					t.Fatalf("%q after %d: byte %d kept as %#x, the key's is %#x", key, i, k, got, w)
				}
			}
			a, pe = next, i+1
		}
	})
}
