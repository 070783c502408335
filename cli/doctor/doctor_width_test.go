package doctor_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestDoctorKeepsTheRouteWhole: at 80 and 120 columns no route of the table is cut
// (a long one wraps after a '/', every character shown), and no line is wider than
// the terminal.
func TestDoctorKeepsTheRouteWhole(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	piped := h.Run("doctor").Want(t, 0)
	for _, width := range []int{80, 120} {
		r := h.TTYWidth(width, "doctor").Want(t, 0)
		lines := strings.Split(r.Stdout, "\n")
		head := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "ROUTE ") {
				head = i
			}
		}
		if head < 0 {
			t.Fatalf("no table at %d:\n%s", width, r.Stdout)
		}
		answer := strings.Index(lines[head], "ANSWER")
		// The route column read down the table, its pieces joined.
		var column strings.Builder
		for _, l := range lines[head+1:] {
			if l == "" {
				break
			}
			column.WriteString(strings.ReplaceAll(ansi.Truncate(l, answer, ""), " ", ""))
		}
		for _, row := range piped.Lines() {
			route := strings.ReplaceAll(strings.Split(row, "\t")[0], " ", "")
			if !strings.Contains(column.String(), route) {
				t.Errorf("at %d columns the route %s is not whole:\n%s", width, route, r.Stdout)
			}
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > width {
				t.Errorf("a line of %d columns at %d:\n%s", w, width, l)
			}
		}
	}
}
