package client

import (
	"encoding/json"
	"testing"
)

// FuzzScanValue: whatever the bytes, the one-pass check says what json.Valid says,
// and a value it finds whole in a prefix of them ends where encoding/json's does.
func FuzzScanValue(f *testing.F) {
	for _, seed := range []string{
		`{"_id":"a","name":"Spring \"Sale\"","steps":[{"id":"s","pages":["p"]}],"n":-1.5e3,"ok":true,"x":null}`,
		` [ 1 , "]" , {"a":[2]} , null ] `, `[1,]`, `{"a":1,}`, `{"a" 1}`, `"\u00e9\ud83d"`, `"\u12"`, `"\x"`,
		"\"a\tb\"", "\"\xff\"", `-`, `-0`, `01`, `1.`, `1.5e`, `1e+9`, `0.0e-0`, `tru`, `nul`, `[[[[]]]]`, `{}`, `[]`,
		`{"a":{"b":{"c":[1,2,{"d":"e"}]}}}`, `1 2`, ``, ` `, `"`, `[`, `{"a":"b"`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := validJSON(b), json.Valid(b); got != want {
			t.Fatalf("%q: valid %v, json.Valid %v", b, got, want)
		}
		i := scanSpace(b, 0)
		end, st := scanValue(b, i)
		switch st {
		case scanOK:
			if !json.Valid(b[i:end]) {
				t.Fatalf("%q: the scan took %q as a whole value", b, b[i:end])
			}
		case scanMore:
			if end < len(b) {
				t.Fatalf("%q: more asked at %d of %d", b, end, len(b))
			}
		}
	})
}
