package stdio

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzCheck: whatever a line holds, it is either a message the SDK takes or answered
// with one JSON-RPC error response (or, for a batch, an array of them); never both,
// never a panic.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, `[]`, `[1,{"id":2}]`, `{"jsonrpc":"2.0","id":1.0,"method":"x"}`,
		`{"jsonrpc":"2.0","id":"a","result":null}`, "\xef\xbb\xbf{}", `{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		msg, answer := check([]byte(line), false)
		switch {
		case msg != nil && answer != nil:
			t.Fatalf("%q: both a message and an answer", line)
		case answer != nil && !json.Valid(answer):
			t.Fatalf("%q: an answer that is not JSON: %s", line, answer)
		case msg == nil && answer == nil && strings.TrimSpace(line) != "" && !strings.HasPrefix(strings.TrimSpace(line), "["):
			t.Fatalf("%q: neither taken nor answered", line)
		}
	})
}

// A line over MaxLine is read past without being kept, and the next line is read.
func TestReadLinePastALongLine(t *testing.T) {
	br := bufio.NewReaderSize(strings.NewReader(strings.Repeat("x", MaxLine+10)+"\nnext\n"), 64<<10)
	line, tooLong, err := readLine(br)
	if !tooLong || line != nil || err != nil {
		t.Fatalf("the long line: %d bytes kept, tooLong %v, %v", len(line), tooLong, err)
	}
	if line, tooLong, err = readLine(br); string(line) != "next" || tooLong || err != nil {
		t.Fatalf("the line after it: %q %v %v", line, tooLong, err)
	}
}
