package redirectplan

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzRead: whatever a file holds, in whichever format it is read (or told from its
// content), Read does not panic; it fails with a *ParseError or gives rows that each
// have a place and an action, and — with the domain given — a domain and a target
// that is not a bare path unless refused. Rows of our formats are written by Write
// and read back alike (a CSV whatever its values, escaped as they are; JSON those
// it can hold). Its seeds are below and in testdata/fuzz, which `go test` replays.
func FuzzRead(f *testing.F) {
	f.Add([]byte("domain,path,target,action,id\noffers.example.com,/a,https://example.com/,url,1\n"), uint8(0))
	f.Add([]byte("\ufeffPATH,Domain,target\r\n/x,a.example.com,https://b.example.com/\r\n"), uint8(0))
	f.Add([]byte(`[{"domain":"a.example.com","path":"/x","target":"https://b.example.com/","action":"url"}]`), uint8(1))
	f.Add([]byte(`{"Redirects":[{"DOMAIN":"a","path":null}]}`), uint8(1))
	f.Add([]byte("{\"domain\":\"a\"}\r\n\r\n{\"path\":\"/b\"}\n"), uint8(2))
	f.Add([]byte("domain,path,target\n\"a\"\"\",\"\n\",x\n"), uint8(0))
	f.Add([]byte("domain,path,target,action\n'=1,'\"\\x1b\\r\",' x,'\" y \"\n"), uint8(0))
	f.Add([]byte("Redirect from,Redirect to\n/a,/b\nhttps://x.example.com/c,//y.example.com/d\n"), uint8(3|8))
	f.Add([]byte("source,target,regex,code,type,hits,title,status\n/a,/b,0,301,url,1,t,enabled\n/(.*),/x,1,302,,,,\n"), uint8(4|8))
	f.Add([]byte("# c\n/a /b 301!\n/c/* /d/:splat\nhttps://h.example.com/e f=g /h 302 Country=x\n/i\n"), uint8(5|8))
	f.Add([]byte("{\"redirects\":[{\"source\":\"/a\",\"destination\":\"/b\",\"permanent\":false,\"has\":[{\"type\":\"host\",\"value\":\"h.example.com\"}]}]}"), uint8(6|8))
	f.Add([]byte("/a /b\n"), uint8(7))
	f.Add([]byte("domain;path;target\ra.example.com;\"/x;y\";https://b.example.com/\r"), uint8(0))
	f.Add([]byte("\xff\xfed\x00,\x00p\x00\n\x00"), uint8(7))
	f.Add([]byte("\xfe\xff\x00d\x00\t\x00p\xd8"), uint8(0))
	formats := []Format{CSV, JSON, JSONL, Shopify, WordPress, Netlify, Vercel, ""}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		o := ReadOptions{Format: formats[int(which&7)%len(formats)]}
		if which&8 != 0 {
			o.Domain = "offers.example.com"
		}
		rows, format, err := ReadFrom(bytes.NewReader(data), o)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Msg == "" {
				t.Fatalf("%s: error %v is not a *ParseError with a message", o.Format, err)
			}
			return
		}
		ours := format == CSV || format == JSON || format == JSONL
		for _, r := range rows {
			if r.Action == "" || r.Where == "" {
				t.Fatalf("%s: row %+v has no action or place", format, r)
			}
			if !ours && r.Refusal == "" && (r.Domain == "" || strings.HasPrefix(r.Target, "/")) {
				t.Fatalf("%s: row %+v is not on a domain", format, r)
			}
		}
		if !ours {
			return
		}
		var out bytes.Buffer
		if err := Write(&out, format, rows); err != nil {
			t.Fatalf("%s: writing what was read: %v", format, err)
		}
		back, err := Read(bytes.NewReader(out.Bytes()), format)
		if err != nil {
			t.Fatalf("%s: reading what was written: %v\n%q", format, err, out.String())
		}
		if format != CSV && !clean(rows) {
			return // invalid UTF-8 or a blank row: JSON may not keep it as it was
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
