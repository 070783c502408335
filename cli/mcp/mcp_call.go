package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// McpLocation is the sub-account every result is about: its id, its name (the
// sub-account's own where it is known, else the sign-in's) and the name a person
// knows the sign-in by (the profile, or where a token given without a profile came
// from).
type McpLocation struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Profile string `json:"profile"`
}

// McpResult is what every tool answers: the sub-account, the --json of the matching
// command under result, and the notes that command writes on standard error.
type McpResult struct {
	Location McpLocation     `json:"location"`
	Result   json.RawMessage `json:"result,omitempty"`
	Notes    []string        `json:"notes,omitempty"`
}

// mcpWork is one command's work as a tool runs it: f is a copy of the server's
// factory whose streams collect what the command writes, and e asks for the whole
// --json result.
type mcpWork func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error

// call runs work the way the command line runs the command: the account opened
// through the factory (flags, environment, saved sign-in, read-only), the result as
// its --json, refusals in the command line's words. A failure is a tool error, with
// what was read before it (a list stopped part way) kept beside the sentence.
func (s *mcpServer) call(ctx context.Context, work mcpWork) *mcp.CallToolResult {
	var out bytes.Buffer
	notes := notesFor(ctx)
	f := *s.f
	f.IO = &cmdutil.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: notes}
	err := work(ctx, &f, &cmdutil.Exporter{All: true})
	res := McpResult{Location: s.location, Notes: NoteLines(notes.String())}
	if b := bytes.TrimSpace(out.Bytes()); len(b) > 0 && json.Valid(b) {
		res.Result = b
	}
	var partial *cmdutil.SetFailedError
	if errors.As(err, &partial) && res.Result != nil {
		err = nil // across sub-accounts: those that failed are under failures in the result
	}
	body, merr := json.Marshal(res)
	if merr != nil {
		return McpError(fmt.Errorf("encode the result: %w", merr))
	}
	tooBig := tooBigError(len(body))
	if err == nil {
		if tooBig != nil {
			return McpError(tooBig)
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(body)}}, StructuredContent: json.RawMessage(body)}
	}
	r := McpError(fmt.Errorf("%s", strings.Join(f.ErrorLines(err), "\n")))
	if tooBig == nil {
		r.Content = append(r.Content, &mcp.TextContent{Text: string(body)})
	}
	return r
}

// mcpMaxAnswerBytes bounds one answer: the assistant's side reads a message as one
// line and drops the connection past its limit (16 MB for the official SDK), and an
// answer is sent twice in it (as text and as structured content).
const mcpMaxAnswerBytes = 4_000_000

// tooBigError refuses an answer of n bytes past mcpMaxAnswerBytes; nil when it fits.
func tooBigError(n int) error {
	if n <= mcpMaxAnswerBytes {
		return nil
	}
	return fmt.Errorf("the answer is %s, more than the %s sent to an assistant at once: ask for less (a folder, a step, a search), or run the command with --json in a shell",
		cmdutil.ByteSize(int64(n)), cmdutil.ByteSize(mcpMaxAnswerBytes))
}

// McpError is a tool error saying err; nothing was read.
func McpError(err error) *mcp.CallToolResult {
	r := &mcp.CallToolResult{}
	r.SetError(err)
	return r
}

// mcpArgError is a tool error for an argument refused before anything was sent, in
// the command line's words.
func (s *mcpServer) mcpArgError(err error) *mcp.CallToolResult {
	return McpError(fmt.Errorf("%s", strings.Join(s.f.ErrorLines(err), "\n")))
}

// McpMaxNotes bounds the notes of one answer: a long crawl or apply writes a
// progress line every few seconds, and the last ones say how it ended.
const McpMaxNotes = 40

// NoteLines are the notes a command wrote, one a line, safe to show; past
// mcpMaxNotes, the first is kept and the rest are the last ones.
func NoteLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(termtext.Line(l)); l != "" {
			out = append(out, l)
		}
	}
	if len(out) > McpMaxNotes {
		kept := out[len(out)-(McpMaxNotes-2):]
		out = append([]string{out[0], fmt.Sprintf("(%d progress lines left out)", len(out)-1-len(kept))}, kept...)
	}
	return out
}
