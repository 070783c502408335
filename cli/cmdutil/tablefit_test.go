package cmdutil

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestUniquePrefixIsTheShortestThatTellsIDsApart(t *testing.T) {
	cases := []struct {
		ids           []string
		prefix, whole int
	}{
		{[]string{"aaaaaaaaaaaaaaaaaaa1", "bbbbbbbbbbbbbbbbbbb2"}, 7, 20},              // at least 7
		{[]string{"abcdefgh111", "abcdefgh222", "zzzzzzzzzzz"}, 9, 11},                 // longer to stay unique
		{[]string{"abcdefgh111", "abcdefgh111", "zzzzzzzzzzz"}, 7, 11},                 // the same id twice is one id
		{[]string{"abcdefgh111", "abcdefgh112"}, 11, 11},                               // unique only whole
		{[]string{"-", "abcdefghijkl", "abc"}, 7, 12},                                  // short ones stand whole
		{[]string{"abcdefg", "abcdefgh", "abcdefghijklmnop"}, 9, 16},                   // one a prefix of another
		{[]string{"292021f0-aa", "292021f0-bb", "323db0e2-cc", "9cf91fa8-dd"}, 10, 11}, // uuids of one funnel
		{[]string{"日本語日本語日本X語日本語", "日本語日本語日本Y語日本語"}, 9, 13},                            // by characters
	}
	for _, c := range cases {
		p, whole := uniquePrefix(c.ids, minIDPrefix)
		if p != c.prefix || whole != c.whole {
			t.Errorf("uniquePrefix(%q) = %d, %d; want %d, %d", c.ids, p, whole, c.prefix, c.whole)
		}
	}
}

// tableLines renders a table of cols and rows at width.
func tableLines(cols []Column, rows [][]string, width int) []string {
	return renderTable(cols, rows, width)
}

func TestTableGivesIDsFirstThenNamesInTheMiddleThenTheTellingColumn(t *testing.T) {
	cols := []Column{IDColumn("ID"), NameColumn("NAME"), NameColumn("PATH").Tells()}
	rows := [][]string{
		{"292021f0-1111-4aaa-8bbb-a6f361a8", "Registration", "/grow-your-gym-register"},
		{"292021f0-2222-4aaa-8bbb-9e2120fa", "Confirmation of the registration", "/grow-your-gym-confirmed"},
		{"9cf91fa8-3333-4aaa-8bbb-8a45da41", "Webinar Room", "/grow-your-gym-live"},
	}
	// Wide enough: everything whole.
	all := strings.Join(tableLines(cols, rows, 200), "\n")
	if !strings.Contains(all, rows[1][0]) || !strings.Contains(all, rows[1][1]) {
		t.Fatalf("at 200 columns something is cut:\n%s", all)
	}
	// The ids give first: to their unique prefix (10 here, 292021f0- twice), marked.
	got := tableLines(cols, rows, 72)
	if !strings.HasPrefix(got[1], "292021f0-1… ") || !strings.HasPrefix(got[3], "9cf91fa8-3… ") ||
		!strings.Contains(got[2], "Confirmation of the registration") {
		t.Fatalf("at 72 columns the ids should be shortened and nothing else:\n%s", strings.Join(got, "\n"))
	}
	// Then the names, in the middle, down to minCell; the paths stay whole.
	got = tableLines(cols, rows, 51)
	if !strings.Contains(got[2], "Con…stration  /grow-your-gym-confirmed") {
		t.Fatalf("at 51 columns the name gives, in the middle, before the path:\n%s", strings.Join(got, "\n"))
	}
	// At last the telling column gives too, in the middle: the ends that differ stay.
	got = tableLines(cols, rows, 40)
	text := strings.Join(got, "\n")
	for _, end := range []string{"register", "onfirmed", "gym-live"} {
		if !strings.Contains(text, end) {
			t.Fatalf("at 40 columns the paths lost their ends (%s):\n%s", end, text)
		}
	}
	for _, l := range got {
		if w := ansi.StringWidth(l); w > 40 {
			t.Fatalf("%d columns at 40: %q", w, l)
		}
	}
}

func TestWrapColumnWrapsInsteadOfCutting(t *testing.T) {
	cols := []Column{NameColumn("ROUTE"), TextColumn("ANSWER"), WrapColumn("MEANING")}
	long := "writes are never probed; documented for apps and private integration tokens"
	got := tableLines(cols, [][]string{{"POST /funnels/lookup/redirect", "not asked", long}, {"GET /x", "200", "open"}}, 60)
	text := strings.Join(got, "\n")
	words := strings.Fields(text)
	if !strings.Contains(strings.Join(words, " "), long) {
		t.Fatalf("the explanation is not whole, wrapped:\n%s", text)
	}
	if len(got) < 4 {
		t.Fatalf("the explanation should take more lines:\n%s", text)
	}
	col := strings.Index(got[0], "MEANING")
	for _, l := range got[2 : len(got)-1] {
		if strings.TrimSpace(l[:col]) != "" {
			t.Fatalf("a wrapped line does not stay under its column:\n%s", text)
		}
	}
	for _, l := range got {
		if w := ansi.StringWidth(l); w > 60 {
			t.Fatalf("%d columns at 60: %q", w, l)
		}
	}
}

