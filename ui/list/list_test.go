package list

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func keysOf(names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.ToLower(n)
	}
	return out
}

func shownNames(l *List, names []string) []string {
	var out []string
	for _, i := range l.shown {
		out = append(out, names[i])
	}
	return out
}

func TestFuzzyScore(t *testing.T) {
	for _, c := range []struct {
		key, q string
		ok     bool
	}{
		{"spring sale 2026", "ss26", true},
		{"spring sale 2026", "sale", true},
		{"spring sale 2026", "2027", false},
		{"café crème", "cc", true},
		{"café crème", "éè", true},
		{"abc", "", true},
		{"abc", "abcd", false},
	} {
		if _, ok := fuzzyScore(c.key, c.q); ok != c.ok {
			t.Errorf("fuzzyScore(%q, %q) ok = %v, want %v", c.key, c.q, ok, c.ok)
		}
	}
	word, _ := fuzzyScore("spring sale", "ss")
	mid, _ := fuzzyScore("lesson plans", "ss")
	if word <= mid {
		t.Errorf("word starts should rank higher: %d <= %d", word, mid)
	}
	run, _ := fuzzyScore("webinar", "web")
	gap, _ := fuzzyScore("w e b", "web")
	if run <= gap {
		t.Errorf("consecutive characters should rank higher: %d <= %d", run, gap)
	}
}

func TestListFilterNarrowsAndRestores(t *testing.T) {
	names := []string{"Archive", "Lead Generation", "Spring Sale 2026", "Summer Sale 2025", "Lesson Plans", "Webinar: Grow Your Gym"}
	var l List
	l.SetKeys(keysOf(names...))
	l.SetHeight(3)
	l.SetQuery("s")
	if got := len(l.shown); got != 3 {
		t.Fatalf("query s shows %v", shownNames(&l, names))
	}
	l.SetQuery("ss")
	if got := shownNames(&l, names); !slices.Equal(got, []string{"Spring Sale 2026", "Summer Sale 2025", "Lesson Plans"}) {
		t.Fatalf("query ss shows %v, want word starts first", got)
	}
	l.SetQuery("ss2")
	if got := shownNames(&l, names); !slices.Equal(got, []string{"Spring Sale 2026", "Summer Sale 2025"}) {
		t.Fatalf("query ss2 shows %v", got)
	}
	l.SetQuery("ss")
	if got := len(l.shown); got != 3 {
		t.Fatalf("backspace to ss shows %v", shownNames(&l, names))
	}
	l.SetQuery("")
	if got := len(l.shown); got != len(names) {
		t.Fatalf("clearing shows %d items", got)
	}
	l.SetQuery("zzz")
	if l.Len() != 0 || l.Selected() != -1 {
		t.Fatalf("no match should show nothing, got %v", shownNames(&l, names))
	}
}

func TestListKeepsSelectionWhileFiltering(t *testing.T) {
	names := []string{"Alpha", "Beta", "Gamma", "Delta"}
	var l List
	l.SetKeys(keysOf(names...))
	l.SetHeight(10)
	l.Move(2) // Gamma
	l.SetQuery("a")
	if names[l.Selected()] != "Gamma" {
		t.Fatalf("selection moved to %s", names[l.Selected()])
	}
	l.SetQuery("al")
	if names[l.Selected()] != "Alpha" {
		t.Fatalf("selection should fall back to the best match, got %s", names[l.Selected()])
	}
}

func TestListCursorAndScrolling(t *testing.T) {
	var l List
	keys := make([]string, 100)
	for i := range keys {
		keys[i] = fmt.Sprintf("item %03d", i)
	}
	l.SetKeys(keys)
	l.SetHeight(10)
	l.Move(15)
	if from, to := l.Visible(); l.cursor != 15 || from != 6 || to != 16 {
		t.Fatalf("cursor %d visible %d..%d", l.cursor, from, to)
	}
	l.Bottom()
	if from, to := l.Visible(); l.Selected() != 99 || from != 90 || to != 100 {
		t.Fatalf("bottom: cursor %d visible %d..%d", l.cursor, from, to)
	}
	l.Move(5)
	if l.Selected() != 99 {
		t.Fatal("moving past the end must stop at the end")
	}
	l.Top()
	l.PageDown()
	if l.cursor != 9 {
		t.Fatalf("page down moved to %d", l.cursor)
	}
	l.Scroll(50)
	if from, _ := l.Visible(); from != 50 || l.cursor != 50 {
		t.Fatalf("scroll: offset %d cursor %d", from, l.cursor)
	}
	if !l.SelectRow(3) || l.cursor != 53 {
		t.Fatalf("selectRow: cursor %d", l.cursor)
	}
	l.SetKeys(nil)
	if l.Selected() != -1 || l.Len() != 0 {
		t.Fatal("empty list selects nothing")
	}
	l.Move(1)
	l.Bottom()
}

