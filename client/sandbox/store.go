package sandbox

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"
)

// dateLayout is RFC 3339 with milliseconds, as the real service (a JavaScript
// toISOString) writes its dates.
const dateLayout = "2006-01-02T15:04:05.000Z07:00"

func formatDate(t time.Time) string { return t.UTC().Format(dateLayout) }

// data is everything the sandbox serves. It is only touched through store.with.
type data struct {
	rng        *rand.Rand // continues the seed's PRNG, so ids of writes are reproducible too
	locationID string
	folders    []*folderRec
	funnels    []*funnelRec
	pages      []*pageRec // creation order
	pageByID   map[string]*pageRec
	// Indexes that keep the list routes in O(page) at a million records: pages by
	// funnel (creation order), funnels by id, and the funnels sorted by name, built
	// again only when a funnel was added (funnels are never removed nor renamed).
	pagesByFunnel map[string][]*pageRec
	funnelByID    map[string]*funnelRec
	sortedFunnels []*funnelRec
	funnelsIn     map[string][]*funnelRec // by parentId, sorted by name
	domains       []*domainRec
	products      []productRec
	fonts         []fontRec
	redirects     []redirectRec
	urlRedirects  []*urlRedirectRec
}

// store guards data with a mutex.
type store struct {
	mu sync.Mutex
	d  *data
}

// with runs fn with the data locked. fn must copy out whatever it returns.
func (s *store) with(fn func(d *data)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(s.d)
}

func (d *data) newID() string   { return randomID(d.rng) }
func (d *data) newUUID() string { return randomUUID(d.rng) }
func (d *data) funnel(id string) *funnelRec {
	if len(d.funnelByID) != len(d.funnels) {
		d.funnelByID = make(map[string]*funnelRec, len(d.funnels))
		for _, f := range d.funnels {
			if _, dup := d.funnelByID[f.ID]; !dup {
				d.funnelByID[f.ID] = f
			}
		}
	}
	return d.funnelByID[id]
}

// funnelsByName is every funnel sorted by name (then id).
func (d *data) funnelsByName() []*funnelRec {
	if len(d.sortedFunnels) != len(d.funnels) {
		d.sortedFunnels = slices.Clone(d.funnels)
		slices.SortFunc(d.sortedFunnels, func(a, b *funnelRec) int { return lessByName(a.Name, a.ID, b.Name, b.ID) })
		d.funnelsIn = nil
	}
	return d.sortedFunnels
}

// funnelsOf is the funnels one folder holds ("" the root), sorted by name.
func (d *data) funnelsOf(parent string) []*funnelRec {
	all := d.funnelsByName()
	if d.funnelsIn == nil {
		d.funnelsIn = map[string][]*funnelRec{}
		for _, f := range all {
			d.funnelsIn[f.ParentID] = append(d.funnelsIn[f.ParentID], f)
		}
	}
	return d.funnelsIn[parent]
}

func (d *data) folder(id string) *folderRec {
	for _, f := range d.folders {
		if f.ID == id {
			return f
		}
	}
	return nil
}

func (d *data) domainByHost(host string) *domainRec {
	for _, dom := range d.domains {
		if strings.EqualFold(dom.URL, host) {
			return dom
		}
	}
	return nil
}

func (d *data) urlRedirect(id string) *urlRedirectRec {
	for _, r := range d.urlRedirects {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// addPage records a new page.
func (d *data) addPage(p *pageRec) {
	d.pages = append(d.pages, p)
	d.pageByID[p.ID] = p
	if d.pagesByFunnel == nil {
		d.pagesByFunnel = map[string][]*pageRec{}
	}
	d.pagesByFunnel[p.FunnelID] = append(d.pagesByFunnel[p.FunnelID], p)
}

const idAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// randomID returns a 20-character alphanumeric id like the real service's _id values.
func randomID(rng *rand.Rand) string {
	var b [20]byte
	for i := range b {
		b[i] = idAlphabet[rng.IntN(len(idAlphabet))]
	}
	return string(b[:])
}

// randomUUID returns a version 4 UUID drawn from rng.
func randomUUID(rng *rand.Rand) string {
	var b [16]byte
	for i := 0; i < 16; i += 8 {
		v := rng.Uint64()
		for j := 0; j < 8; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	return formatUUID(b)
}

func formatUUID(b [16]byte) string {
	const hexdigits = "0123456789abcdef"
	out := make([]byte, 0, 36)
	for i, c := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out = append(out, '-')
		}
		out = append(out, hexdigits[c>>4], hexdigits[c&0x0f])
	}
	return string(out)
}

// lessByName orders records by name (case-insensitive), then by id, so lists are stable.
func lessByName(nameA, idA, nameB, idB string) int {
	if c := strings.Compare(strings.ToLower(nameA), strings.ToLower(nameB)); c != 0 {
		return c
	}
	return strings.Compare(idA, idB)
}
