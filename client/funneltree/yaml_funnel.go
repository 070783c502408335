package funneltree

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// A funnel's file in YAML is written here rather than by the YAML library, which
// takes ten times as long over a location of a hundred thousand pages: the shape is
// fixed (the Funnel type's fields, in order, omitempty as its tags say) and every
// string is written plain only when it cannot read back as anything else, otherwise
// double-quoted with YAML's escapes. The library reads the
// files back (decode), and a test holds the two to the same values.

// funnelYAML is the YAML of one funnel's file.
func funnelYAML(f *Funnel) []byte {
	var b bytes.Buffer
	b.Grow(256 + 256*len(f.Steps))
	field(&b, "", "name", f.Name, false)
	field(&b, "", "type", f.Type, true)
	field(&b, "", "folder", f.Folder, true)
	field(&b, "", "domain", f.Domain, true)
	field(&b, "", "path", f.Path, true)
	field(&b, "", "id", f.ID, false)
	if len(f.Steps) == 0 {
		b.WriteString("steps: []\n")
	} else {
		b.WriteString("steps:\n")
	}
	for i := range f.Steps {
		s := &f.Steps[i]
		b.WriteString("  - sequence: ")
		b.WriteString(strconv.Itoa(s.Sequence))
		b.WriteByte('\n')
		const in = "    "
		field(&b, in, "name", s.Name, false)
		field(&b, in, "path", s.Path, true)
		field(&b, in, "type", s.Type, true)
		b.WriteString(in + "split: " + strconv.FormatBool(s.Split) + "\n")
		b.WriteString(in + "traffic: " + strconv.FormatFloat(s.Traffic, 'g', -1, 64) + "\n")
		field(&b, in, "id", s.ID, false)
		pagesYAML(&b, in, "pages", s.Pages, false)
	}
	pagesYAML(&b, "", "loosePages", f.Loose, true)
	return b.Bytes()
}

// pagesYAML writes a list of pages under key at indent.
func pagesYAML(b *bytes.Buffer, indent, key string, pages []Page, omitEmpty bool) {
	if len(pages) == 0 {
		if !omitEmpty {
			b.WriteString(indent + key + ": []\n")
		}
		return
	}
	b.WriteString(indent + key + ":\n")
	item, in := indent+"  - ", indent+"    "
	for i := range pages {
		p := &pages[i]
		field(b, item, "name", p.Name, false)
		b.WriteString(in + "archived: " + strconv.FormatBool(p.Archived) + "\n")
		field(b, in, "id", p.ID, false)
	}
}

// field writes `key: value` at indent; an empty value is left out when omitEmpty.
func field(b *bytes.Buffer, indent, key, value string, omitEmpty bool) {
	if value == "" && omitEmpty {
		return
	}
	b.WriteString(indent)
	b.WriteString(key)
	b.WriteString(": ")
	scalar(b, value)
	b.WriteByte('\n')
}

// scalar writes s plain when it reads back as that string and nothing else, else
// double-quoted.
func scalar(b *bytes.Buffer, s string) {
	if plainSafe(s) {
		b.WriteString(s)
		return
	}
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case yamlPrintable(r):
			b.WriteRune(r)
		case r <= 0xffff:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			fmt.Fprintf(b, `\U%08x`, r)
		}
	}
	b.WriteByte('"')
}

// yamlPrintable reports whether r may stand as itself inside a double-quoted YAML
// scalar: printable, and no line break or byte order mark of any kind.
func yamlPrintable(r rune) bool {
	switch {
	case r >= 0x20 && r <= 0x7e:
		return true
	case r == 0x85, r == 0x2028, r == 0x2029, r == 0xfeff:
		return false
	case r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd, r >= 0x10000 && r <= 0x10ffff:
		return true
	}
	return false
}

// plainSafe reports whether s can be written as a plain YAML scalar: it starts with
// a letter or a slash, holds only letters, digits, spaces and . _ / - ( ) , + ' and
// ends with none of them but a letter, digit, slash or bracket, and is no word YAML
// reads as a boolean or null.
func plainSafe(s string) bool {
	if s == "" || len(s) > 200 {
		return false
	}
	for i, r := range s {
		switch {
		case r == '/' || unicode.IsLetter(r):
		case i == 0:
			return false
		case unicode.IsDigit(r), r == ' ', r == '.', r == '_', r == '-', r == '(', r == ')', r == ',', r == '+', r == '\'':
		default:
			return false
		}
	}
	switch last := s[len(s)-1]; last {
	case ' ', '.', ',', '\'', '-', '+', '_':
		return false
	}
	if strings.Contains(s, "  ") {
		return false
	}
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "y", "n", "null":
		return false
	}
	return true
}
