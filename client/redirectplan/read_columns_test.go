package redirectplan

import (
	"errors"
	"strings"
	"testing"
)

// TestReadRefusesAMisspelledColumn: a column or key that is not one of the format's
// is an error on line 1 (or the record) naming it, what it likely meant, the
// columns there are and the ones known — never a row read without it.
func TestReadRefusesAMisspelledColumn(t *testing.T) {
	for _, c := range []struct {
		f     Format
		in    string
		where string
		says  []string
	}{
		{CSV, "domain,path,target,acton\noffers.example.com,/a,https://example.com/,funnel\n", "line 1",
			[]string{`unknown column "acton" (did you mean "action"?)`, "the header has domain, path, target, acton",
				"columns are domain, path, target, action, id"}},
		{CSV, "Domain,Path,Traget,Note\n", "line 1",
			[]string{`unknown columns "traget" (did you mean "target"?), "note"`}},
		{Shopify, "Redirect from,Redirect too\n/a,/b\n", "line 1",
			[]string{`unknown column "redirect too" (did you mean "redirect to"?)`, "shopify file's columns are redirect from, redirect to"}},
		{WordPress, "source,target,regx\n", "line 1", []string{`"regx" (did you mean "regex"?)`}},
		{JSON, `[{"domain":"a.example.com","path":"/a","target":"https://b.example.com/","acton":"funnel"}]`, "record 1",
			[]string{`unknown key "acton" (did you mean "action"?)`, "the object has acton, domain, path, target",
				"keys are domain, path, target, action, id"}},
		{JSONL, `{"domain":"a.example.com","path":"/a","Target ":"https://b.example.com/"}` + "\n" + `{"domian":"a"}`, "line 2",
			[]string{`unknown key "domian" (did you mean "domain"?)`}},
		{Vercel, "{\n \"redirects\": [\n  {\"source\": \"/a\", \"destinaton\": \"/b\"}\n ]\n}", "line 3",
			[]string{`unknown key "destinaton" (did you mean "destination"?)`}},
		{CSV, "domain,path,target,,\na.example.com,/a,https://b.example.com/,,kept?\n", "line 2",
			[]string{`column 5 has no name in the header but holds "kept?"`}},
		{CSV, "path,target\n/a,https://b.example.com/\n", "line 1",
			[]string{`no "domain" column`, "the domain may instead be given", "it has path, target"}},
	} {
		rows, _, err := ReadFrom(strings.NewReader(c.in), ReadOptions{Format: c.f})
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Where != c.where {
			t.Errorf("%s %q: rows %+v, err %v (where %q), want a *ParseError at %q", c.f, c.in, rows, err, whereOf(pe), c.where)
			continue
		}
		for _, want := range c.says {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s %q:\n%v\nwant %q", c.f, c.in, err, want)
			}
		}
	}
	// The service's own record and `redirects list --json` read back: their other
	// fields are known, and not read.
	rows, err := Read(strings.NewReader(`[{"id":"r1","locationId":"L","domain":"a.example.com","path":"/a","pathLowercase":"/a",`+
		`"type":"Permanent","target":"https://b.example.com/","action":"url","oldUrl":"https://a.example.com/a"}]`), JSON)
	if err != nil || len(rows) != 1 || rows[0].ID != "r1" {
		t.Errorf("a listed redirect: %+v %v", rows, err)
	}
	// Without a domain column, the domain given is every row's.
	rows, _, err = ReadFrom(strings.NewReader("path,target\n/a,https://b.example.com/\n"), ReadOptions{Format: CSV, Domain: "a.example.com"})
	if err != nil || len(rows) != 1 || rows[0].Domain != "a.example.com" || rows[0].Action != "url" {
		t.Errorf("domain given: %+v %v", rows, err)
	}
}
