package check

import "time"

// Delta is what changed between a location's last complete run and this one, by
// finding (Finding.Key): the errors and warnings that are new, those that went, and
// those whose severity changed. Ok findings are not compared.
type Delta struct {
	Previous time.Time `json:"previous,omitzero"` // when the last complete run ended (zero: there was none)
	New      []Finding `json:"new"`
	Resolved []Finding `json:"resolved"` // as last found
	Changed  []Finding `json:"changed"`  // as found now
	Same     int       `json:"same"`     // found both times, alike
}

// SinceLast is what res changed since the last complete run s keeps. With none,
// everything res found is new. A run cut short resolves nothing: what it did not
// find, it may not have asked.
func (s *Saved) SinceLast(res *Result) Delta {
	d := Delta{New: []Finding{}, Resolved: []Finding{}, Changed: []Finding{}}
	prev := map[string]*Finding{}
	if s.Last != nil {
		d.Previous = s.Last.Ended
		for i := range s.Last.Findings {
			prev[s.Last.Findings[i].Key()] = &s.Last.Findings[i]
		}
	}
	seen := map[string]bool{}
	for _, f := range res.Findings {
		if f.Severity == OK {
			continue
		}
		k := f.Key()
		seen[k] = true
		switch p := prev[k]; {
		case p == nil:
			d.New = append(d.New, f)
		case p.Severity != f.Severity:
			d.Changed = append(d.Changed, f)
		default:
			d.Same++
		}
	}
	if s.Last != nil && res.Complete {
		for _, f := range s.Last.Findings {
			if !seen[f.Key()] {
				d.Resolved = append(d.Resolved, f)
			}
		}
	}
	return d
}
