package redirectplan

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestReadInlineTakesBothShapes: rows given as text (CSV, a JSON array in a string,
// JSON lines, _redirects rules) or as the array itself — raw JSON or as
// encoding/json decodes an argument into an any — read alike; anything else is a
// *ParseError saying what is wanted.
func TestReadInlineTakesBothShapes(t *testing.T) {
	const obj = `{"domain":"offers.example.com","path":"/a","target":"https://example.com/","action":"funnel"}`
	var decoded any
	if err := json.Unmarshal([]byte(`[`+obj+`]`), &decoded); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]any{
		"csv text":        "domain,path,target,action\noffers.example.com,/a,https://example.com/,funnel\n",
		"json text":       `[` + obj + `]`,
		"jsonl text":      obj + "\n",
		"raw array":       json.RawMessage(`[` + obj + `]`),
		"raw wrapped":     json.RawMessage(`{"redirects":[` + obj + `]}`),
		"raw string":      json.RawMessage(`"domain,path,target,action\noffers.example.com,/a,https://example.com/,funnel"`),
		"decoded array":   decoded,
		"decoded objects": []map[string]any{{"domain": "offers.example.com", "path": "/a", "target": "https://example.com/", "action": "funnel"}},
	} {
		rows, err := ReadInline(v, ReadOptions{})
		if err != nil || len(rows) != 1 || rows[0].Domain != "offers.example.com" || rows[0].Path != "/a" || rows[0].Action != "funnel" {
			t.Errorf("%s: %+v %v", name, rows, err)
		}
	}
	rows, err := ReadInline("/a /b\n", ReadOptions{Domain: "offers.example.com"})
	if err != nil || len(rows) != 1 || rows[0].Target != "https://offers.example.com/b" {
		t.Errorf("rules: %+v %v", rows, err)
	}
	for name, v := range map[string]any{
		"nothing": nil, "blank": "  ", "a number": 42, "an empty raw": json.RawMessage(""),
		"too big":     strings.Repeat("x", MaxInlineBytes+1),
		"a bad array": json.RawMessage(`[1]`),
		"a bad key":   []map[string]any{{"domian": "offers.example.com"}},
	} {
		var pe *ParseError
		if _, err := ReadInline(v, ReadOptions{}); !errors.As(err, &pe) || pe.Msg == "" {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzReadInline: any JSON value given as rows reads or fails with a *ParseError.
func FuzzReadInline(f *testing.F) {
	f.Add([]byte(`"domain,path,target\na.example.com,/a,https://b.example.com/"`))
	f.Add([]byte(`[{"domain":"a.example.com","path":"/a","target":"https://b.example.com/"}]`))
	f.Add([]byte(`{"redirects":[]}`))
	f.Add([]byte(`"/a /b 302"`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		rows, err := ReadInline(json.RawMessage(raw), ReadOptions{Domain: "a.example.com"})
		var pe *ParseError
		if err != nil && (!errors.As(err, &pe) || pe.Msg == "") {
			t.Fatalf("%q: %v is not a *ParseError", raw, err)
		}
		for _, r := range rows {
			if r.Where == "" || r.Action == "" {
				t.Fatalf("%q: row %+v", raw, r)
			}
		}
	})
}
