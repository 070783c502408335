package funneltree

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// maxSlugBytes keeps a file name well inside every file system's limit, with room
// for a "-N" suffix and the extension.
const maxSlugBytes = 60

// slug is name as a file name: lower-case ASCII letters and digits (accents taken
// off: "Café" is "cafe"), every other run of characters one dash, at most
// maxSlugBytes; fallback when nothing is left.
func slug(name, fallback string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFD.String(name) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
		case r >= 'A' && r <= 'Z':
			r += 'a' - 'A'
		default:
			dash = b.Len() > 0
			continue
		}
		if b.Len() >= maxSlugBytes {
			break
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteRune(r)
	}
	s := strings.TrimRight(b.String(), "-")
	if s == "" {
		return fallback
	}
	return s
}

// namer hands out names unique within one directory, in the order asked.
type namer map[string]bool

// unique is s, or s-2, s-3 … the first not handed out yet.
func (n namer) unique(s string) string {
	out := s
	for i := 2; n[out]; i++ {
		out = s + "-" + strconv.Itoa(i)
	}
	n[out] = true
	return out
}
