package termtext

import (
	"slices"
	"strings"
	"testing"
)

// TestFillColumns: the narrow columns end whole and the widest share what is left;
// a column not shown takes nothing; room left over comes back.
func TestFillColumns(t *testing.T) {
	for _, tc := range []struct {
		least, natural []int
		room           int
		want           []int
		left           int
	}{
		{[]int{3, 3, 3}, []int{5, 40, 30}, 30, []int{5, 17, 17}, 0},
		{[]int{3, 3, 3}, []int{5, 40, 30}, 100, []int{5, 40, 30}, 34},
		{[]int{10, -1, 2}, []int{20, 50, 4}, 5, []int{13, -1, 4}, 0},
		{[]int{12, 12}, []int{12, 30}, 0, []int{12, 12}, 0},
		{[]int{0, 0, 0}, []int{9, 9, 9}, 4, []int{2, 1, 1}, 0},
	} {
		w := slices.Clone(tc.least)
		left := FillColumns(w, func(i int) int { return tc.natural[i] }, tc.room)
		if !slices.Equal(w, tc.want) || left != tc.left {
			t.Errorf("FillColumns(%v, %v, %d) = %v, %d left; want %v, %d left", tc.least, tc.natural, tc.room, w, left, tc.want, tc.left)
		}
	}
}

// FuzzFillColumns: whatever the widths, no column passes its natural width or drops
// below its least, a hidden column stays hidden, and the room handed out plus the
// room left is the room given.
func FuzzFillColumns(f *testing.F) {
	f.Add([]byte{3, 40, 3, 30, 200, 5}, 30)
	f.Fuzz(func(t *testing.T, pairs []byte, room int) {
		room = room % 1000
		if room < 0 {
			room = -room
		}
		var least, natural []int
		for i := 0; i+1 < len(pairs) && len(least) < 12; i += 2 {
			l := int(pairs[i]) - 10 // some hidden (negative)
			least, natural = append(least, l), append(natural, l+int(pairs[i+1]))
		}
		w := slices.Clone(least)
		left := FillColumns(w, func(i int) int { return natural[i] }, room)
		given := 0
		for i := range w {
			switch {
			case least[i] < 0 && w[i] != least[i]:
				t.Fatalf("a hidden column got %d", w[i])
			case least[i] >= 0 && (w[i] < least[i] || w[i] > max(least[i], natural[i])):
				t.Fatalf("column %d: %d not within %d..%d", i, w[i], least[i], natural[i])
			}
			given += w[i] - least[i]
		}
		if given+left != room || left < 0 {
			t.Fatalf("handed out %d and %d left of %d", given, left, room)
		}
	})
}

// TestWrapPieces: words wrap at spaces; a word too long for a line is split by its
// pieces and joined again up to the width; a piece longer than a line stands alone.
func TestWrapPieces(t *testing.T) {
	slash := func(w string) []string { return strings.SplitAfter(w, "/") }
	for _, tc := range []struct {
		s    string
		w    int
		want []string
	}{
		{"GET /funnels/funnel/list", 30, []string{"GET /funnels/funnel/list"}},
		{"GET /funnels/funnel/folder/entities", 20, []string{"GET /funnels/funnel/", "folder/entities"}},
		{"POST /social-media-posting/oauth", 12, []string{"POST /", "social-media-posting/", "oauth"}},
		{"", 5, []string{""}},
	} {
		if got := WrapPieces(tc.s, tc.w, slash); !slices.Equal(got, tc.want) {
			t.Errorf("WrapPieces(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
}
