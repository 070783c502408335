package plantext

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
)

// samplePlan is a plan of every kind of step, with targets as long as a real
// site move has.
func samplePlan() []Row {
	old := &client.Redirect{ID: "r1", Domain: "www.lakesidefit.com", Path: "/instagram", Target: "https://www.instagram.com/lakesidefit", Action: "url"}
	old2 := &client.Redirect{ID: "r2", Domain: "offers.lakesidefit.com", Path: "/bootcamp", Target: "https://offers.lakesidefit.com/bootcamp-series-opt-in", Action: "funnel"}
	old3 := &client.Redirect{ID: "r3", Domain: "www.lakesidefit.com", Path: "/timetable", Target: "https://www.lakesidefit.com/schedule", Action: "website"}
	steps := []redirectplan.Step{
		{Kind: redirectplan.Change, Row: redirectplan.Row{Domain: "offers.lakesidefit.com", Path: "/bootcamp", Target: "https://offers.lakesidefit.com/spring-sale-opt-in", Action: "funnel"}, Old: old2},
		{Kind: redirectplan.Add, Row: redirectplan.Row{Domain: "offers.lakesidefit.com", Path: "/new-one", Target: "https://offers.lakesidefit.com/bootcamp-series-opt-in-with-a-long-tail", Action: "url"}},
		{Kind: redirectplan.Change, Row: redirectplan.Row{Domain: "www.lakesidefit.com", Path: "/instagram", Target: "https://www.instagram.com/lakesidefit.club", Action: "url"}, Old: old},
		{Kind: redirectplan.Change, Row: redirectplan.Row{Domain: "www.lakesidefit.com", Path: "/timetable", Target: "https://www.lakesidefit.com/timetable-2026", Action: "url"}, Old: old3},
		{Kind: redirectplan.Refused, Row: redirectplan.Row{Domain: "www.lakesidefit.com", Path: "old-page", Target: "https://x.com", Action: "url", Where: "line 10"}, Reason: "the target redirects again"},
		{Kind: redirectplan.Same, Row: redirectplan.Row{Domain: "join.lakesidefit.com", Path: "/trial", Target: "https://join.lakesidefit.com/free-trial-landing", Action: "funnel"}},
	}
	rows := make([]Row, len(steps))
	for i, s := range steps {
		rows[i] = Row{Step: s}
	}
	return rows
}

