// Package stdio is the MCP server's transport over standard input and output:
// newline-delimited JSON-RPC, one message a line, where a line that is not a message
// the server takes is answered with a JSON-RPC error and the next line is read. The
// SDK's own stdio transport ends the session at the first such line (and a batch
// after a 2025-06-18 handshake), losing every request after it.
package stdio

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxLine bounds one line: a longer one is answered as too long and skipped without
// being held in memory. It is the SDK's own bound.
const MaxLine = mcp.DefaultMaxLineLength

// Transport is the MCP transport over in and out. Each line of in is one JSON-RPC
// message; a line that is not (not UTF-8, not JSON, not an object, the wrong version,
// an id that is neither a string nor an integer, a method that is not a string,
// params that are neither an object nor an array, a batch, a line over MaxLine…) is
// answered on out with a -32700 (not JSON) or -32600 (not a message taken) error,
// with the message's id where it has a valid one, and the session goes on. Blank
// lines are skipped. The session ends at the end of in. Neither stream is closed.
func Transport(in io.Reader, out io.Writer) mcp.Transport { return transport{in: in, out: out} }

type transport struct {
	in  io.Reader
	out io.Writer
}

func (t transport) Connect(context.Context) (mcp.Connection, error) {
	c := &conn{out: t.out, incoming: make(chan jsonrpc.Message), ended: make(chan error, 1), closed: make(chan struct{})}
	go c.readLines(t.in)
	return c, nil
}

// conn is one session over the streams.
type conn struct {
	wmu sync.Mutex // one line written at a time, answers and errors alike
	out io.Writer

	incoming chan jsonrpc.Message
	ended    chan error // the end of the input (io.EOF) or its failure
	closed   chan struct{}
	once     sync.Once
}

func (c *conn) SessionID() string { return "" }

func (c *conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.closed:
		return nil, io.EOF
	case m := <-c.incoming:
		return m, nil
	case err := <-c.ended:
		return nil, err
	}
}

func (c *conn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encoding a message: %w", err)
	}
	return c.writeLine(data)
}

// Close ends the session; a read waiting for input returns at once (the goroutine
// reading the input ends at its next line).
func (c *conn) Close() error {
	c.once.Do(func() { close(c.closed) })
	return nil
}

func (c *conn) writeLine(data []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := c.out.Write(append(data, '\n'))
	return err
}

// readLines reads in line by line, hands each message on and answers each line
// that is not one, until in ends or the session is closed.
func (c *conn) readLines(in io.Reader) {
	br := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(br)
		if len(bytes.TrimSpace(line)) > 0 || tooLong {
			msg, answer := check(line, tooLong)
			switch {
			case answer != nil:
				if werr := c.writeLine(answer); werr != nil {
					c.ended <- werr
					return
				}
			case msg != nil:
				select {
				case c.incoming <- msg:
				case <-c.closed:
					return
				}
			}
		}
		if err != nil {
			c.ended <- err
			return
		}
	}
}

// readLine reads one line without its newline; past MaxLine it reads on to the
// newline, keeping nothing, and says the line was too long. err is the input's
// end or failure, with the line before it.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, rerr := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > MaxLine+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case rerr == nil:
			return bytes.TrimSuffix(line, []byte("\n")), tooLong, nil
		case errors.Is(rerr, bufio.ErrBufferFull):
			continue
		default:
			return line, tooLong, rerr
		}
	}
}

// The JSON-RPC error codes the transport answers with.
const (
	codeParse   = jsonrpc.CodeParseError
	codeInvalid = jsonrpc.CodeInvalidRequest
)

// bom is a byte-order mark some tools put before a line: read past, not refused.
var bom = []byte("\xef\xbb\xbf")

// check is the message line holds, or the error line that answers it.
func check(line []byte, tooLong bool) (jsonrpc.Message, []byte) {
	if tooLong {
		return nil, errorLine(nil, codeInvalid, fmt.Sprintf("the line is longer than %d bytes; send one JSON-RPC message per line, each shorter", MaxLine))
	}
	line = bytes.TrimSpace(bytes.TrimPrefix(bytes.TrimSpace(line), bom))
	switch {
	case !utf8.Valid(line):
		return nil, errorLine(nil, codeParse, "parse error: the line is not valid UTF-8")
	case !json.Valid(line):
		return nil, errorLine(nil, codeParse, "parse error: the line is not one JSON value (each JSON-RPC message on a line of its own)")
	case line[0] == '[':
		return nil, batchAnswer(line)
	case line[0] != '{':
		return nil, errorLine(nil, codeInvalid, "invalid request: a JSON-RPC message is an object")
	}
	id, problem := checkObject(line)
	if problem != "" {
		return nil, errorLine(id, codeInvalid, "invalid request: "+problem)
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return nil, errorLine(id, codeInvalid, "invalid request: "+err.Error())
	}
	return msg, nil
}

