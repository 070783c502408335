package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestMCPAnswersMalformedLinesAndGoesOn: the real binary's `funnels mcp`, after a
// proper handshake, is sent one malformed line of each kind an assistant (or a
// broken pipe) can send; each is answered with the JSON-RPC error of its kind — under
// its id where it had a valid one — and the ping sent after it is answered too; at
// the end the tools are still listed and the server ends cleanly when its input does.
func TestMCPAnswersMalformedLinesAndGoesOn(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	cmd := exec.Command(binPath, "mcp", "--base-url", c.sb.URL, "--token", c.sb.Server.DemoToken(), "--location", c.sb.Server.LocationID())
	cmd.Env = c.env
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	lines := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(outPipe)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(in, line+"\n"); err != nil {
			t.Fatalf("the server stopped reading (exit?): %v\n%s", err, stderr.String())
		}
	}
	next := func(what string) string {
		t.Helper()
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("%s: the server ended its output\n%s", what, stderr.String())
			}
			return l
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: no answer\n%s", what, stderr.String())
		}
		return ""
	}

	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}`)
	if l := next("initialize"); !strings.Contains(l, `"protocolVersion"`) {
		t.Fatalf("initialize: %s", l)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	deep := strings.Repeat("[", 1200) + strings.Repeat("]", 1200)
	huge := `{"jsonrpc":"2.0","id":99,"method":"ping","params":{"x":"` + strings.Repeat("a", 17<<20) + `"}}`
	for i, c := range []struct {
		kind, line string
		code       int
		id         string // the id the error is under ("null": none)
	}{
		{"not JSON", `hello`, -32700, "null"},
		{"truncated JSON", `{"jsonrpc":"2.0","id":1,`, -32700, "null"},
		{"trailing garbage", `{"jsonrpc":"2.0","id":3,"method":"ping"} x`, -32700, "null"},
		{"two messages on one line", `{"jsonrpc":"2.0","id":4,"method":"ping"}{"jsonrpc":"2.0","id":5,"method":"ping"}`, -32700, "null"},
		{"NUL bytes", "\x00\x00{}", -32700, "null"},
		{"invalid UTF-8", "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"\xff\xfe\"}", -32700, "null"},
		{"a number", `42`, -32600, "null"},
		{"a string", `"ping"`, -32600, "null"},
		{"null", `null`, -32600, "null"},
		{"missing jsonrpc", `{"id":10,"method":"ping"}`, -32600, "10"},
		{"wrong version", `{"jsonrpc":"1.0","id":11,"method":"ping"}`, -32600, "11"},
		{"version as a number", `{"jsonrpc":2.0,"id":12,"method":"ping"}`, -32600, "12"},
		{"id an object", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, "null"},
		{"id a boolean", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, -32600, "null"},
		{"id a fraction", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, -32600, "null"},
		{"method not a string", `{"jsonrpc":"2.0","id":16,"method":42}`, -32600, "16"},
		{"params a number", `{"jsonrpc":"2.0","id":17,"method":"tools/list","params":5}`, -32600, "17"},
		{"params a string", `{"jsonrpc":"2.0","id":"s18","method":"tools/list","params":"x"}`, -32600, `"s18"`},
		{"an empty batch", `[]`, -32600, "null"},
		{"a response without an id", `{"jsonrpc":"2.0","result":{}}`, -32600, "null"},
		{"a field twice", `{"jsonrpc":"2.0","id":21,"method":"ping","method":"tools/list"}`, -32600, "21"},
		{"nested deeper than the SDK reads", `{"jsonrpc":"2.0","id":22,"method":"ping","params":{"a":` + deep + `}}`, -32600, "22"},
		{"an error that is not one", `{"jsonrpc":"2.0","id":23,"error":5}`, -32600, "23"},
		{"a line over the limit", huge, -32600, "null"},
	} {
		send(c.line)
		var got struct {
			ID    json.RawMessage `json:"id"`
			Error struct{ Code int }
		}
		l := next(c.kind)
		if err := json.Unmarshal([]byte(l), &got); err != nil || got.Error.Code != c.code || string(got.ID) != c.id {
			t.Errorf("%s: answered %.300s; want error %d under id %s", c.kind, l, c.code, c.id)
		}
		ping := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, 1000+i)
		send(ping)
		if l := next(c.kind + ", then a ping"); !strings.Contains(l, fmt.Sprintf(`"id":%d`, 1000+i)) || !strings.Contains(l, `"result"`) {
			t.Errorf("the ping after %s: %.300s", c.kind, l)
		}
	}

	send(`[{"jsonrpc":"2.0","id":30,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":31,"method":"ping"}]`)
	var batch []struct {
		ID    json.RawMessage `json:"id"`
		Error struct{ Code int }
	}
	if l := next("a batch"); json.Unmarshal([]byte(l), &batch) != nil || len(batch) != 2 || string(batch[0].ID) != "30" || string(batch[1].ID) != "31" || batch[0].Error.Code != -32600 {
		t.Errorf("a batch of two requests and a notification: %s", l)
	}
	send(``)
	send(`   `)
	send(`{"jsonrpc":"2.0","id":40,"method":"tools/list"}`)
	if l := next("tools/list"); !strings.Contains(l, `"id":40`) || !strings.Contains(l, `"tools"`) {
		t.Errorf("tools/list after it all: %.300s", l)
	}
	_ = in.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("funnels mcp ended with %v at the end of its input\n%s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Error("funnels mcp did not end at the end of its input")
	}
}
