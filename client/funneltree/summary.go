package funneltree

// Tally is how many records of one kind were added, removed and changed.
type Tally struct {
	Added   int `json:"added"`
	Removed int `json:"removed"`
	Changed int `json:"changed"`
}

// Total is every change the tally counts.
func (t Tally) Total() int { return t.Added + t.Removed + t.Changed }

// Summarise counts the changes by kind, and all of them.
func Summarise(changes []Change) (byKind map[Kind]Tally, all Tally) {
	byKind = map[Kind]Tally{}
	for _, c := range changes {
		t := byKind[c.Kind]
		switch c.Op {
		case Added:
			t.Added++
			all.Added++
		case Removed:
			t.Removed++
			all.Removed++
		default:
			t.Changed++
			all.Changed++
		}
		byKind[c.Kind] = t
	}
	return byKind, all
}
