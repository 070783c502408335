package check

import (
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Head is what a page's <head> tells people and search engines about it.
type Head struct {
	Title       string `json:"title,omitempty"`
	HasTitle    bool   `json:"hasTitle,omitempty"` // a <title> element, empty or not
	Description string `json:"description,omitempty"`
	Canonical   string `json:"canonical,omitempty"` // the href of <link rel=canonical>, as written
	Robots      string `json:"robots,omitempty"`    // <meta name=robots|googlebot> contents, joined by ", "
}

// maxHeadText bounds each text kept of a head, in bytes (cut on a rune boundary).
const maxHeadText = 1024

// ParseHead reads the head of an HTML document from r: the first <title>, the first
// meta description, the first canonical link and every robots meta. It stops at the
// end of the head, at <body> or at the first element that only a body holds, so a
// page's body is never read past its start; r should be bounded by the caller. Text
// is decoded from entities, its white space folded, made valid UTF-8 and cut at
// maxHeadText.
func ParseHead(r io.Reader) Head {
	var h Head
	z := html.NewTokenizer(r)
	z.SetMaxBuf(maxHeadText * 64)
	inTitle := false
	var title strings.Builder
	var robots []string
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			h.finish(&title, robots)
			return h
		case html.TextToken:
			if inTitle && title.Len() < maxHeadText*4 {
				title.Write(z.Text())
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch atom.Lookup(name) {
			case atom.Title:
				inTitle = false
			case atom.Head:
				h.finish(&title, robots)
				return h
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			switch a {
			case atom.Title:
				// A browser reads <title/> as an opening tag too: what follows is its text.
				if !h.HasTitle {
					h.HasTitle, inTitle = true, true
				}
			case atom.Meta, atom.Link:
				if hasAttr {
					h.element(a, attrs(z), &robots)
				}
			case atom.Html, atom.Head, atom.Base, atom.Style, atom.Script, atom.Noscript, atom.Template:
			default:
				// Anything else starts the body: the head is over.
				h.finish(&title, robots)
				return h
			}
		}
	}
}

// element takes what a <meta> or <link> says.
func (h *Head) element(a atom.Atom, at map[string]string, robots *[]string) {
	switch a {
	case atom.Meta:
		switch strings.ToLower(strings.TrimSpace(at["name"])) {
		case "description":
			if h.Description == "" {
				h.Description = clean(at["content"])
			}
		case "robots", "googlebot":
			if c := clean(at["content"]); c != "" && len(*robots) < 8 {
				*robots = append(*robots, c)
			}
		}
	case atom.Link:
		if h.Canonical == "" && hasToken(at["rel"], "canonical") {
			h.Canonical = clean(at["href"])
		}
	}
}

func (h *Head) finish(title *strings.Builder, robots []string) {
	h.Title = clean(title.String())
	h.Robots = clean(strings.Join(robots, ", "))
}

// attrs are an element's attributes by lower-case name, the first of each.
func attrs(z *html.Tokenizer) map[string]string {
	out := map[string]string{}
	for {
		k, v, more := z.TagAttr()
		if _, seen := out[string(k)]; !seen && len(out) < 16 {
			out[string(k)] = string(v)
		}
		if !more {
			return out
		}
	}
}

// hasToken reports whether the space-separated list s holds tok, without case.
func hasToken(s, tok string) bool {
	for _, f := range strings.Fields(s) {
		if strings.EqualFold(f, tok) {
			return true
		}
	}
	return false
}

// clean folds white space, makes s valid UTF-8 and cuts it at maxHeadText bytes on
// a rune boundary.
func clean(s string) string {
	s = strings.Join(strings.Fields(strings.ToValidUTF8(s, "\uFFFD")), " ")
	if len(s) <= maxHeadText {
		return s
	}
	cut := maxHeadText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// noindex reports whether robots directives (a meta's or X-Robots-Tag's) keep the
// page out of search results.
func noindex(directives string) bool {
	for _, f := range strings.FieldsFunc(strings.ToLower(directives), func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == ';'
	}) {
		// X-Robots-Tag may name a bot first ("googlebot: noindex").
		f = f[strings.LastIndexByte(f, ':')+1:]
		if f == "noindex" || f == "none" {
			return true
		}
	}
	return false
}
