package index

// How a catalog file is mapped. A small one is one mapping, the header with the blobs
// (one call). A larger one's keys (with the header) and items blob are two: the system
// maps the pages about a page read, as far as the mapping goes, so a search, which
// reads every key, would otherwise bring in the items blob beside them — most of a
// million items' texts, never shown, counted against the program. The items blob is
// mapped to be read at random, so a row shown costs its page rather than the sixteen
// about it, where the page cache holds the file in pages (a system that caches it in
// larger runs maps the run a page read is in, whatever is advised).

// splitCatalogFile is the size from which a catalog file's blobs are mapped apart.
const splitCatalogFile = 256 << 10

// catalogMap is a catalog file mapped: its header, and its blobs once known.
type catalogMap struct {
	head, whole []byte // whole: the file in one mapping (a small file)
	keys, items []byte
	free        []func() // what unmaps each mapping (keys first)
}

// mapCatalogFile maps f whole when it is small; else reads its header alone.
func mapCatalogFile(f readOnly) (*catalogMap, error) {
	if f.size < splitCatalogFile {
		whole, release, err := f.mapRange(0, int(f.size), false)
		if err != nil {
			return nil, err
		}
		return &catalogMap{head: whole[:catalogFileHeader], whole: whole, free: []func(){release}}, nil
	}
	head := make([]byte, catalogFileHeader)
	if _, err := f.ReadAt(head, 0); err != nil {
		return nil, err
	}
	return &catalogMap{head: head}, nil
}

// blobs are the keys blob of keysLen bytes and the items blob after it, mapped apart
// for a file not mapped whole.
func (m *catalogMap) blobs(f readOnly, keysLen int) (keys, items []byte, err error) {
	if m.whole != nil {
		b := m.whole[catalogFileHeader:]
		return b[:keysLen:keysLen], b[keysLen:], nil
	}
	k, freeKeys, err := f.mapRange(catalogFileHeader, keysLen, false)
	if err != nil {
		return nil, nil, err
	}
	it, freeItems, err := f.mapRange(int64(catalogFileHeader+keysLen), int(f.size)-catalogFileHeader-keysLen, true)
	if err != nil {
		freeKeys()
		return nil, nil, err
	}
	m.free = []func(){freeKeys, freeItems}
	return k[:keysLen:keysLen], it, nil
}

// releaseKeys unmaps the keys once copied, where they were mapped apart.
func (m *catalogMap) releaseKeys() {
	if m.whole == nil && len(m.free) == 2 {
		m.free[0]()
		m.free = m.free[1:]
	}
}

// release unmaps what is still mapped.
func (m *catalogMap) release() {
	for _, free := range m.free {
		free()
	}
	m.free = nil
}
