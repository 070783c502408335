package cmdutil

import (
	"cmp"
	"strings"
	"unicode"
)

// ExportFileNames names each member's file: its stem (memberFileStems) with ext.
func ExportFileNames(members []Member, ext string) []string {
	out := MemberFileStems(members)
	for i := range out {
		out[i] += "." + ext
	}
	return out
}

// MemberFileStems name each member's file or folder of an export across a set: its
// name as a file name, and where two members' names would meet (or a name leaves
// nothing), with the location id (or profile) added.
func MemberFileStems(members []Member) []string {
	count := map[string]int{}
	for _, m := range members {
		count[FileStem(m.Name)]++
	}
	out := make([]string, len(members))
	for i, m := range members {
		stem := FileStem(m.Name)
		if stem == "" || count[stem] > 1 {
			stem = strings.Trim(stem+"-"+FileStem(cmp.Or(m.Location, m.Profile)), "-")
		}
		out[i] = stem
	}
	return out
}

// FileStem is a name as a file name: lower-case letters and digits, words joined by
// hyphens ("Summit Strength" → "summit-strength").
func FileStem(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
		if b.Len() >= 80 {
			break
		}
	}
	return b.String()
}