func text(l Layout) string {
	var b strings.Builder
	for _, line := range l.Lines() {
		b.WriteString(line.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// TestPlanLayoutAtCommonWidths: at 200 columns every change is one line, old → new;
// at 120 a change too long for its column takes two, the old target over "→ new",
// beside the address; at 80 the targets go under the address. Never a "…".
func TestPlanLayoutAtCommonWidths(t *testing.T) {
	wide := text(Lay(samplePlan(), "", 200))
	for _, want := range []string{
		"~ change   offers.lakesidefit.com/bootcamp  https://offers.lakesidefit.com/bootcamp-series-opt-in → https://offers.lakesidefit.com/spring-sale-opt-in (funnel)\n",
		"! refused  www.lakesidefit.com/old-page ", "line 10: the target redirects again",
	} {
		if !strings.Contains(wide, want) {
			t.Errorf("at 200 columns, no %q:\n%s", want, wide)
		}
	}
	mid := text(Lay(samplePlan(), "", 120))
	if !strings.Contains(mid, "~ change   offers.lakesidefit.com/bootcamp    https://offers.lakesidefit.com/bootcamp-series-opt-in\n"+
		strings.Repeat(" ", 44)+"→ https://offers.lakesidefit.com/spring-sale-opt-in (funnel)\n") {
		t.Errorf("at 120 columns, the change is not on two lines, old over new:\n%s", mid)
	}
	narrow := Lay(samplePlan(), "", 80)
	if !narrow.Stacked || !strings.Contains(text(narrow), "~ change   offers.lakesidefit.com/bootcamp\n"+
		"    https://offers.lakesidefit.com/bootcamp-series-opt-in\n"+
		"  → https://offers.lakesidefit.com/spring-sale-opt-in (funnel)\n") {
		t.Errorf("at 80 columns, the targets are not under the address:\n%s", text(narrow))
	}
	for _, out := range []string{wide, mid, text(narrow)} {
		if strings.Contains(out, "…") {
			t.Errorf("something was cut:\n%s", out)
		}
	}
}

// TestPlanAcrossASet: the sub-account comes first on each step's line; a long name
// is cut in its middle past a quarter of the line, no target ever.
func TestPlanAcrossASet(t *testing.T) {
	rows := samplePlan()
	for i := range rows {
		rows[i].Lead = []string{"Lakeside Fit", "Summit Strength & Conditioning of the Lakes"}[i/3]
	}
	wide := text(Lay(rows, "SUB-ACCOUNT", 250))
	for _, want := range []string{"SUB-ACCOUNT                                  PLAN       ADDRESS",
		"Lakeside Fit                                 ~ change   offers.lakesidefit.com/bootcamp  https://offers.lakesidefit.com/bootcamp-series-opt-in → https://offers.lakesidefit.com/spring-sale-opt-in (funnel)\n",
		"Summit Strength & Conditioning of the Lakes  ~ change   www.lakesidefit.com/timetable"} {
		if !strings.Contains(wide, want) {
			t.Errorf("at 250 columns, no %q:\n%s", want, wide)
		}
	}
	narrow := text(Lay(rows, "SUB-ACCOUNT", 80))
	for _, want := range []string{"Summit… of the Lakes  ~ change   www.lakesidefit.com/timetable\n",
		"  → https://www.lakesidefit.com/timetable-2026 (url)\n"} {
		if !strings.Contains(narrow, want) {
			t.Errorf("at 80 columns, no %q:\n%s", want, narrow)
		}
	}
}

// TestPlanLayoutKeepsEveryURLWhole lays out made-up plans at widths from 20 to 250
// columns with targets from a few characters to past MaxShownBytes: no line is
// wider than the width; every address and target is in the output whole (a value
// longer than its line broken into whole lines of it, which joined give it back);
// one that fits its line (up to 100 columns) is on one line; only a value past
// MaxShownBytes is cut, saying so.
func TestPlanLayoutKeepsEveryURLWhole(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 400 {
		checkLayout(t, rnd.Uint64(), 20+rnd.IntN(231))
	}
}

func FuzzPlanLayout(f *testing.F) {
	for _, w := range []int{20, 41, 80, 120, 200} {
		f.Add(uint64(w), w)
	}
	f.Fuzz(func(t *testing.T, seed uint64, width int) {
		if width < MinWidth || width > 400 {
			t.Skip()
		}
		checkLayout(t, seed, width)
	})
}

// urlLengths are the lengths made-up values take: short, common, long, longer than
// any line, the longest the service takes, and past what a plan shows.
var urlLengths = []int{5, 20, 45, 70, 90, 130, 300, 2048, redirectplan.MaxShownBytes + 10}

func madeUp(rnd *rand.Rand, prefix string) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-._~/?=&%"
	n := urlLengths[rnd.IntN(len(urlLengths))] + rnd.IntN(10)
	var b strings.Builder
	b.WriteString(prefix)
	for b.Len() < n {
		switch rnd.IntN(40) {
		case 0:
			b.WriteString("é")
		case 1:
			b.WriteString("中")
		default:
			b.WriteByte(alphabet[rnd.IntN(len(alphabet))])
		}
	}
	return b.String()
}

func checkLayout(t *testing.T, seed uint64, width int) {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 7))
	kinds := []redirectplan.Kind{redirectplan.Add, redirectplan.Change, redirectplan.Delete, redirectplan.Same, redirectplan.Refused}
	rows := make([]Row, 1+rnd.IntN(6))
	for i := range rows {
		s := redirectplan.Step{Kind: kinds[rnd.IntN(len(kinds))], Row: redirectplan.Row{Domain: "offers.lakesidefit.com",
			Path: madeUp(rnd, "/p"+strconv.Itoa(i)), Target: madeUp(rnd, "https://t"+strconv.Itoa(i)+"."), Action: "url"}}
		switch s.Kind {
		case redirectplan.Change:
			s.Old = &client.Redirect{Domain: s.Row.Domain, Path: s.Row.Path, Target: madeUp(rnd, "https://o"+strconv.Itoa(i)+"."), Action: []string{"url", "funnel"}[rnd.IntN(2)]}
		case redirectplan.Refused:
			s.Row.Where, s.Reason = "line "+strconv.Itoa(i+2), "a reason in a few words that may wrap onto more lines"
		}
		rows[i] = Row{Step: s}
	}
	lead := ""
	if rnd.IntN(3) == 0 {
		lead = "SUB-ACCOUNT"
		for i := range rows {
			rows[i].Lead = "Gym " + strconv.Itoa(i) + strings.Repeat(" of the Lakes", rnd.IntN(5))
		}
	}
	l := Lay(rows, lead, width)
	for _, line := range l.Lines() {
		if w := ansi.StringWidth(line.String()); w > width {
			t.Fatalf("width %d: a line of %d columns:\n%s", width, w, line.String())
		}
	}
	for i, r := range l.Rows {
		joined := map[Role]string{}
		var spans []string
		for _, line := range r {
			for _, s := range line {
				joined[s.Role] += s.Text
				spans = append(spans, s.Text)
			}
		}
		from, to := rows[i].Step.Targets()
		piece := max(ansi.StringWidth(from), ansi.StringWidth(to)) + 2
		values := map[Role][]string{Address: {rows[i].Step.Row.Path}, Target: {rows[i].Step.Row.Target}}
		if old := rows[i].Step.Old; old != nil && old.Target != rows[i].Step.Row.Target {
			values[Target] = append(values[Target], old.Target)
			if !strings.Contains(joined[Target], "→") {
				t.Errorf("width %d: a change without its arrow: %q", width, joined[Target])
			}
		}
		for role, vs := range values {
			for _, v := range vs {
				if len(v) > redirectplan.MaxShownBytes {
					if cut := strconv.Itoa(len(v)) + "bytes,cut)"; !strings.Contains(strings.ReplaceAll(joined[role], " ", ""), cut) {
						t.Errorf("width %d: a value of %d bytes does not say it is cut: %.200q", width, len(v), joined[role])
					}
					continue
				}
				if !strings.Contains(joined[role], v) {
					t.Fatalf("width %d: %q is not whole in the row:\n%s", width, v, text(Layout{Rows: [][]Line{r}}))
				}
				if role == Target && piece <= min(pieceNeedMax, width-gap) && !containsIn(spans, v) {
					t.Errorf("width %d: %q fits a line but is broken:\n%s", width, v, text(Layout{Rows: [][]Line{r}}))
				}
			}
		}
	}
}

func containsIn(spans []string, v string) bool {
	for _, s := range spans {
		if strings.Contains(s, v) {
			return true
		}
	}
	return false
}
