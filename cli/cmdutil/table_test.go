package cmdutil_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// TestATenMegabyteNameDoesNotBlowUpTheTable: on a terminal a cell is cut to its
// width, and every row stays short; piped and in --json the whole value is there.
func TestATenMegabyteNameDoesNotBlowUpTheTable(t *testing.T) {
	t.Parallel()
	serve := func(name string) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(map[string]any{
				"folders": []any{},
				"funnels": []any{
					map[string]any{"_id": "AAAAAAAAAAAAAAAAAAA1", "name": name, "url": "/" + strings.Repeat("p", 1<<20)},
					map[string]any{"_id": "AAAAAAAAAAAAAAAAAAA2", "name": "Small", "url": "/small"},
				},
			})
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	h := clitest.NewHome(t)
	h.Vars["FUNNELS_TOKEN"], h.Vars["FUNNELS_LOCATION_ID"] = "pit-x", "Loc1"

	h.Vars["FUNNELS_BASE_URL"] = serve(strings.Repeat("Sale ", 2<<20)) // 10 MB
	term := h.TTY("folders").Want(t, 0, "AAAAAAAAAAAAAAAAAAA1", "Small")
	if len(term.Stdout) > 2000 {
		t.Fatalf("on a terminal the table is %d bytes", len(term.Stdout))
	}
	for _, l := range term.Lines() {
		if w := ansi.StringWidth(l); w > 160 {
			t.Errorf("a row is %d columns wide on a 160-column terminal: %.80q", w, l)
		}
	}
	if !strings.Contains(term.Stdout, "Sale …") {
		t.Errorf("the long name is not cut with …:\n%s", term.Stdout)
	}
	// A terminal whose width nobody knows still gets cells of a bounded width.
	if unknown := h.TTYWidth(0, "folders").Want(t, 0, "Sale Sale…"); len(unknown.Stdout) > 2000 {
		t.Fatalf("on a terminal of unknown width the table is %d bytes", len(unknown.Stdout))
	}

	// Piped and in --json the whole value is there (1 MB here: the race detector
	// makes decoding 10 MB slow, and the size does not change what is checked).
	long := strings.Repeat("Sale ", 200_000)
	h.Vars["FUNNELS_BASE_URL"] = serve(long)
	if piped := h.Run("folders").Want(t, 0); !strings.Contains(piped.Stdout, "\t"+long+"\t") {
		t.Error("piped, the whole name is not there")
	}
	var rows []struct{ Name string }
	h.Run("folders", "--json", "name").Decode(t, &rows)
	if len(rows) != 2 || rows[0].Name != long {
		t.Error("--json does not hold the whole name")
	}
}

func TestTableCellsAndWidths(t *testing.T) {
	ios, out, _ := cmdutil.TestStreams("")
	ios.OutTTY, ios.Width = true, 50
	tb := cmdutil.NewTable(ios, cmdutil.IDColumn("ID"), cmdutil.NameColumn("NAME"), cmdutil.NameColumn("PATH").Tells())
	tb.Row("AAAAAAAAAAAAAAAAAAA1", "日本語の名前はとても長いです", "/a/very/long/path/that/goes/on")
	tb.Row("B", "Café 👩\u200d💻 \x1b[31mred\x1b[0m", "/b")
	if err := tb.Print(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%q", out.String())
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 50 {
			t.Errorf("%d columns on a 50-column terminal: %q", w, l)
		}
		if strings.ContainsRune(l, 0x1b) {
			t.Errorf("an escape sequence reached the terminal: %q", l)
		}
	}
	if !strings.Contains(lines[1], "AAAAAAA… ") || !strings.Contains(lines[1], "/a/very/…path/that/goes/on") {
		t.Errorf("the id should be shortened, the name cut to its least and the path cut in the middle for the rest: %q", lines[1])
	}
	// Columns line up by display width, wide characters included.
	col := func(l, cell string) int { return ansi.StringWidth(l[:strings.Index(l, cell)]) }
	if a, b := col(lines[0], "PATH"), col(lines[1], "/a"); a != b {
		t.Errorf("PATH at column %d, its cell at %d:\n%s", a, b, out.String())
	}
}
