package client

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"testing/iotest"
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

// FuzzStreamAsWholeBody: whatever the bytes and however they arrive (a byte at a
// time here), the stream reads an answer exactly when it is JSON, and finds the list
// the whole-body rules find, record for record.
func FuzzStreamAsWholeBody(f *testing.F) {
	for _, seed := range []string{
		`[{"_id":"a"},{"_id":"b"}]`, `{"funnels":[{"_id":"a"},{"_id":"b"}],"count":2,"traceId":"t1"}`,
		`{"data":{"count":42,"data":[{"id":"a"},{"id":"b"}]}}`, `{"funnels":{"_id":"a","steps":[{"id":"s1"}]},"count":1}`,
		`{"_id":"a","name":"one record"}`, `{"count":0}`, `null`, ``, `  `, `12`, `[1,2,]`, `[1 2]`, `{"a":1,}`,
		`{"a\u00e9":"x","b":[{"id":"\ud83d"}]}`, `[{"id":"a"}] x`, `[{"id":"a"}`, `{"a":[`, `"s"`, `[[[]]]`,
		`{"entities":[{"_id":"d","category":"folder"},{"_id":"f","steps":[{"id":"s","pages":["p"],"control_traffic":"50"}, 3, {"id":"t","split":true}]}]}`,
		`[{"_id":"f","steps":{"id":"one"}},{"_id":"g","steps":[ {"id" : "s" , "sequence":"2"} ]}]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		v, err := readStream(newBoundedReader(iotest.OneByteReader(bytes.NewReader(body))), 1000, nil)
		valid := json.Valid(body) || scanSpace(body, 0) == len(body)
		if err != nil {
			if valid && !deepOrLong(body) {
				t.Fatalf("%q is JSON, the stream refused it: %v", body, err)
			}
			return
		}
		if !valid {
			t.Fatalf("%q is not JSON, the stream read it", body)
		}
		if whole, err := unwrapList(body, "entities"); err == nil {
			// The records the stream read are read without a second check and kept
			// without a copy: the same funnels, steps and records as read whole.
			got, want := decodeEntities(v.envelope("entities")), decodeEntities(whole)
			gj, _ := json.Marshal(got)
			wj, _ := json.Marshal(want)
			if !bytes.Equal(gj, wj) || len(got.Funnels) != len(want.Funnels) {
				t.Fatalf("%q: entities streamed %s, whole %s", body, gj, wj)
			}
			for i := range got.Funnels {
				if !bytes.Equal(got.Funnels[i].Raw, want.Funnels[i].Raw) || len(got.Funnels[i].Steps) != len(want.Funnels[i].Steps) {
					t.Fatalf("%q: funnel %d streamed %s, whole %s", body, i, got.Funnels[i].Raw, want.Funnels[i].Raw)
				}
				for j := range got.Funnels[i].Steps {
					if !bytes.Equal(got.Funnels[i].Steps[j].Raw, want.Funnels[i].Steps[j].Raw) {
						t.Fatalf("%q: funnel %d step %d streamed %s, whole %s", body, i, j, got.Funnels[i].Steps[j].Raw, want.Funnels[i].Steps[j].Raw)
					}
				}
			}
		}
		whole, werr := unwrapList(body, "funnels")
		if werr != nil {
			return
		}
		got := v.envelope("funnels")
		if len(got.items) != len(whole.items) {
			t.Fatalf("%q: streamed %d items, whole %d", body, len(got.items), len(whole.items))
		}
		for i := range got.items {
			var a, w any
			aerr, werr := json.Unmarshal(got.items[i], &a), json.Unmarshal(whole.items[i], &w)
			if (aerr == nil) != (werr == nil) || !reflect.DeepEqual(a, w) {
				t.Fatalf("%q: item %d streamed %s, whole %s", body, i, got.items[i], whole.items[i])
			}
		}
	})
}

// deepOrLong reports whether body passes the stream's own bounds: wrappers nested
// deeper than it follows, or more elements than it takes.
func deepOrLong(body []byte) bool {
	depth, most, n := 0, 0, 0
	for _, c := range body {
		switch c {
		case '[', '{':
			depth++
			most = max(most, depth)
		case ']', '}':
			depth--
		case ',':
			n++
		}
	}
	return most >= maxStreamDepth || n >= 1000
}