// TestMaskedKeysFilterAlike: with each key's Mask given (and the incremental
// narrowing that comes with it), the list shows exactly what it shows without, in the
// same order, for queries of every kind (letters, digits, spaces, marks, non-ASCII)
// set at once or typed a key at a time with a backspace on the way.
func TestMaskedKeysFilterAlike(t *testing.T) {
	// The last two tie on "ab" though "a" ranks the second first.
	keys := []string{"spring sale 2026 /spring-sale", "summer offer", "webinar room › grow your gym", "café crème 7", "", "a-b_c.d", "ñandú",
		"xa b", "x ayb"}
	masks := make([]uint64, len(keys))
	for i, k := range keys {
		masks[i] = Mask(k)
	}
	for _, q := range []string{"s", "sp 26", "/spring", "room gym", "café", "é", "7", "zz", "a-b", "ñ", " ", "SPRING", "spring sale", "sss", "ss ss", "ab"} {
		var plain, masked, plainTyped, typed List
		plain.SetKeys(keys)
		masked.SetMaskedKeys(keys, masks)
		plainTyped.SetKeys(keys)
		typed.SetMaskedKeys(keys, masks)
		plain.SetQuery(q)
		masked.SetQuery(q)
		for _, l := range []*List{&plainTyped, &typed} {
			for i := 1; i <= len(q); i++ { // typed a byte at a time, with a backspace on the way
				l.SetQuery(q[:i])
				if i == 3 {
					l.SetQuery(q[:i-1])
					l.SetQuery(q[:i])
				}
			}
		}
		if !slices.Equal(plain.shown, masked.shown) || !slices.Equal(plainTyped.shown, typed.shown) {
			t.Errorf("%q: masked %v, plain %v; typed %v, plain typed %v", q, masked.shown, plain.shown, typed.shown, plainTyped.shown)
		}
		if !slices.Equal(typed.shown, masked.shown) || !slices.Equal(plainTyped.shown, plain.shown) {
			t.Errorf("%q typed a key at a time shows %v (plain %v), set at once %v", q, typed.shown, plainTyped.shown, masked.shown)
		}
	}
}

// TestRowsAndCursorFromOutside: At names the item of a shown row, Cursor the row under
// the cursor, and SetCursor keeps the cursor within the rows and on screen.
func TestRowsAndCursorFromOutside(t *testing.T) {
	var l List
	l.SetKeys(keysOf("alpha", "beta", "gamma", "delta"))
	l.SetHeight(2)
	l.SetQuery("a")
	if l.Len() != 4 || l.At(0) != 0 {
		t.Fatalf("shown %v", l.shown)
	}
	l.SetQuery("ta")
	if l.Len() != 2 || names(&l) != "1 3" {
		t.Fatalf("'ta' shows %q, want beta and delta", names(&l))
	}
	l.SetCursor(9)
	if l.Cursor() != 1 || l.Selected() != 3 {
		t.Fatalf("SetCursor past the end: cursor %d on item %d", l.Cursor(), l.Selected())
	}
	l.SetCursor(-3)
	if l.Cursor() != 0 {
		t.Fatalf("SetCursor before the start: cursor %d", l.Cursor())
	}
}

// TestRankIsTheListsOrder: Rank gives the order the list shows for the same query.
func TestRankIsTheListsOrder(t *testing.T) {
	keys := keysOf("Lesson Plans", "Spring Sale", "Archive", "spring summer sale")
	var l List
	l.SetKeys(keys)
	l.SetQuery("ss")
	if got := Rank(keys, "ss"); !slices.Equal(got, l.ranked()) || len(got) != 3 || got[0] != 1 {
		t.Fatalf("Rank %v, list %v: Spring Sale first", got, l.shown)
	}
	if got := Rank(keys, "zz"); len(got) != 0 {
		t.Fatalf("nothing matches zz: %v", got)
	}
}

func names(l *List) string {
	var out []string
	for i := range l.Len() {
		out = append(out, fmt.Sprint(l.At(i)))
	}
	return strings.Join(out, " ")
}

