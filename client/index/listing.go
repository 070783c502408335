package index

import (
	"bytes"
	"context"
	"slices"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// Listing returns what folderID ("" the root) held when last seen: its folders, then
// its funnels, each by name. It reads the folder's rows (rows.go), one run of keys,
// and a record only for an entry whose row cannot be read; a funnel's PagesAt is not
// among what a row keeps and reads as 0. Its At is when the folder was last listed
// whole, or, when an entry was fetched later than that with what it now says, the
// oldest such fetch.
func (s *Store) Listing(ctx context.Context, folderID string) (Listing, error) {
	var l Listing
	listed := int64(0)
	_, err := s.view(ctx, func(tx *bolt.Tx) error {
		stamp := tx.Bucket(bListed).Get(folderListedKey(folderID))
		l.Known, listed = stamp != nil, btois(stamp)
		var a rowArena
		c := tx.Bucket(bChildren).Cursor()
		scan := func(each func(kind byte, id, row []byte)) {
			for _, kind := range []byte{'d', 'f'} {
				prefix := childPrefix(kind, folderID)
				for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
					each(kind, k[len(prefix):], v)
				}
			}
		}
		n, size := 0, 0
		scan(func(_ byte, id, row []byte) { n, size = n+1, size+len(id)+len(row) })
		a.buf, a.entries = make([]byte, 0, size), make([]arenaEntry, 0, n)
		scan(a.add)
		a.decode(&l, folderID, tx.Bucket(bFolders), tx.Bucket(bFunnels))
		return nil
	})
	if listed > 0 && Time(listed).After(l.At) {
		l.At = Time(listed) // every entry was seen then
	}
	l.Folders = sortByName(l.Folders, func(f *Folder) (string, string) { return f.Name, f.ID })
	l.Funnels = sortByName(l.Funnels, func(f *Funnel) (string, string) { return f.Name, f.ID })
	if len(l.Folders)+len(l.Funnels) > 0 {
		l.Known = true
	}
	return l, err
}

// rowArena gathers a folder's entries while the transaction is open: their ids and
// rows copied end to end into one buffer (sized by a first pass over the keys), so
// that decoding them after makes one string, not one per text.
type rowArena struct {
	buf     []byte
	entries []arenaEntry
}

// arenaEntry is one entry's place in the buffer: its id, then its row (empty when
// the entry has none).
type arenaEntry struct {
	kind           byte
	id, row, endAt int
}

func (a *rowArena) add(kind byte, id, row []byte) {
	e := arenaEntry{kind: kind, id: len(a.buf)}
	a.buf = append(a.buf, id...)
	e.row = len(a.buf)
	a.buf = append(a.buf, row...)
	e.endAt = len(a.buf)
	a.entries = append(a.entries, e)
}

// decode reads every entry into l, an entry without a readable row from its record
// in folders or funnels; the oldest fetch becomes l.At.
func (a *rowArena) decode(l *Listing, parent string, folders, funnels *bolt.Bucket) {
	s := string(a.buf)
	var steps []Step
	var pages []string
	oldest := int64(0)
	note := func(at int64) {
		if at > 0 && (oldest == 0 || at < oldest) {
			oldest = at
		}
	}
	if len(a.entries) > 0 {
		l.Funnels = make([]Funnel, 0, len(a.entries))
	}
	for _, e := range a.entries {
		id := s[e.id:e.row]
		r := rowReader{s: s, at: e.row, end: e.endAt}
		if e.kind == 'd' {
			f, ok := r.folder(id, parent)
			if !ok {
				f = Folder{}
				ok = get(folders, []byte(id), &f)
			}
			if ok {
				l.Folders = append(l.Folders, f)
				note(f.At)
			}
			continue
		}
		f, ok := r.funnel(id, parent, &steps, &pages)
		if !ok {
			f = Funnel{}
			ok = get(funnels, []byte(id), &f)
			f.PagesAt = 0
		}
		if ok {
			l.Funnels = append(l.Funnels, f)
			note(f.At)
		}
	}
	l.At = Time(oldest)
}

// sortByName is xs ordered by name without case, then by id, each name
// lowered once rather than at every comparison, ASCII names into one shared buffer.
func sortByName[T any](xs []T, key func(*T) (name, id string)) []T {
	if len(xs) == 0 {
		return xs
	}
	type keyed struct {
		lower, id string
		at        int
	}
	ks := make([]keyed, len(xs))
	var buf []byte
	ends := make([]int, len(xs))
	for i := range xs {
		name, _ := key(&xs[i])
		buf = appendLowerASCII(buf, name)
		ends[i] = len(buf)
	}
	lowered := string(buf)
	from := 0
	for i := range xs {
		name, id := key(&xs[i])
		lower := lowered[from:ends[i]]
		if lower == "" && name != "" {
			lower = strings.ToLower(name) // not ASCII
		}
		ks[i], from = keyed{lower, id, i}, ends[i]
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if c := strings.Compare(a.lower, b.lower); c != 0 {
			return c
		}
		return strings.Compare(a.id, b.id)
	})
	out := make([]T, len(xs))
	for i, k := range ks {
		out[i] = xs[k.at]
	}
	return out
}

// appendLowerASCII appends s lowered when it is all ASCII, and nothing otherwise.
func appendLowerASCII(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return buf
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf
}
