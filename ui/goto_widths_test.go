package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestGoToAnythingSizesColumnsByTheRowsShown: at 80 columns every row keeps the end
// of where it sits (its funnel), and the name column is as wide as the longest name
// shown, no wider.
func TestGoToAnythingSizesColumnsByTheRowsShown(t *testing.T) {
	t.Parallel()
	h, _ := gotoOnTheSeed(t, 80, 24)
	h.typeText("opt")
	h.waitFor("of 278 items")
	g := h.m.overlay.(*gotoOverlay)
	content, _, _ := g.view(80, 22)
	lines := strings.Split(ansi.Strip(content), "\n")
	from, to := g.list.Visible()
	longest := ""
	for i := from; i < to; i++ {
		if n := g.set.item(g.list.At(i)).Name; len(n) > len(longest) {
			longest = n
		}
	}
	for i := from; i < to; i++ {
		it := g.set.item(g.list.At(i))
		row := lines[3+i-from] // under the border, the query and the rule
		where := it.Where
		if k := strings.LastIndex(where, "› "); k >= 0 {
			where = where[k+len("› "):]
		}
		if tail := where[max(0, len(where)-12):]; !strings.Contains(row, tail) {
			t.Errorf("the row of %s in %s drops its funnel: %q", it.Name, it.Where, row)
		}
		if it.Name == longest {
			if k := strings.Index(row, longest+"  "); k < 0 || row[k+len(longest)+2] == ' ' {
				t.Errorf("the name column is wider than its longest name %q: %q", longest, row)
			}
		}
	}
}