// TestLongListSearchedInPiecesAlike: a list long enough to be searched in pieces, one
// per processor, shows what the plain list shows, in the same order, typed a key at a
// time or set at once.
func TestLongListSearchedInPiecesAlike(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	words := []string{"spring", "sale", "offer", "webinar", "gym", "trial", "26", "2025", "/spring-offer", "café"}
	keys := make([]string, 5*minPiece)
	masks := make([]uint64, len(keys))
	for i := range keys {
		keys[i] = fmt.Sprintf("%s %s %d %s", words[i%len(words)], words[(i/7)%len(words)], i%97, words[(i/13)%len(words)])
		masks[i] = Mask(keys[i])
	}
	for _, q := range []string{"spring offer 26", "sale gym", "café 9", "zz"} {
		var plain, long List
		plain.SetKeys(keys)
		long.SetMaskedKeys(keys, masks)
		if len(long.e.pieces) != 0 {
			t.Fatal("searched before a query")
		}
		for i := 1; i <= len(q); i++ {
			long.SetQuery(q[:i])
		}
		plain.SetQuery(q)
		if len(long.e.pieces) < 2 {
			t.Fatalf("%q: searched in %d pieces", q, len(long.e.pieces))
		}
		if !slices.Equal(plain.shown, long.shown) {
			t.Errorf("%q: %d shown in pieces, %d plain; first %v, plain %v", q, len(long.shown), len(plain.shown),
				long.shown[:min(5, len(long.shown))], plain.shown[:min(5, len(plain.shown))])
		}
	}
}

// TestLongListNarrowsAlikeWhateverIsTyped: a long list narrows each key from the
// last search's matches; over keys typed, deleted and pasted in a random order, with
// the processors it may use changing between keys, it shows at every step what the
// plain list shows.
func TestLongListNarrowsAlikeWhateverIsTyped(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	words := []string{"spring", "sale", "offer", "webinar", "gym", "trial", "26", "2025", "/spring-offer", "café", "a-b"}
	keys := make([]string, 4*minPiece)
	masks := make([]uint64, len(keys))
	for i := range keys {
		keys[i] = fmt.Sprintf("%s %s %d %s", words[i%len(words)], words[(i/7)%len(words)], i%97, words[(i/13)%len(words)])
		masks[i] = Mask(keys[i])
	}
	var plain, long List
	plain.SetKeys(keys)
	long.SetMaskedKeys(keys, masks)
	r := rand.New(rand.NewPCG(1, 2))
	const typed = "spring offer 26 gym café a-b sale 9"
	q := ""
	for step := range 300 {
		switch n := r.IntN(10); {
		case n < 6 && len(q) < 24:
			q += string(typed[r.IntN(len(typed))])
		case n < 8 && q != "":
			q = q[:len(q)-1]
		case n < 9:
			w := words[r.IntN(len(words))]
			q = w[:1+r.IntN(len(w))]
		default:
			q = ""
		}
		runtime.GOMAXPROCS(1 + r.IntN(4))
		plain.SetQuery(q)
		if r.IntN(2) == 0 {
			long.SetQuery(q)
		} else if !long.Apply(long.Search(q)()) {
			t.Fatalf("step %d %q: the search was not applied", step, q)
		}
		if !slices.Equal(plain.shown, long.shown) {
			t.Fatalf("step %d %q: %d shown, plain %d; first %v, plain %v", step, q, len(long.shown), len(plain.shown),
				long.shown[:min(5, len(long.shown))], plain.shown[:min(5, len(plain.shown))])
		}
	}
}

// TestTheBackspaceStackIsBounded: typing into a long list keeps the results of the
// queries before for backspace, at most twice the list's items of them: the oldest go
// first, and going back to one of them matches it again, showing what it showed.
func TestTheBackspaceStackIsBounded(t *testing.T) {
	keys := make([]string, 4*minPiece)
	masks := make([]uint64, len(keys))
	for i := range keys {
		keys[i] = fmt.Sprintf("spring sale offer %d", i%1000)
		masks[i] = Mask(keys[i])
	}
	var plain, long List
	plain.SetKeys(keys)
	long.SetMaskedKeys(keys, masks)
	const q = "spring sale offer 9"
	for i := 1; i <= len(q); i++ {
		long.SetQuery(q[:i])
		held := 0
		for _, lv := range long.e.levels {
			held += len(lv.shown)
		}
		if held > 2*len(keys) {
			t.Fatalf("%q: the stack holds %d items of %d", q[:i], held, len(keys))
		}
	}
	if len(long.e.levels) >= len(q)-1 {
		t.Fatalf("every level kept: %d", len(long.e.levels))
	}
	for i := len(q) - 1; i >= 0; i-- {
		long.SetQuery(q[:i])
		plain.SetQuery(q[:i])
		if !slices.Equal(plain.shown, long.shown) {
			t.Fatalf("back to %q: %d shown, plain %d", q[:i], len(long.shown), len(plain.shown))
		}
	}
}
