package redirectplan

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestReadCSVForgivesSpreadsheets(t *testing.T) {
	in := "\ufeffPath,DOMAIN,Target,Action,\r\n" +
		"/old,offers.example.com,https://example.com/new,,\r\n" +
		",,,,\r\n" +
		"/b, offers.example.com ,https://example.com/b,Funnel,\r\n"
	rows, err := Read(strings.NewReader(in), CSV)
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{
		{Domain: "offers.example.com", Path: "/old", Target: "https://example.com/new", Action: "url", Where: "line 2"},
		{Domain: "offers.example.com", Path: "/b", Target: "https://example.com/b", Action: "Funnel", Where: "line 4"},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows %+v", rows)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("row %d = %+v, want %+v", i, rows[i], want[i])
		}
	}
}

func TestReadJSONAndJSONL(t *testing.T) {
	for _, c := range []struct {
		f  Format
		in string
	}{
		{JSON, `[{"Domain":"a.example.com","PATH":"/x","target":"https://b.example.com/"}]`},
		{JSON, "\ufeff" + `{"redirects":[{"domain":"a.example.com","path":"/x","target":"https://b.example.com/","action":null}]}`},
		{JSONL, "\r\n{\"domain\":\"a.example.com\",\"path\":\"/x\",\"target\":\"https://b.example.com/\"}\r\n\r\n"},
	} {
		rows, err := Read(strings.NewReader(c.in), c.f)
		if err != nil || len(rows) != 1 {
			t.Fatalf("%s %q: %+v %v", c.f, c.in, rows, err)
		}
		if r := rows[0]; r.Domain != "a.example.com" || r.Path != "/x" || r.Action != "url" {
			t.Errorf("%s: %+v", c.f, r)
		}
	}
}

func TestReadRefusesWhatItCannotRead(t *testing.T) {
	for _, c := range []struct {
		f     Format
		in    string
		where string
		says  string
	}{
		{CSV, "", "", "empty"},
		{CSV, "domain,target\n", "line 1", `no "path" column`},
		{CSV, "domain,path,target\na,\"b,c\n", "line 2", "quote"},
		{JSON, `{"redirects":1}`, "", "not an array"},
		{JSON, `"x"`, "", "not an array"},
		{JSON, `{"x":1}`, "record 1", `unknown key "x"`},
		{JSON, `[1]`, "record 1", "not a JSON object"},
		{JSON, `[{"domain":3}]`, "record 1", "domain must be a string"},
		{JSONL, "{}\n[", "line 2", "not a JSON object"},
	} {
		_, err := Read(strings.NewReader(c.in), c.f)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Where != c.where || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s %q: %v (where %q), want %q at %q", c.f, c.in, err, whereOf(pe), c.says, c.where)
		}
	}
}

func whereOf(pe *ParseError) string {
	if pe == nil {
		return "<nil>"
	}
	return pe.Where
}

func TestWriteIsStableAndReadsBack(t *testing.T) {
	rows := []Row{
		{Domain: "b.example.com", Path: "/z", Target: "https://x.example.com/?a=1&b=2", Action: "url", ID: "2"},
		{Domain: "a.example.com", Path: "/B", Target: "https://x.example.com/", Action: "funnel", ID: "1"},
		{Domain: "a.example.com", Path: "/a", Target: "https://x.example.com/\"q\"", Action: "url", ID: "3"},
	}
	for _, f := range []Format{CSV, JSON, JSONL} {
		var a, b bytes.Buffer
		if err := Write(&a, f, append([]Row(nil), rows...)); err != nil {
			t.Fatal(err)
		}
		back, err := Read(bytes.NewReader(a.Bytes()), f)
		if err != nil {
			t.Fatalf("%s: %v\n%s", f, err, a.String())
		}
		if back[0].Path != "/a" || back[1].Path != "/B" || back[2].Domain != "b.example.com" {
			t.Errorf("%s: not in order: %+v", f, back)
		}
		if err := Write(&b, f, back); err != nil || a.String() != b.String() {
			t.Errorf("%s: written again differs:\n%s\n%s", f, a.String(), b.String())
		}
	}
	var csvOut bytes.Buffer
	_ = Write(&csvOut, CSV, nil)
	if csvOut.String() != "domain,path,target,action,id\n" {
		t.Errorf("empty CSV: %q", csvOut.String())
	}
}

func TestFormatOf(t *testing.T) {
	for name, want := range map[string]Format{"a.CSV": CSV, "x/b.json": JSON, "c.jsonl": JSONL, "d.ndjson": JSONL, "e.txt": ""} {
		if got, _ := FormatOf(name); got != want {
			t.Errorf("FormatOf(%q) = %q, want %q", name, got, want)
		}
	}
}
