package funneltree

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A funnel's file as funnelYAML wrote it is read here, ten times as fast as by the
// YAML library; anything else (a file a person edited, reordered or damaged) goes to
// the library. The read is trusted only when writing what it read gives back the
// very bytes read: funnelYAML's output reads back through the library as what it was
// written from (a fuzz test holds it so), so such a file means to the library what
// it means here.

// readFunnelYAML reads data as funnelYAML writes; ok is false when it is not such a
// file.
func readFunnelYAML(data []byte) (f Funnel, ok bool) {
	r := lineReader{rest: data}
	loose := false // in the funnel's loose pages, not its steps
	for {
		line, more := r.next()
		if !more {
			break
		}
		trimmed := strings.TrimLeft(line, " ")
		depth := len(line) - len(trimmed)
		key, value, found := strings.Cut(trimmed, ": ")
		if !found {
			key, found = strings.CutSuffix(trimmed, ":")
			if !found {
				return f, false
			}
		}
		key, item := strings.CutPrefix(key, "- ")
		s, good := unquote(value)
		if !good {
			return f, false
		}
		var fieldOK bool
		switch {
		case depth == 0 && !item:
			fieldOK = funnelField(&f, key, s)
			loose = key == "loosePages"
		case depth == 2 && item && loose && key == "name":
			f.Loose, fieldOK = append(f.Loose, Page{Name: s}), true
		case depth == 4 && !item && loose && len(f.Loose) > 0:
			fieldOK = pageField(&f.Loose[len(f.Loose)-1], key, s)
		case depth == 2 && item && !loose && key == "sequence":
			n, err := strconv.Atoi(s)
			f.Steps, fieldOK = append(f.Steps, Step{Sequence: n}), err == nil
		case depth == 4 && !item && !loose && len(f.Steps) > 0:
			fieldOK = stepField(&f.Steps[len(f.Steps)-1], key, s)
		case depth == 6 && item && !loose && len(f.Steps) > 0 && key == "name":
			st := &f.Steps[len(f.Steps)-1]
			st.Pages, fieldOK = append(st.Pages, Page{Name: s}), true
		case depth == 8 && !item && !loose && len(f.Steps) > 0 && len(f.Steps[len(f.Steps)-1].Pages) > 0:
			pages := f.Steps[len(f.Steps)-1].Pages
			fieldOK = pageField(&pages[len(pages)-1], key, s)
		}
		if !fieldOK {
			return f, false
		}
	}
	return f, bytes.Equal(funnelYAML(&f), data)
}

// funnelField sets the funnel's field key.
func funnelField(f *Funnel, key, s string) bool {
	switch key {
	case "name":
		f.Name = s
	case "type":
		f.Type = s
	case "folder":
		f.Folder = s
	case "domain":
		f.Domain = s
	case "path":
		f.Path = s
	case "id":
		f.ID = s
	case "steps":
		f.Steps = []Step{}
	case "loosePages":
		f.Loose = []Page{}
	default:
		return false
	}
	return true
}

// stepField sets the step's field key.
func stepField(st *Step, key, s string) bool {
	switch key {
	case "name":
		st.Name = s
	case "path":
		st.Path = s
	case "type":
		st.Type = s
	case "split":
		st.Split = s == "true"
	case "traffic":
		v, err := strconv.ParseFloat(s, 64)
		st.Traffic = v
		return err == nil
	case "id":
		st.ID = s
	case "pages":
		st.Pages = []Page{}
	default:
		return false
	}
	return true
}

// pageField sets the page's field key.
func pageField(p *Page, key, s string) bool {
	switch key {
	case "archived":
		p.Archived = s == "true"
	case "id":
		p.ID = s
	default:
		return false
	}
	return true
}

// lineReader hands out the lines of a file without their newlines.
type lineReader struct{ rest []byte }

func (r *lineReader) next() (string, bool) {
	if len(r.rest) == 0 {
		return "", false
	}
	i := bytes.IndexByte(r.rest, '\n')
	if i < 0 {
		line := string(r.rest)
		r.rest = nil
		return line, true
	}
	line := string(r.rest[:i])
	r.rest = r.rest[i+1:]
	return line, true
}

// unquote is a scalar as scalar wrote it: plain, "[]" for an empty list, or
// double-quoted with its escapes.
func unquote(v string) (string, bool) {
	if v == "[]" {
		return "", true
	}
	if !strings.HasPrefix(v, `"`) {
		return v, true
	}
	if len(v) < 2 || !strings.HasSuffix(v, `"`) {
		return "", false
	}
	body := v[1 : len(v)-1]
	if !strings.Contains(body, `\`) {
		return body, true
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(body) {
			return "", false
		}
		i++
		switch body[i] {
		case '"', '\\':
			b.WriteByte(body[i])
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'u', 'U':
			n := 4
			if body[i] == 'U' {
				n = 8
			}
			if i+1+n > len(body) {
				return "", false
			}
			r, err := strconv.ParseUint(body[i+1:i+1+n], 16, 32)
			if err != nil || !utf8.ValidRune(rune(r)) {
				return "", false
			}
			b.WriteRune(rune(r))
			i += n
		default:
			return "", false
		}
	}
	return b.String(), true
}
