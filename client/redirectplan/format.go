package redirectplan

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
)

// Format is how a file holds redirects.
type Format string

// The formats this package writes, and reads.
const (
	CSV   Format = "csv"   // a header row, then one redirect a row
	JSON  Format = "json"  // an array of objects (or {"redirects": [...]})
	JSONL Format = "jsonl" // one object a line
)

// The formats of other platforms, read only: a site moving onto HighLevel starts
// from one of these.
const (
	// Shopify is the CSV of Shopify's URL redirects: Redirect from, Redirect to.
	Shopify Format = "shopify"
	// WordPress is the CSV export of the Redirection plugin: source, target, regex,
	// code, type, hits, title, status.
	WordPress Format = "wordpress"
	// Netlify is a _redirects file, as Netlify and Cloudflare Pages read it: one
	// "from to [status]" a line, # comments.
	Netlify Format = "netlify"
	// Vercel is vercel.json's "redirects": {source, destination, permanent|statusCode}.
	Vercel Format = "vercel"
)

// Formats are the formats Write writes, by name, for flags.
func Formats() []string { return []string{string(CSV), string(JSON), string(JSONL)} }

// ReadFormats are the formats Read reads, by name, for flags.
func ReadFormats() []string {
	return append(Formats(), string(Shopify), string(WordPress), string(Netlify), string(Vercel))
}

// ParseFormat reads the name of a format Write writes, in any case; "" and false
// for another.
func ParseFormat(s string) (Format, bool) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case CSV, JSON, JSONL:
		return f, true
	}
	return "", false
}

// ParseReadFormat reads the name of a format Read reads, in any case, and the names
// people give them (_redirects and cloudflare for netlify, vercel.json for vercel,
// redirection for wordpress); "" and false for another.
func ParseReadFormat(s string) (Format, bool) {
	name := strings.ToLower(strings.TrimSpace(s))
	if f, ok := ParseFormat(name); ok {
		return f, true
	}
	switch name {
	case "shopify":
		return Shopify, true
	case "wordpress", "redirection":
		return WordPress, true
	case "netlify", "cloudflare", "_redirects", "redirects":
		return Netlify, true
	case "vercel", "vercel.json":
		return Vercel, true
	}
	return "", false
}

// FormatOf is the format a file name's extension says (.csv, .json or .jsonl or
// .ndjson, in any case) among those Write writes; false when it says none of them.
func FormatOf(name string) (Format, bool) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv":
		return CSV, true
	case ".json":
		return JSON, true
	case ".jsonl", ".ndjson":
		return JSONL, true
	}
	return "", false
}

// detect tells the format of a file from its name and its content: _redirects and
// vercel.json by name, .csv, .json, .jsonl by extension, otherwise by what the
// content looks like. A CSV's header and a JSON file's shape refine it further when
// it is read. False when nothing tells.
func detect(name string, data []byte) (Format, bool) {
	switch base := strings.ToLower(filepath.Base(name)); {
	case base == "_redirects":
		return Netlify, true
	case base == "vercel.json":
		return Vercel, true
	}
	if f, ok := FormatOf(name); ok {
		return f, true
	}
	text := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(text) == 0 {
		return "", false
	}
	switch text[0] {
	case '[':
		return JSON, true
	case '{':
		// One value is a JSON file (vercel.json, {"redirects": …}); one object a
		// line is JSON lines.
		if json.Valid(text) {
			return JSON, true
		}
		return JSONL, true
	}
	first := firstContentLine(text)
	if looksLikeRedirectsLine(first) {
		return Netlify, true
	}
	if bytes.Contains(first, []byte(",")) {
		return CSV, true
	}
	return "", false
}

// firstContentLine is the first line of text that is neither blank nor a # comment.
func firstContentLine(text []byte) []byte {
	for len(text) > 0 {
		var line []byte
		line, text, _ = bytes.Cut(text, []byte("\n"))
		line = bytes.TrimSpace(line)
		if len(line) > 0 && line[0] != '#' {
			return line
		}
	}
	return nil
}

// looksLikeRedirectsLine reports a line of a _redirects file: a path or address, a
// space, and more.
func looksLikeRedirectsLine(line []byte) bool {
	fields := bytes.Fields(line)
	if len(fields) < 2 || bytes.Contains(fields[0], []byte(",")) {
		return false
	}
	from := fields[0]
	return from[0] == '/' || bytes.HasPrefix(from, []byte("http://")) || bytes.HasPrefix(from, []byte("https://"))
}