// TestTableIsNeverWiderThanTheTerminal is a property: whatever the rows and
// columns, from 40 to 200 columns no line is wider than the terminal, the header
// comes first and each row starts a line.
func TestTableIsNeverWiderThanTheTerminal(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 80))
	alphabet := []rune("abcdefghijklmnopqrstuvwxyz0123456789-/ ._日本語é👩")
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteRune(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	makers := []func(string) Column{TextColumn, IDColumn, NameColumn, WrapColumn}
	for round := range 400 {
		width := 40 + r.IntN(161)
		n := 1 + r.IntN(8)
		cols := make([]Column, n)
		for i := range cols {
			cols[i] = makers[r.IntN(len(makers))](strings.ToUpper(word(r.IntN(12))))
		}
		cols[r.IntN(n)].telling = true
		rows := make([][]string, r.IntN(12))
		for i := range rows {
			rows[i] = make([]string, n)
			for j := range rows[i] {
				rows[i][j] = word(r.IntN(90))
			}
		}
		got := tableLines(cols, rows, width)
		if len(got) < len(rows)+1 {
			t.Fatalf("round %d: %d lines for %d rows", round, len(got), len(rows))
		}
		for _, l := range got {
			if w := ansi.StringWidth(l); w > width {
				t.Fatalf("round %d: a line of %d columns at %d:\n%s", round, w, width, strings.Join(got, "\n"))
			}
		}
	}
}

func TestFieldsWrapLongValuesUnderTheValueColumn(t *testing.T) {
	ios, out, _ := TestStreams("")
	ios.OutTTY, ios.Width = true, 40
	scopes := "funnels/funnel.readonly funnels/page.readonly funnels/redirect.readonly funnels/redirect.write"
	if err := PrintFields(ios, []KV{{"Profile", "default"}, {"Scopes", scopes}}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	var joined []string
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > 40 {
			t.Errorf("%d columns at 40: %q", w, l)
		}
		if i >= 2 && !strings.HasPrefix(l, strings.Repeat(" ", len("Profile:  "))) {
			t.Errorf("a continuation is not under the values: %q", l)
		}
		if i >= 1 {
			joined = append(joined, strings.Fields(l)...)
		}
	}
	if got := strings.Join(joined, " "); got != "Scopes: "+scopes {
		t.Errorf("the scope list is not whole:\n%s", out.String())
	}
	if len(lines) < 3 {
		t.Errorf("the scope list should wrap:\n%s", out.String())
	}
}

func TestProseWrapsUnderItsIndent(t *testing.T) {
	text := "What this sign-in can do: profile default, location LakesideFit2026Loc01 at http://127.0.0.1:47999.\n" +
		"  an indented explanation that goes on for longer than forty columns"
	got := strings.Split(wrapIndented(text, 40), "\n")
	for _, l := range got {
		if w := ansi.StringWidth(l); w > 40 {
			t.Errorf("%d columns at 40: %q", w, l)
		}
	}
	last := got[len(got)-1]
	if !strings.HasPrefix(last, "  ") || strings.HasPrefix(last, "   ") {
		t.Errorf("the indented line's continuation is not under its indent: %q", got)
	}
	if fmt.Sprint(strings.Fields(strings.Join(got, " "))) != fmt.Sprint(strings.Fields(text)) {
		t.Errorf("words were lost: %q", got)
	}
	if wrapIndented(text, 0) != text {
		t.Error("an unknown width changed the text")
	}
}

// TestTableKeepsItsWholeColumnsAndGivesItsFirstFirst: a column the table says gives
// first is cut before a plain one; a whole column is never cut while the others can
// give, and where nothing else can, it wraps (after a '/') rather than lose a
// character.
func TestTableKeepsItsWholeColumnsAndGivesItsFirstFirst(t *testing.T) {
	cols := []Column{NameColumn("NAME").Whole(), NameColumn("LOCATION"), NameColumn("BASE URL").GivesFirst()}
	rows := [][]string{
		{"agency/SummitStrengthLoc002", "SummitStrengthLoc002 (Summit Strength)", "https://services.leadconnectorhq.com"},
		{"agency/RiversideBoxingLoc03", "RiversideBoxingLoc03 (Riverside Boxing Club)", "https://services.leadconnectorhq.com"},
	}
	got := strings.Join(tableLines(cols, rows, 90), "\n")
	if !strings.Contains(got, "(Riverside Boxing Club)") || strings.Contains(got, "https://services.leadconnectorhq.com") {
		t.Fatalf("at 90 columns the base URL gives first, the location stays:\n%s", got)
	}
	got = strings.Join(tableLines(cols, rows, 50), "\n")
	for _, name := range []string{"agency/SummitStrengthLoc002", "agency/RiversideBoxingLoc03"} {
		if !strings.Contains(got, name+" ") {
			t.Fatalf("at 50 columns the whole column is cut:\n%s", got)
		}
	}
	// Narrower than the whole column: it wraps after the '/', every character kept.
	lines := tableLines(cols, rows, 30)
	var column strings.Builder
	for _, l := range lines[1:] {
		column.WriteString(strings.TrimSpace(ansi.Truncate(l, strings.Index(lines[0], "LOCATION"), "")))
	}
	if !strings.Contains(column.String(), "agency/SummitStrengthLoc002agency/RiversideBoxingLoc03") {
		t.Fatalf("at 30 columns the whole column lost characters:\n%s", strings.Join(lines, "\n"))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 30 {
			t.Fatalf("%d columns at 30: %q", w, l)
		}
	}
}
