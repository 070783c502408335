package funneltree

import (
	"strings"
	"unicode"

	"github.com/funnelsdev/funnels/client"
)

// foldSpace is s with every run of white space (no-break spaces too) one space, and
// none at either end.
func foldSpace(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// nameKey is a name as two trees are matched by: white space folded, case ignored.
func nameKey(name string) string { return strings.ToLower(foldSpace(name)) }

// pathKey is a path as two trees are matched by: white space folded, a leading
// slash, no trailing one ("" for none or "/").
func pathKey(p string) string {
	p = strings.TrimRight(strings.ReplaceAll(foldSpace(p), " ", ""), "/")
	if p == "" {
		return ""
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return p
}

// addressKey is where a path is served on a domain, as matched: the host as the
// client's funnel rules give it, then the path; "" without a path. With no domain it
// is the path alone.
func addressKey(domain, path string) string {
	p := pathKey(path)
	if p == "" {
		return ""
	}
	return client.Host(foldSpace(domain)) + p
}
