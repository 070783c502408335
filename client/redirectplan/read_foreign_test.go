package redirectplan

import (
	"errors"
	"strings"
	"testing"
)

// TestReadOtherPlatforms: Shopify's CSV, WordPress Redirection's CSV export, a
// _redirects file and vercel.json are read, their formats told from the name or the
// content; paths-only targets land on the domain given; what cannot be a HighLevel
// redirect is kept refused, with its line and why.
func TestReadOtherPlatforms(t *testing.T) {
	type want struct{ where, domain, path, target, refusal string }
	for _, c := range []struct {
		name, in string
		format   Format
		rows     []want
	}{
		{"shopify.csv", "Redirect from,Redirect to\r\n/old-page,/spring-sale-opt-in\r\n/blog/news,https://blog.example.com/news\r\n", Shopify, []want{
			{"line 2", "offers.example.com", "/old-page", "https://offers.example.com/spring-sale-opt-in", ""},
			{"line 3", "offers.example.com", "/blog/news", "https://blog.example.com/news", ""},
		}},
		{"export.csv", "source,target,regex,code,type,hits,title,status\n" +
			"/old-page/,/new/,0,301,url,12,Old,enabled\n" +
			"/2019/(.*),/archive/$1,1,301,url,0,,enabled\n" +
			"/promo,/sale,0,302,url,3,,enabled\n" +
			"/gone,,0,410,url,0,,enabled\n" +
			"/off,/x,0,301,url,0,,disabled\n" +
			"/ref,/x,0,301,referrer,0,,enabled\n" +
			"https://other.example.com/p,https://example.com/q,0,308,url,0,,enabled\n", WordPress, []want{
			{"line 2", "offers.example.com", "/old-page/", "https://offers.example.com/new/", ""},
			{"line 3", "offers.example.com", "/2019/(.*)", "/archive/$1", "a regular expression (regex 1): a HighLevel redirect matches one path exactly"},
			{"line 4", "offers.example.com", "/promo", "/sale", "a temporary redirect (302): HighLevel redirects are permanent (301)"},
			{"line 5", "offers.example.com", "/gone", "", "answers 410 (gone), not a redirect"},
			{"line 6", "offers.example.com", "/off", "/x", "disabled in WordPress"},
			{"line 7", "offers.example.com", "/ref", "/x", "matches on referrer as well as the URL"},
			{"line 8", "other.example.com", "/p", "https://example.com/q", ""},
		}},
		{"_redirects", "# moved pages\n\n/old /new\n/keep   https://example.com/k   308!\n" +
			"/blog/* /news/:splat 301\n/post/:id /p/:id\n/temp /t 302\n/rw /index.html 200\n" +
			"/store id=:id /products 301\n/fr /fr/home 301 Country=fr\nhttps://join.example.com/trial /free 301 # comment\n/lonely\n", Netlify, []want{
			{"line 3", "offers.example.com", "/old", "https://offers.example.com/new", ""},
			{"line 4", "offers.example.com", "/keep", "https://example.com/k", ""},
			{"line 5", "offers.example.com", "/blog/*", "/news/:splat", "a splat (*) matches many paths"},
			{"line 6", "offers.example.com", "/post/:id", "/p/:id", "a placeholder (:name) matches many paths"},
			{"line 7", "offers.example.com", "/temp", "/t", "a temporary redirect (302)"},
			{"line 8", "offers.example.com", "/rw", "/index.html", "a rewrite (200)"},
			{"line 9", "offers.example.com", "/store", "/products", "matches the query id=:id"},
			{"line 10", "offers.example.com", "/fr", "/fr/home", "a condition (Country=fr)"},
			{"line 11", "join.example.com", "/trial", "https://join.example.com/free", ""},
			{"line 12", "offers.example.com", "/lonely", "", "no target"},
		}},
		{"vercel.json", "{\n  \"cleanUrls\": true,\n  \"redirects\": [\n" +
			"    { \"source\": \"/old\", \"destination\": \"/new\" },\n" +
			"    { \"source\": \"/tmp\", \"destination\": \"/t\", \"permanent\": false },\n" +
			"    { \"source\": \"/blog/:slug\", \"destination\": \"/news/:slug\" },\n" +
			"    { \"source\": \"/h\", \"destination\": \"https://example.com/\", \"statusCode\": 301,\n" +
			"      \"has\": [{ \"type\": \"host\", \"value\": \"join.example.com\" }] },\n" +
			"    { \"source\": \"/c\", \"destination\": \"/d\", \"has\": [{ \"type\": \"cookie\", \"key\": \"x\" }] }\n" +
			"  ]\n}\n", Vercel, []want{
			{"line 4", "offers.example.com", "/old", "https://offers.example.com/new", ""},
			{"line 5", "offers.example.com", "/tmp", "/t", "a temporary redirect (307)"},
			{"line 6", "offers.example.com", "/blog/:slug", "/news/:slug", "a placeholder"},
			{"line 7", "join.example.com", "/h", "https://example.com/", ""},
			{"line 9", "offers.example.com", "/c", "/d", "a condition (has cookie)"},
		}},
	} {
		rows, f, err := ReadFrom(strings.NewReader(c.in), ReadOptions{Name: c.name, Domain: "offers.example.com"})
		if err != nil || f != c.format {
			t.Errorf("%s: format %q, err %v, want %q", c.name, f, err, c.format)
			continue
		}
		if len(rows) != len(c.rows) {
			t.Errorf("%s: %d rows, want %d: %+v", c.name, len(rows), len(c.rows), rows)
			continue
		}
		for i, w := range c.rows {
			r := rows[i]
			if r.Where != w.where || r.Domain != w.domain || r.Path != w.path || r.Target != w.target || r.Action != "url" ||
				!strings.HasPrefix(r.Refusal, w.refusal) || (w.refusal == "") != (r.Refusal == "") {
				t.Errorf("%s row %d:\n got %+v\nwant %+v", c.name, i, r, w)
			}
		}
		// Told by content alone, without the name.
		if _, f, err := ReadFrom(strings.NewReader(c.in), ReadOptions{Domain: "offers.example.com"}); err != nil || f != c.format {
			t.Errorf("%s by content: %q %v", c.name, f, err)
		}
		// Named explicitly, whatever the file is called.
		if _, f, err := ReadFrom(strings.NewReader(c.in), ReadOptions{Name: "x.txt", Format: c.format, Domain: "offers.example.com"}); err != nil || f != c.format {
			t.Errorf("%s named: %q %v", c.name, f, err)
		}
	}
}

