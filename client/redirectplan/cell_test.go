package redirectplan

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"
)

// hostile are values a redirect may hold, written by anyone with the redirect scope:
// formulas a spreadsheet runs, and characters a terminal acts on when the file is
// shown (an OSC 52 that sets the clipboard, BEL, a right-to-left override, C1 CSI).
var hostile = []string{
	"=HYPERLINK(\"https://evil.example.com\",\"click\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1",
	"/x\x1b]52;c;ZXZpbA==\x07", "/a\u202egnp.exe", "/\u009b31m", "/del\x7f", "'=already", "'plain", "''", "'", "'\"\\x1b\"",
	"https://example.com/\xff", "/nbsp\u00a0x", "/ok-path", "",
}

// TestExportCannotRunOrReplay: no cell of a CSV export starts a formula and no byte
// of any export is one a terminal acts on; each value reads back as it was.
func TestExportCannotRunOrReplay(t *testing.T) {
	var rows []Row
	for i, v := range hostile {
		rows = append(rows, Row{Domain: "a.example.com", Path: v, Target: v, Action: v, ID: strconv.Itoa(100 + i)})
	}
	for _, f := range []Format{CSV, JSON, JSONL} {
		var out bytes.Buffer
		if err := Write(&out, f, append([]Row(nil), rows...)); err != nil {
			t.Fatal(err)
		}
		if i := bytes.IndexFunc(out.Bytes(), func(r rune) bool { return r != '\n' && !strconv.IsPrint(r) }); i >= 0 {
			t.Errorf("%s: a character that is not printable at byte %d: %q", f, i, out.Bytes()[max(0, i-10):min(out.Len(), i+10)])
		}
		if f == CSV {
			recs, err := csv.NewReader(bytes.NewReader(out.Bytes())).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			for _, rec := range recs {
				for _, cell := range rec {
					if cell != "" && strings.ContainsRune(formulaStart+"\t\r", rune(cell[0])) {
						t.Errorf("CSV cell %q starts a formula", cell)
					}
				}
			}
		}
		back, err := Read(bytes.NewReader(out.Bytes()), f)
		if err != nil {
			t.Fatalf("%s: %v\n%s", f, err, out.String())
		}
		byID := map[string]Row{}
		for _, r := range back {
			byID[r.ID] = r
		}
		for i, v := range hostile {
			// CSV keeps every value exactly; JSON has no bytes that are not UTF-8, and
			// its reader trims.
			want := v
			if f != CSV {
				want = strings.TrimSpace(strings.ToValidUTF8(v, "\ufffd"))
			}
			r := byID[strconv.Itoa(100+i)]
			wantAction := want
			if want == "" {
				wantAction = "url" // an empty action is url
			}
			if r.Path != want || r.Target != want || r.Action != wantAction {
				t.Errorf("%s: %q read back as %+v", f, v, r)
			}
		}
	}
}

// FuzzCell: any value escapes to a cell that starts no formula and holds only
// printable characters, and unescapes to itself.
func FuzzCell(f *testing.F) {
	for _, v := range hostile {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		c := escapeCell(v)
		if c != "" && strings.IndexByte(formulaStart, c[0]) >= 0 {
			t.Fatalf("%q escapes to %q, a formula", v, c)
		}
		if hidesSomething(c) {
			t.Fatalf("%q escapes to %q, which hides something", v, c)
		}
		if back := unescapeCell(c); back != v {
			t.Fatalf("%q escapes to %q and reads back as %q", v, c, back)
		}
	})
}
