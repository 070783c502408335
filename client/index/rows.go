package index

import (
	"encoding/binary"
	"math"
)

// A folder's rows: the value of each entry of the children bucket is what the
// folder's listing shows of that entry — a folder's name and type, a funnel with its
// steps, everything of the record but when its pages were read — in a compact
// binary form written with the record (PutFolder, PutFunnel). A paint of the folder
// then reads one run of neighbouring keys and decodes no JSON: a folder of 10,000
// funnels is read in milliseconds. An entry with no value (written before rows were
// kept) or one that cannot be decoded is read from its record instead.

// rowVersion begins every row; another first byte is not a row of this layout.
const rowVersion = 1

// Flags of a row.
const (
	rowGrouped    = 1 << iota // a folder known only from the funnels' parentId
	rowStepsKnown             // a funnel whose steps were listed
)

// rowWriter appends the parts of a row.
type rowWriter []byte

func (w *rowWriter) uvarint(n uint64) { *w = binary.AppendUvarint(*w, n) }
func (w *rowWriter) varint(n int64)   { *w = binary.AppendVarint(*w, n) }
func (w *rowWriter) str(s string)     { w.uvarint(uint64(len(s))); *w = append(*w, s...) }

// folderRow is f's entry in its parent's rows.
func folderRow(f Folder) []byte {
	w := rowWriter{rowVersion, 0}
	if f.Grouped {
		w[1] |= rowGrouped
	}
	w.varint(f.At)
	w.str(f.Name)
	w.str(f.Type)
	return w
}

// funnelRow is f's entry in its parent's rows.
func funnelRow(f Funnel) []byte {
	w := make(rowWriter, 0, 64+len(f.Name)+len(f.DomainName)+len(f.URL)+64*len(f.Steps))
	w = append(w, rowVersion, 0)
	if f.StepsKnown {
		w[1] |= rowStepsKnown
	}
	w.varint(f.At)
	w.varint(f.Updated)
	w.str(f.Name)
	w.str(f.Type)
	w.str(f.DomainName)
	w.str(f.URL)
	w.uvarint(uint64(len(f.Steps)))
	for _, s := range f.Steps {
		w.str(s.ID)
		w.str(s.Name)
		w.str(s.URL)
		w.str(s.Type)
		w.varint(int64(s.Seq))
		split := uint64(0)
		if s.Split {
			split = 1
		}
		w.uvarint(split)
		w.uvarint(math.Float64bits(s.Control))
		w.uvarint(uint64(len(s.Pages)))
		for _, p := range s.Pages {
			w.str(p)
		}
	}
	return w
}

// rowFlags is a row's flags (0 for a value that is not a row).
func rowFlags(row []byte) byte {
	if len(row) < 2 || row[0] != rowVersion {
		return 0
	}
	return row[1]
}

// rowAt is the fetch time a row holds, right after its version and flags; false for
// a value that is not a row.
func rowAt(row []byte) (int64, bool) {
	if len(row) < 3 || row[0] != rowVersion {
		return 0, false
	}
	u, n := binary.Uvarint(row[2:])
	if n <= 0 {
		return 0, false
	}
	return int64(u>>1) ^ -int64(u&1), true
}

// rowReader reads a row out of a string that holds many (rowArena), so the texts it
// returns share that string instead of being copied one by one. A row that ends
// early or says more than it holds sets bad, and everything read from it is thrown
// away.
type rowReader struct {
	s   string
	at  int
	end int
	bad bool
}

func (r *rowReader) byte() byte {
	if r.at >= r.end {
		r.bad = true
		return 0
	}
	r.at++
	return r.s[r.at-1]
}

func (r *rowReader) uvarint() uint64 {
	var n uint64
	for shift := uint(0); shift < 64; shift += 7 {
		b := r.byte()
		if r.bad {
			return 0
		}
		n |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return n
		}
	}
	r.bad = true
	return 0
}

func (r *rowReader) varint() int64 {
	u := r.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

func (r *rowReader) str() string {
	n := r.uvarint()
	if r.bad || n > uint64(r.end-r.at) {
		r.bad = true
		return ""
	}
	s := r.s[r.at : r.at+int(n)]
	r.at += int(n)
	return s
}

// count is a number of parts to come, each at least min bytes long: one the row
// cannot hold is bad.
func (r *rowReader) count(min int) int {
	n := r.uvarint()
	if r.bad || n > uint64((r.end-r.at)/min) {
		r.bad = true
		return 0
	}
	return int(n)
}

// head reads the version and the flags.
func (r *rowReader) head() byte {
	if r.byte() != rowVersion {
		r.bad = true
	}
	return r.byte()
}

// folder decodes a folder's row; false when it is not one.
func (r *rowReader) folder(id, parent string) (Folder, bool) {
	flags := r.head()
	f := Folder{ID: id, ParentID: parent, Grouped: flags&rowGrouped != 0}
	f.At = r.varint()
	f.Name = r.str()
	f.Type = r.str()
	return f, !r.bad && r.at == r.end
}

// funnel decodes a funnel's row, its steps and their pages taken from the pools
// given (so a folder of funnels costs a few allocations, not a few per funnel);
// false when it is not one.
func (r *rowReader) funnel(id, parent string, steps *[]Step, pages *[]string) (Funnel, bool) {
	flags := r.head()
	f := Funnel{ID: id, ParentID: parent, StepsKnown: flags&rowStepsKnown != 0}
	f.At = r.varint()
	f.Updated = r.varint()
	f.Name = r.str()
	f.Type = r.str()
	f.DomainName = r.str()
	f.URL = r.str()
	n := r.count(7) // a step is at least seven bytes
	*steps = room(*steps, n)
	from := len(*steps)
	for range n {
		s := Step{ID: r.str(), Name: r.str(), URL: r.str(), Type: r.str()}
		s.Seq = int(r.varint())
		s.Split = r.uvarint() == 1
		s.Control = math.Float64frombits(r.uvarint())
		np := r.count(1)
		*pages = room(*pages, np)
		pf := len(*pages)
		for range np {
			*pages = append(*pages, r.str())
		}
		if np > 0 {
			s.Pages = (*pages)[pf:len(*pages):len(*pages)]
		}
		if r.bad {
			break
		}
		*steps = append(*steps, s)
	}
	if n > 0 {
		f.Steps = (*steps)[from:len(*steps):len(*steps)]
	}
	return f, !r.bad && r.at == r.end
}

// poolChunk is how many parts a pool of steps or pages takes at a time.
const poolChunk = 4096

// room is pool with room for n more, in a new chunk when it has not: the parts
// already handed out keep the old chunk, so nothing is copied as the pool grows.
func room[T any](pool []T, n int) []T {
	if cap(pool)-len(pool) >= n {
		return pool
	}
	return make([]T, 0, max(n, poolChunk))
}
