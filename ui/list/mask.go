package list

import "github.com/funnelsdev/funnels/client/index"

// Mask is the set of ASCII letters and digits in s, a bit each: a query's mask
// must be within a key's for the query to match it, which one AND tells without
// reading the key. Other characters (spaces, marks, non-ASCII) are left out of both.
func Mask(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'z':
			m |= 1 << (c - 'a')
		case c >= 'A' && c <= 'Z':
			m |= 1 << (c - 'A')
		case c >= '0' && c <= '9':
			m |= 1 << (26 + c - '0')
		}
	}
	return m
}

// SetMaskedKeys is SetKeys for a long list, with each key's Mask given: it filters by
// reading only the keys that can match, and narrows by a typed key from where each
// match ended (incremental.go). The rest of the keys' marks are made here.
func (l *List) SetMaskedKeys(keys []string, masks []uint64) {
	l.SetKeys(keys)
	m := Marks{masks: masks}
	if len(masks) == len(keys) {
		m.heads = make([]uint32, len(keys))
		tab := newMarkTable()
		for i, k := range keys {
			_, m.heads[i] = tab.mark(k)
		}
	}
	l.narrowFast(m)
}

// SetCatalog is SetMaskedKeys for go to anything's list: the keys are the catalog's,
// parts of one string, and their marks are made with them.
func (l *List) SetCatalog(c *index.Catalog, marks Marks) {
	l.e = &engine{cat: c}
	l.reset()
	l.narrowFast(marks)
}

// narrowFast keeps the marks (when there are some for every key) and a record of where
// each match ends.
func (l *List) narrowFast(m Marks) {
	if m.Len() == l.Total() {
		l.e.masks = m.masks
		if len(m.heads) == m.Len() {
			l.e.heads = m.heads
		}
	}
	l.e.inc = newIncremental(l.Total())
}
