package client

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzQuickFields: whatever the bytes, the scan of an object gives what encoding/json
// gives (the same keys, the same values byte for byte) or steps aside, the scan of an
// array gives its elements as encoding/json does, and a string read directly is the
// one json.Unmarshal reads.
func FuzzQuickFields(f *testing.F) {
	for _, seed := range []string{
		`{"_id":"a","name":"Spring \"Sale\"","steps":[{"id":"s","pages":["p"]}],"n":-1.5e3,"ok":true,"x":null}`,
		` { "a" : { "b" : [ 1 , "}" , "\\" ] } , "c" : "" } `, `{}`, `{"a":1,"A":2}`, `{"_id":"x","id":"y"}`,
		`{"a":1,"a":null}`, `{"k\u00e9":"v"}`, `{"é":"ü"}`, "{\"a\":\"\xff\"}", `{"a":"b"`, `[1]`, `null`, `"s"`,
		`{"a":[{"b":{"c":"]"}}],"d":"\u0000"}`, "{\"a\":\"tab\there\"}", `[]`, ` [ 1 , "]" , {"a":[2]} , null ] `, `[1,]`, `["a","b"]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		want, werr := mapFields(b)
		got, ok := quickFields(b)
		if ok {
			if werr != nil {
				t.Fatalf("the scan read %q, encoding/json refused it: %v", b, werr)
			}
			if len(got) != len(want) {
				t.Fatalf("%q: the scan has %d fields, encoding/json %d", b, len(got), len(want))
			}
			for _, w := range want {
				k := w.fold
				g, ok := got.lookup(k)
				if !ok || g.key != w.key || !bytes.Equal(g.raw, w.raw) {
					t.Fatalf("%q: field %q is %q=%s by the scan, %q=%s by encoding/json", b, k, g.key, g.raw, w.key, w.raw)
				}
			}
		}
		var list []json.RawMessage
		lerr := json.Unmarshal(b, &list)
		items, ok := quickArray(b)
		if ok && (lerr != nil || len(items) != len(list)) || !ok && lerr == nil && list != nil {
			t.Fatalf("%q: the scan read %d items (%v), encoding/json %d (%v)", b, len(items), ok, len(list), lerr)
		}
		for i := range items {
			if !bytes.Equal(items[i], list[i]) {
				t.Fatalf("%q: item %d is %s by the scan, %s by encoding/json", b, i, items[i], list[i])
			}
		}
		var s string
		serr := json.Unmarshal(b, &s)
		if q, ok := plainString(b); ok && (serr != nil || q != s) {
			t.Fatalf("%q read as %q directly, %q (%v) by encoding/json", b, q, s, serr)
		}
		if q, ok := unquote(b); ok != (serr == nil) || ok && q != s {
			t.Fatalf("%q unquoted %q %v, encoding/json %q %v", b, q, ok, s, serr)
		}
	})
}
