package client

import (
	"bytes"
	"encoding/json"
	"testing"
)

// streamEnvelope reads body as a list answer is streamed and finds its list.
func streamEnvelope(t *testing.T, body string, keys ...string) listEnvelope {
	t.Helper()
	v, err := readStream(newBoundedReader(bytes.NewReader([]byte(body))), 1000, nil)
	if err != nil {
		t.Fatalf("stream %s: %v", body, err)
	}
	return v.envelope(keys...)
}

// The stream finds the same list as the whole-body rules in every shape the service
// sends.
func TestStreamFindsListsAsWholeBody(t *testing.T) {
	bodies := []string{
		`[{"_id":"a"},{"_id":"b"}]`,
		`{"funnels":[{"_id":"a"},{"_id":"b"}],"count":2,"traceId":"t1"}`,
		`{"data":{"count":42,"data":[{"id":"a"},{"id":"b"}]}}`,
		`{"funnels":{"_id":"a","steps":[{"id":"s1"}]},"count":1}`,
		`{"_id":"a","name":"one record"}`,
		`{"count":0}`,
		`null`,
		``,
		`{"results":{"items":[{"id":"x"}]}}`,
	}
	for _, b := range bodies {
		whole, err := unwrapList([]byte(b), "funnels")
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		got := streamEnvelope(t, b, "funnels")
		if len(got.items) != len(whole.items) {
			t.Fatalf("%s: streamed %d items, whole %d", b, len(got.items), len(whole.items))
		}
		for i := range got.items {
			var a, w any
			_ = json.Unmarshal(got.items[i], &a)
			_ = json.Unmarshal(whole.items[i], &w)
			ab, _ := json.Marshal(a)
			wb, _ := json.Marshal(w)
			if !bytes.Equal(ab, wb) {
				t.Errorf("%s: item %d streamed %s, whole %s", b, i, got.items[i], whole.items[i])
			}
		}
		if n, ok := listCount(whole.wrapper); ok {
			if m, ok2 := listCount(got.wrapper); !ok2 || m != n {
				t.Errorf("%s: count %d, streamed %d (%v)", b, n, m, ok2)
			}
		}
	}
}
