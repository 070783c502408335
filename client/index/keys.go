package index

import "encoding/binary"

// Keys of the buckets. Ids are the service's, so they hold no 0 byte; the 0 between
// the parts keeps a prefix scan of one parent from reaching another ("ab" and "abc").

func pageKey(funnelID, pageID string) []byte { return join2(funnelID, pageID) }

// funnelPrefix is where the pages of a funnel start.
func funnelPrefix(funnelID string) []byte { return append([]byte(funnelID), 0) }

// childKey is 'd' (a folder) or 'f' (a funnel), the parent's id, 0, the child's id.
func childKey(kind byte, parentID, id string) []byte {
	return append(childPrefix(kind, parentID), id...)
}

func childPrefix(kind byte, parentID string) []byte {
	b := make([]byte, 0, 2+len(parentID)+24)
	return append(append(append(b, kind), parentID...), 0)
}

func folderListedKey(folderID string) []byte { return append([]byte{'d'}, folderID...) }

func stepListedKey(funnelID, stepID string) []byte {
	return append([]byte{'s'}, join2(funnelID, stepID)...)
}

func join2(a, b string) []byte {
	k := make([]byte, 0, len(a)+1+len(b))
	return append(append(append(k, a...), 0), b...)
}

func itob(n uint64) []byte {
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, n)
	return b
}

func btoi(b []byte) uint64 {
	if len(b) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(b)
}

func itobs(n int64) []byte { return itob(uint64(n)) }
func btois(b []byte) int64 { return int64(btoi(b)) }
