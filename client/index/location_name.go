package index

// mLocationName keeps the sub-account's own name as the service last gave it, so
// what is read from the index alone (an export's manifest) names it without asking.
var mLocationName = []byte("locationname")

// SetLocationName keeps name as the sub-account's own; "" forgets it.
func (w *Writer) SetLocationName(name string) error {
	m := w.tx.Bucket(bMeta)
	if name == "" {
		return m.Delete(mLocationName)
	}
	return m.Put(mLocationName, []byte(name))
}