// checkObject checks the fields of one message (an object): what is wrong with it
// ("" for nothing), and its id when it has a valid one (nil for none, or null).
func checkObject(line []byte) (id json.RawMessage, problem string) {
	fields, dup, err := objectFields(line)
	if err != nil {
		return nil, err.Error()
	}
	if raw, ok := fields["id"]; ok {
		if !validID(raw) {
			return nil, "id must be a string, an integer or null"
		}
		if string(raw) != "null" {
			id = raw
		}
	}
	if dup != "" {
		return id, fmt.Sprintf("the field %q appears twice", dup)
	}
	if v, ok := fields["jsonrpc"]; !ok || string(v) != `"2.0"` {
		return id, `jsonrpc must be "2.0"`
	}
	method, isCall := fields["method"]
	if isCall {
		if len(method) == 0 || method[0] != '"' {
			return id, "method must be a string"
		}
		if p, ok := fields["params"]; ok && p[0] != '{' && p[0] != '[' {
			return id, "params must be an object or an array"
		}
		return id, ""
	}
	// A response (to a request of the server's).
	_, hasResult := fields["result"]
	errRaw, hasError := fields["error"]
	switch {
	case id == nil:
		return nil, "a message without a method is a response, and needs the id of the request it answers"
	case hasResult == hasError:
		return id, "a response holds a result or an error, one of them"
	case hasError && !validWireError(errRaw):
		return id, "error must be an object with an integer code and a string message"
	}
	return id, ""
}

// objectFields are the fields of a JSON object (the first of a name), and the name
// of one that appears twice ("" for none).
func objectFields(line []byte) (fields map[string]json.RawMessage, dup string, err error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if _, err := dec.Token(); err != nil { // {
		return nil, "", err
	}
	fields = map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, "", err
		}
		key, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, "", err
		}
		if _, seen := fields[key]; seen {
			dup = cmp.Or(dup, key)
			continue
		}
		fields[key] = v
	}
	return fields, dup, nil
}

// validID reports whether raw is an id the server can echo: a string, an integer
// an int64 holds, or null.
func validID(raw json.RawMessage) bool {
	switch {
	case string(raw) == "null":
		return true
	case raw[0] == '"':
		var s string
		return json.Unmarshal(raw, &s) == nil
	}
	_, err := strconv.ParseInt(string(raw), 10, 64)
	return err == nil
}

func validWireError(raw json.RawMessage) bool {
	var e struct {
		Code    *int64  `json:"code"`
		Message *string `json:"message"`
	}
	return json.Unmarshal(raw, &e) == nil && e.Code != nil && e.Message != nil
}

// batchAnswer answers a batch: none is taken (MCP dropped them in 2025-06-18), each
// request of it told so under its id; an empty batch is one error.
func batchAnswer(line []byte) []byte {
	var elems []json.RawMessage
	if err := json.Unmarshal(line, &elems); err != nil || len(elems) == 0 {
		return errorLine(nil, codeInvalid, "invalid request: an empty batch")
	}
	var answers [][]byte
	for _, e := range elems {
		var id json.RawMessage
		if len(e) > 0 && e[0] == '{' {
			fields, _, _ := objectFields(e)
			_, isCall := fields["method"]
			raw, hasID := fields["id"]
			if isCall && (!hasID || string(raw) == "null") {
				continue // a notification: never answered
			}
			if hasID && validID(raw) && string(raw) != "null" {
				id = raw
			}
		}
		answers = append(answers, errorLine(id, codeInvalid, "invalid request: batches are not taken; send one JSON-RPC message per line"))
	}
	if len(answers) == 0 {
		return nil
	}
	return append(append([]byte("["), bytes.Join(answers, []byte(","))...), ']')
}

// errorLine is a JSON-RPC error response with id (nil: null).
func errorLine(id json.RawMessage, code int, message string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	out, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, message}})
	return out
}
