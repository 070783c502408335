package redirectplan

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzRead: whatever a file holds, Read does not panic; it fails with a *ParseError
// or gives rows that Write writes and Read reads back alike. Its seeds are below and
// in testdata/fuzz, which `go test` replays.
func FuzzRead(f *testing.F) {
	f.Add([]byte("domain,path,target,action,id\noffers.example.com,/a,https://example.com/,url,1\n"), uint8(0))
	f.Add([]byte("\ufeffPATH,Domain,target\r\n/x,a.example.com,https://b.example.com/\r\n"), uint8(0))
	f.Add([]byte(`[{"domain":"a.example.com","path":"/x","target":"https://b.example.com/","action":"url"}]`), uint8(1))
	f.Add([]byte(`{"Redirects":[{"DOMAIN":"a","path":null}]}`), uint8(1))
	f.Add([]byte("{\"domain\":\"a\"}\r\n\r\n{\"path\":\"/b\"}\n"), uint8(2))
	f.Add([]byte("domain,path,target\n\"a\"\"\",\"\n\",x\n"), uint8(0))
	formats := []Format{CSV, JSON, JSONL}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		format := formats[int(which)%len(formats)]
		rows, err := Read(bytes.NewReader(data), format)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Msg == "" {
				t.Fatalf("%s: error %v is not a *ParseError with a message", format, err)
			}
			return
		}
		for _, r := range rows {
			if r.Action == "" || r.Where == "" {
				t.Fatalf("%s: row %+v has no action or place", format, r)
			}
		}
		var out bytes.Buffer
		if err := Write(&out, format, rows); err != nil {
			t.Fatalf("%s: writing what was read: %v", format, err)
		}
		back, err := Read(bytes.NewReader(out.Bytes()), format)
		if err != nil {
			t.Fatalf("%s: reading what was written: %v\n%q", format, err, out.String())
		}
		if !clean(rows) {
			return // invalid UTF-8 or a blank row: JSON and CSV may not keep it as it was
		}
		if len(back) != len(rows) {
			t.Fatalf("%s: %d rows read back, wrote %d\n%q", format, len(back), len(rows), out.String())
		}
		for i := range rows {
			a, b := rows[i], back[i]
			a.Where, b.Where = "", ""
			if a != b {
				t.Fatalf("%s: row %d read back as %+v, wrote %+v", format, i, b, a)
			}
		}
	})
}

// clean reports whether every field is valid UTF-8 without a carriage return and
// every row has a value, so a round trip must keep the rows exactly.
func clean(rows []Row) bool {
	for _, r := range rows {
		fields := []string{r.Domain, r.Path, r.Target, r.Action, r.ID}
		if r.Domain == "" && r.Path == "" && r.Target == "" && r.ID == "" {
			return false
		}
		for _, s := range fields {
			if !utf8.ValidString(s) || strings.ContainsRune(s, '\r') || s != strings.TrimSpace(s) {
				return false
			}
		}
	}
	return true
}
