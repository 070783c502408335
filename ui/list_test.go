package ui

import (
	"fmt"
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

func shownNames(l *list, names []string) []string {
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
	var l list
	l.setKeys(keysOf(names...))
	l.setHeight(3)
	l.setQuery("s")
	if got := len(l.shown); got != 3 {
		t.Fatalf("query s shows %v", shownNames(&l, names))
	}
	l.setQuery("ss")
	if got := shownNames(&l, names); !slices.Equal(got, []string{"Spring Sale 2026", "Summer Sale 2025", "Lesson Plans"}) {
		t.Fatalf("query ss shows %v, want word starts first", got)
	}
	l.setQuery("ss2")
	if got := shownNames(&l, names); !slices.Equal(got, []string{"Spring Sale 2026", "Summer Sale 2025"}) {
		t.Fatalf("query ss2 shows %v", got)
	}
	l.setQuery("ss")
	if got := len(l.shown); got != 3 {
		t.Fatalf("backspace to ss shows %v", shownNames(&l, names))
	}
	l.setQuery("")
	if got := len(l.shown); got != len(names) {
		t.Fatalf("clearing shows %d items", got)
	}
	l.setQuery("zzz")
	if l.len() != 0 || l.selected() != -1 {
		t.Fatalf("no match should show nothing, got %v", shownNames(&l, names))
	}
}

func TestListKeepsSelectionWhileFiltering(t *testing.T) {
	names := []string{"Alpha", "Beta", "Gamma", "Delta"}
	var l list
	l.setKeys(keysOf(names...))
	l.setHeight(10)
	l.move(2) // Gamma
	l.setQuery("a")
	if names[l.selected()] != "Gamma" {
		t.Fatalf("selection moved to %s", names[l.selected()])
	}
	l.setQuery("al")
	if names[l.selected()] != "Alpha" {
		t.Fatalf("selection should fall back to the best match, got %s", names[l.selected()])
	}
}

func TestListCursorAndScrolling(t *testing.T) {
	var l list
	keys := make([]string, 100)
	for i := range keys {
		keys[i] = fmt.Sprintf("item %03d", i)
	}
	l.setKeys(keys)
	l.setHeight(10)
	l.move(15)
	if from, to := l.visible(); l.cursor != 15 || from != 6 || to != 16 {
		t.Fatalf("cursor %d visible %d..%d", l.cursor, from, to)
	}
	l.bottom()
	if from, to := l.visible(); l.selected() != 99 || from != 90 || to != 100 {
		t.Fatalf("bottom: cursor %d visible %d..%d", l.cursor, from, to)
	}
	l.move(5)
	if l.selected() != 99 {
		t.Fatal("moving past the end must stop at the end")
	}
	l.top()
	l.pageDown()
	if l.cursor != 9 {
		t.Fatalf("page down moved to %d", l.cursor)
	}
	l.scroll(50)
	if from, _ := l.visible(); from != 50 || l.cursor != 50 {
		t.Fatalf("scroll: offset %d cursor %d", from, l.cursor)
	}
	if !l.selectRow(3) || l.cursor != 53 {
		t.Fatalf("selectRow: cursor %d", l.cursor)
	}
	l.setKeys(nil)
	if l.selected() != -1 || l.len() != 0 {
		t.Fatal("empty list selects nothing")
	}
	l.move(1)
	l.bottom()
}

func TestFitColumns(t *testing.T) {
	cols := []column{
		{natural: 1, min: 1},
		{natural: 12, min: 10},
		{natural: 5, min: 5, optional: true},
		{natural: 9, min: 9, optional: true},
		{natural: 20, min: 8, optional: true},
	}
	for _, c := range []struct {
		avail int
		want  []int
	}{
		{100, []int{1, 12, 5, 9, 20}},
		{50, []int{1, 12, 5, 9, 15}},
		{42, []int{1, 12, 5, 9, -1}}, // the path would be below its minimum: dropped
		{26, []int{1, 12, 5, -1, -1}},
		{15, []int{1, 12, -1, -1, -1}},
		{5, []int{1, 2, -1, -1, -1}},
	} {
		got := fitColumns(cols, c.avail)
		if !slices.Equal(got, c.want) {
			t.Errorf("fitColumns(%d) = %v, want %v", c.avail, got, c.want)
		}
	}
	fill := []column{{natural: 5, min: 5, fill: true}, {natural: 3, min: 3}}
	if got := fitColumns(fill, 20); !slices.Equal(got, []int{15, 3}) {
		t.Errorf("the fill column takes the rest: %v", got)
	}
}

func TestFitCellMiddleKeepsTheTail(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"/spring-sale-opt-in", 10, "/sp…opt-in"},
		{"/spring-sale-opt-in", 12, "/sp…e-opt-in"},
		{"/spring-sale-opt-in", 19, "/spring-sale-opt-in"},
		{"/short", 10, "/short    "},
		{"/spring-sale-opt-in", 4, "/sp…"}, // too narrow to keep a tail: cut at the end
		{"/früh-angebot-ü", 8, "/f…bot-ü"},
	} {
		got := fitCellMiddle(c.in, c.w)
		if got != c.want {
			t.Errorf("fitCellMiddle(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
		if textWidth(got) != c.w {
			t.Errorf("fitCellMiddle(%q, %d) is %d cells wide", c.in, c.w, textWidth(got))
		}
	}
}

// TestMaskedKeysFilterAlike: with each key's charMask given (and the incremental
// narrowing that comes with it), the list shows exactly what it shows without, in the
// same order, for queries of every kind (letters, digits, spaces, marks, non-ASCII)
// set at once or typed a key at a time with a backspace on the way.
func TestMaskedKeysFilterAlike(t *testing.T) {
	keys := []string{"spring sale 2026 /spring-sale", "summer offer", "webinar room › grow your gym", "café crème 7", "", "a-b_c.d", "ñandú"}
	masks := make([]uint64, len(keys))
	for i, k := range keys {
		masks[i] = charMask(k)
	}
	for _, q := range []string{"s", "sp 26", "/spring", "room gym", "café", "é", "7", "zz", "a-b", "ñ", " ", "SPRING", "spring sale", "sss", "ss ss"} {
		var plain, masked, plainTyped, typed list
		plain.setKeys(keys)
		masked.setMaskedKeys(keys, masks)
		plainTyped.setKeys(keys)
		typed.setMaskedKeys(keys, masks)
		plain.setQuery(q)
		masked.setQuery(q)
		for _, l := range []*list{&plainTyped, &typed} {
			for i := 1; i <= len(q); i++ { // typed a byte at a time, with a backspace on the way
				l.setQuery(q[:i])
				if i == 3 {
					l.setQuery(q[:i-1])
					l.setQuery(q[:i])
				}
			}
		}
		if !slices.Equal(plain.shown, masked.shown) || !slices.Equal(plainTyped.shown, typed.shown) {
			t.Errorf("%q: masked %v, plain %v; typed %v, plain typed %v", q, masked.shown, plain.shown, typed.shown, plainTyped.shown)
		}
	}
}
