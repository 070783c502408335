package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestAccessViewReadsAtEveryWidth lays the probe's table out at 80, 120 and 200
// columns: no line wider than the view, a scope never cut, every route whole on one
// line, each row in at most a few lines (one each where the whole row fits).
func TestAccessViewReadsAtEveryWidth(t *testing.T) {
	t.Parallel()
	_, c := testClient(t, sandbox.Options{}, -1)
	rows, err := c.Probe(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	d := accessDoc(rows, "demo", "Loc1")
	for _, tc := range []struct{ w, maxLines int }{{80, 3}, {120, 2}, {200, 1}} {
		sh := newShared(Options{})
		sh.width, sh.height = tc.w, 40
		v := newTextView(sh, d)
		inner := v.width(tc.w) - 4
		lines := v.render(inner)
		plain := make([]string, len(lines))
		for i, l := range lines {
			plain[i] = ansi.Strip(l)
			if n := ansi.StringWidth(l); n > inner {
				t.Errorf("%d columns: line %d is %d wide in a view %d wide: %q", tc.w, i, n, inner, plain[i])
			}
		}
		text := strings.Join(plain, "\n")
		if !strings.Contains(text, "funnels/redirect.write") {
			t.Errorf("%d columns: the scope is cut:\n%s", tc.w, text)
		}
		// A row starts at a line naming its method; it runs until the next such line.
		starts := []int{}
		for i, l := range plain {
			if strings.HasPrefix(l, "GET /") || strings.HasPrefix(l, "POST") {
				starts = append(starts, i)
			}
		}
		if len(starts) != len(rows) {
			t.Fatalf("%d columns: %d rows start a line, want %d:\n%s", tc.w, len(starts), len(rows), text)
		}
		for k, r := range rows {
			end := len(plain)
			if k+1 < len(starts) {
				end = starts[k+1]
			} else {
				for end = starts[k] + 1; end < len(plain) && plain[end] != ""; end++ {
				}
			}
			n := end - starts[k]
			long := len(r.Route) > inner-12 // a route that cannot share its line
			if n > tc.maxLines+boolInt(long) {
				t.Errorf("%d columns: %s takes %d lines, want at most %d:\n%s", tc.w, r.Route, n, tc.maxLines, strings.Join(plain[starts[k]:end], "\n"))
			}
			if !long && !strings.Contains(plain[starts[k]], r.Route) {
				t.Errorf("%d columns: the route %s is not whole on its first line: %q", tc.w, r.Route, plain[starts[k]])
			}
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
