package index

import (
	"encoding/json"
	"unicode/utf8"
)

// What one record may hold in the index: a server may send a name of any size, and
// a 10 MB name kept as it came would make an index of hundreds of megabytes and a
// `find` that prints as much. Texts (names, paths, URLs, domains) are cut at
// MaxFieldBytes, a funnel keeps the steps that fit in maxRecordBytes, and a record
// whose id is longer than maxIDBytes (no real id is; ids are keys) is left out.
// Writer counts what it cut (Writer.Cut), so a crawl can say so once.
const (
	MaxFieldBytes  = 2 << 10
	maxIDBytes     = 256
	maxRecordBytes = 256 << 10
	maxStepPages   = 1000 // page ids one step lists
)

// Ellipsis ends a text that was cut.
const Ellipsis = "…"

// CutText is s cut to at most limit bytes on a rune boundary, ending in an ellipsis
// when it was cut; cut says whether it was.
func CutText(s string, limit int) (out string, cut bool) {
	if len(s) <= limit {
		return s, false
	}
	end := limit - len(Ellipsis)
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return s[:max(end, 0)] + Ellipsis, true
}

// bounder cuts the texts of one record and counts what it cut.
type bounder struct{ cut int }

func (b *bounder) text(s *string) {
	var cut bool
	if *s, cut = CutText(*s, MaxFieldBytes); cut {
		b.cut++
	}
}

func tooLongID(id string) bool { return len(id) > maxIDBytes }

func (b *bounder) folder(f *Folder) {
	b.text(&f.Name)
	b.text(&f.Type)
	if tooLongID(f.ParentID) {
		f.ParentID, b.cut = "", b.cut+1
	}
}

func (b *bounder) page(p *Page) {
	b.text(&p.Name)
	b.text(&p.URL)
	if tooLongID(p.StepID) {
		p.StepID, b.cut = "", b.cut+1
	}
}

func (b *bounder) redirect(r *Redirect) {
	for _, s := range []*string{&r.Domain, &r.Path, &r.Target, &r.Action, &r.Type} {
		b.text(s)
	}
}

func (b *bounder) funnel(f *Funnel) {
	for _, s := range []*string{&f.Name, &f.Type, &f.DomainName, &f.URL} {
		b.text(s)
	}
	if tooLongID(f.ParentID) {
		f.ParentID, b.cut = "", b.cut+1
	}
	steps := f.Steps[:0:0]
	for _, s := range f.Steps {
		if tooLongID(s.ID) {
			b.cut++
			continue
		}
		b.text(&s.Name)
		b.text(&s.URL)
		b.text(&s.Type)
		if len(s.Pages) > maxStepPages {
			s.Pages, b.cut = s.Pages[:maxStepPages], b.cut+1
		}
		s.Pages = dropLongIDs(s.Pages, &b.cut)
		steps = append(steps, s)
	}
	f.Steps = steps
	// Steps past what a record may hold are left out, the last first.
	for len(f.Steps) > 0 {
		raw, err := json.Marshal(f)
		if err != nil || len(raw) <= maxRecordBytes {
			break
		}
		keep := len(f.Steps) * maxRecordBytes / len(raw)
		f.Steps, b.cut = f.Steps[:min(keep, len(f.Steps)-1)], b.cut+1
	}
}

// dropLongIDs is ids without those too long to be ids, counting each left out.
func dropLongIDs(ids []string, cut *int) []string {
	out := ids[:0:0]
	for _, id := range ids {
		if tooLongID(id) {
			*cut++
			continue
		}
		out = append(out, id)
	}
	return out
}
