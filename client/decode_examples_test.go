package client

import "testing"

// TestOfficialExampleShapes: the official examples send a funnel list of one as the
// funnel itself and a page's deleted as a string; both read as the wire contract's.
func TestOfficialExampleShapes(t *testing.T) {
	env, err := unwrapList([]byte(`{"funnels":{"_id":"f1","name":"Trial","steps":[{"id":"s1","pages":["p1"]}]},"count":1}`), "funnels")
	if err != nil {
		t.Fatal(err)
	}
	fs := decodeEach[Funnel](env.items)
	if len(fs) != 1 || fs[0].ID != "f1" || !fs[0].StepsKnown || len(fs[0].Steps) != 1 {
		t.Errorf("one funnel as an object: %+v", fs)
	}
	env, err = unwrapList([]byte(`[{"_id":"a","deleted":"false"},{"_id":"b","deleted":"true"},{"_id":"c","deleted":true},{"_id":"d","deleted":false},{"_id":"e","deleted":" TRUE "}]`), "pages")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"a": false, "b": true, "c": true, "d": false, "e": true}
	pages := decodeEach[Page](env.items)
	if len(pages) != len(want) {
		t.Fatalf("%d pages", len(pages))
	}
	for _, p := range pages {
		if p.Deleted != want[p.ID] {
			t.Errorf("page %s: deleted %v, want %v", p.ID, p.Deleted, want[p.ID])
		}
	}
}