// TestReadPlatformsRefusedRowsInThePlan: a row refused by its file is a refused step
// of the plan, with its line and reason, and is never sent.
func TestReadPlatformsRefusedRowsInThePlan(t *testing.T) {
	rows, _, err := ReadFrom(strings.NewReader("/a /b\n/c /d 302\n"), ReadOptions{Name: "_redirects", Domain: "offers.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	p := Build(rows, nil, Options{Attached: map[string]bool{"offers.example.com": true}})
	if tot := p.Totals(); tot.Add != 1 || tot.Refused != 1 {
		t.Fatalf("totals %+v: %+v", tot, p.Steps)
	}
	for _, s := range p.Steps {
		if s.Kind == Refused && !strings.HasPrefix(s.Note(), "line 2: a temporary redirect (302): HighLevel redirects are permanent") {
			t.Errorf("note %q", s.Note())
		}
	}
}

// TestReadNeedsADomain: a file of paths only, read without the domain, is an error
// naming the first such row and asking for the domain; one that names its hosts
// needs none; a format nothing tells is ErrUnknownFormat.
func TestReadNeedsADomain(t *testing.T) {
	for name, in := range map[string]string{
		"shopify.csv": "Redirect from,Redirect to\n/a,/b\n",
		"_redirects":  "# c\n/a https://example.com/\n",
		"wp.csv":      "source,target\n/a,/b\n",
	} {
		_, _, err := ReadFrom(strings.NewReader(in), ReadOptions{Name: name})
		var pe *ParseError
		if !errors.Is(err, ErrNeedsDomain) || !errors.As(err, &pe) || pe.Where == "" || !strings.Contains(err.Error(), "give the domain") {
			t.Errorf("%s: %v", name, err)
		}
	}
	rows, _, err := ReadFrom(strings.NewReader("https://join.example.com/a /b\n"), ReadOptions{Name: "_redirects"})
	if err != nil || rows[0].Domain != "join.example.com" || rows[0].Target != "https://join.example.com/b" {
		t.Errorf("a host in the rule: %+v %v", rows, err)
	}
	if _, _, err := ReadFrom(strings.NewReader("just words\n"), ReadOptions{Name: "notes.txt"}); !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("unknown format: %v", err)
	}
	for _, s := range []string{"netlify", "Cloudflare", "_redirects", "vercel.json", "Redirection", "SHOPIFY", "jsonl"} {
		if _, ok := ParseReadFormat(s); !ok {
			t.Errorf("ParseReadFormat(%q) refused", s)
		}
	}
	if _, ok := ParseFormat("shopify"); ok {
		t.Error("ParseFormat takes a format Write cannot write")
	}
}
