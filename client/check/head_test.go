package check

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseHead(t *testing.T) {
	for _, c := range []struct {
		name, html string
		want       Head
	}{
		{"whole", `<!doctype html><html><head><meta charset=utf-8><title> Spring  Sale &amp; More </title>
			<meta name="Description" content="Save 20%"><link rel="alternate canonical" href="/spring">
			<meta name=robots content="noindex, follow"><meta name="googlebot" content="nosnippet"></head><body><title>late</title>`,
			Head{Title: "Spring Sale & More", HasTitle: true, Description: "Save 20%", Canonical: "/spring", Robots: "noindex, follow, nosnippet"}},
		{"empty title", `<head><title></title></head>`, Head{HasTitle: true}},
		{"no head element", `<title>Only</title><p>body <meta name=description content=late>`, Head{Title: "Only", HasTitle: true}},
		{"body ends it", `<html><body><title>x</title>`, Head{}},
		{"first of each", `<title>a</title><title>b</title><meta name=description content=one><meta name=description content=two>` +
			`<link rel=canonical href=/1><link rel=canonical href=/2>`, Head{Title: "a", HasTitle: true, Description: "one", Canonical: "/1"}},
		{"script is no body", `<head><script>var t = "<title>no</title>";</script><title>yes</title>`, Head{Title: "yes", HasTitle: true}},
		{"unclosed title", `<head><title>runs on`, Head{Title: "runs on", HasTitle: true}},
		{"self-closed title", `<head><title/><meta name=description content=d></title>`, Head{HasTitle: true, Title: "<meta name=description content=d>"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ParseHead(strings.NewReader(c.html)); got != c.want {
				t.Errorf("got %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func TestNoindex(t *testing.T) {
	for in, want := range map[string]bool{
		"noindex": true, "NOINDEX, follow": true, "none": true, "googlebot: noindex": true, "index,follow": false,
		"noimageindex": false, "": false, "max-snippet:-1, noindex": true,
	} {
		if noindex(in) != want {
			t.Errorf("%q: %v", in, !want)
		}
	}
}

// The head parser takes any bytes: it never panics, and what it keeps is valid
// UTF-8 within its bounds.
func FuzzParseHead(f *testing.F) {
	for _, s := range []string{
		`<html><head><title>T</title><meta name=description content="d"><link rel=canonical href="/c"></head>`,
		`<title>` + strings.Repeat("é", 2000) + `</title>`,
		`<head><meta name=robots content=noindex><meta name=robots content=nofollow>`,
		"<title>\xff\xfe</title>", `<head><title>a<b>c</b></title>`, `<!-- <title>x</title> -->`, "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h := ParseHead(strings.NewReader(string(data)))
		for _, s := range []string{h.Title, h.Description, h.Canonical, h.Robots} {
			if !utf8.ValidString(s) || len(s) > maxHeadText || s != strings.TrimSpace(s) {
				t.Fatalf("kept %q", s)
			}
		}
		if h.Title != "" && !h.HasTitle {
			t.Fatal("a title without a <title>")
		}
	})
}
