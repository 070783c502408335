package index

import (
	"encoding/json"
	"testing"
)

// FuzzChangeHistoryFromAFileThatLies: whatever a damaged or crafted file holds where
// a snapshot entry or a change set should be, reading it never panics, an entry read
// has as many values as its kind has fields, and a report of such sets names only
// versions it was given.
func FuzzChangeHistoryFromAFileThatLies(f *testing.F) {
	good, _ := encodeEntry(&entry{Kind: kindStep, ID: "s", FunnelID: "f", Values: []string{"a", "/a", "t", "1", "no", "100"}})
	f.Add(good, []byte(`{"version":2,"at":5,"changes":[{"kind":"changed","item":"step","id":"s","name":"a","fields":[{"field":"name","old":"a","new":"b"}]}]}`))
	f.Add([]byte("12345678{\"k\":100,\"v\":[]}"), []byte(`{"version":-1}`))
	f.Add([]byte{}, []byte(`{"version":3,"changes":[{"kind":"removed"},{"kind":"added"},{"kind":""}]}`))
	f.Fuzz(func(t *testing.T, raw, set []byte) {
		if e, ok := decodeEntry(raw); ok {
			if len(e.Values) != len(fieldNames[e.Kind]) || len(e.Values) == 0 {
				t.Fatalf("an entry of kind %q with %d values", e.Kind, len(e.Values))
			}
			_ = added(&e)
			_ = removed(&e)
			_, _ = changed(&e, &e)
		}
		var cs ChangeSet
		if json.Unmarshal(set, &cs) != nil || cs.Version < 2 || cs.Version > 1<<40 { // Since{Version: 0} is the newest alone
			return
		}
		r := reportOf([]ChangeSet{cs, {Version: cs.Version + 1, Changes: cs.Changes}}, Since{Version: cs.Version - 1})
		if !r.Found || r.From != cs.Version || r.To != cs.Version+1 {
			t.Fatalf("report of versions %d and %d: %+v", cs.Version, cs.Version+1, r)
		}
	})
}
