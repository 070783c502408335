package redirectplan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16Of is text as UTF-16 with its byte order mark, as Excel's "Unicode Text" and
// Windows PowerShell's > write it.
func utf16Of(text string, order binary.AppendByteOrder) []byte {
	b := order.AppendUint16(nil, 0xfeff)
	for _, u := range utf16.Encode([]rune(text)) {
		b = order.AppendUint16(b, u)
	}
	return b
}

// An export comes back as it was from the files spreadsheets and shells make of it:
// UTF-16 (either byte order), CR line ends (Excel for Mac's "CSV (Macintosh)"), cells
// separated by semicolons or tabs (Excel in languages whose decimal mark is the
// comma); a UTF-16 file cut in the middle of a character is a *ParseError.
func TestReadsWhatSpreadsheetsAndShellsMakeOfAnExport(t *testing.T) {
	rows := []Row{
		{Domain: "offers.example.com", Path: "/old;one", Target: "https://example.com/new,1", Action: "url", ID: "r1"},
		{Domain: "offers.example.com", Path: "/ünï", Target: "=HYPERLINK(\"x\")", Action: "url", ID: "r2"},
		{Domain: "shop.example.com", Path: "/tab\there", Target: "https://example.com/😀", Action: "funnel", ID: "r3"},
	}
	var out bytes.Buffer
	if err := Write(&out, CSV, rows); err != nil {
		t.Fatal(err)
	}
	export := out.String()
	semicolons := strings.NewReplacer(",", ";", ";", ",").Replace(export) // values hold ',' where ';' was
	for name, data := range map[string][]byte{
		"UTF-16LE":   utf16Of(export, binary.LittleEndian),
		"UTF-16BE":   utf16Of(export, binary.BigEndian),
		"CR":         []byte(strings.ReplaceAll(export, "\n", "\r")),
		"semicolons": []byte(semicolons),
	} {
		got, err := Read(bytes.NewReader(data), CSV)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(got) != len(rows) {
			t.Errorf("%s: %d rows, want %d: %+v", name, len(got), len(rows), got)
			continue
		}
		for i := range rows {
			g := got[i]
			g.Where = ""
			want := rows[i]
			if name == "semicolons" {
				want.Path = strings.NewReplacer(",", ";", ";", ",").Replace(want.Path)
				want.Target = strings.NewReplacer(",", ";", ";", ",").Replace(want.Target)
			}
			if g != want {
				t.Errorf("%s: row %d read as %+v, want %+v", name, i, g, want)
			}
		}
	}
	// The header alone tells the separator: a value may hold the others.
	got, err := Read(strings.NewReader("domain\tpath\ttarget\na.example.com\t/x\thttps://b.example.com/,c;d\n"), CSV)
	if err != nil || len(got) != 1 || got[0].Target != "https://b.example.com/,c;d" || got[0].Path != "/x" {
		t.Errorf("tabs: %+v %v", got, err)
	}
	cut := utf16Of(export, binary.LittleEndian)
	_, err = Read(bytes.NewReader(cut[:len(cut)-1]), CSV)
	var pe *ParseError
	if !errors.As(err, &pe) || !strings.Contains(pe.Msg, "UTF-16") {
		t.Errorf("a cut UTF-16 file: %v", err)
	}
}
