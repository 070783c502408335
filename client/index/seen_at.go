package index

import (
	"bytes"

	bolt "go.etcd.io/bbolt"
)

// When each folder and funnel was last seen on the server, and when each funnel's
// pages were last read whole, are kept apart from the records, in the at bucket: a
// record is written again only when what it says changes, so a browser that lists
// the same 10,000 funnels at every start writes a few bytes per funnel, not the
// funnels, and what is made of the records (the catalog, the snapshot) stays as it
// was. A record's own At is when it was fetched with what it now says.
//
// Keys: 'd' and a folder's id, 'f' and a funnel's id (seen), 'p' and a funnel's id
// (its pages read whole); values: Unix milliseconds, 8 bytes.

// Kinds of stamp, the first byte of a key of the at bucket.
const (
	stampFolder byte = 'd'
	stampFunnel byte = 'f'
	stampPages  byte = 'p'
)

func stampKey(kind byte, id string) []byte { return append([]byte{kind}, id...) }

// markSeen notes that the record kind, id was seen (or its pages read) at this
// write's time; nothing is written when the stamp already says so.
func (w *Writer) markSeen(kind byte, id string) error {
	b := w.tx.Bucket(bAt)
	key := stampKey(kind, id)
	v := itobs(millis(w.now))
	if bytes.Equal(b.Get(key), v) {
		return nil
	}
	return b.Put(key, v)
}

// forgetSeen forgets a stamp of a record removed.
func (w *Writer) forgetSeen(kind byte, id string) error {
	return w.tx.Bucket(bAt).Delete(stampKey(kind, id))
}

// seenAt is the stamp kind, id (0: none); at is the at bucket, nil in a file
// written before stamps were kept apart.
func seenAt(at *bolt.Bucket, kind byte, id string) int64 {
	if at == nil {
		return 0
	}
	return btois(at.Get(stampKey(kind, id)))
}
