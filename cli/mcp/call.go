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

// result is what every tool answers: the sub-account, the --json of its command
// under result, and the notes that command writes on standard error.
type result struct {
	Location location        `json:"location"`
	Result   json.RawMessage `json:"result,omitempty"`
	Notes    []string        `json:"notes,omitempty"`
}

// call runs tool t with the arguments the assistant sent as its command runs: made a
// command line (checked first: nothing is sent for one refused), run through the
// command line with the account opened through a copy of the server's factory
// (flags, environment, saved sign-in, read-only) whose streams collect what the
// command writes, the result its --json, refusals in the command line's words. A
// failure is a tool error, with what was read before it (a list stopped part way)
// kept beside the sentence.
func (s *server) call(ctx context.Context, t toolOf, raw json.RawMessage) *mcp.CallToolResult {
	line, err := s.commandLine(t, raw)
	if err != nil {
		return s.argError(err)
	}
	var out bytes.Buffer
	notes := notesFor(ctx)
	f := *s.f
	f.IO = &cmdutil.IOStreams{In: strings.NewReader(line.stdin), Out: &out, ErrOut: notes}
	f.OwnSignIn = true // a set an assistant names keeps to this sign-in
	if line.elsewhere {
		f.Held = nil // another sub-account than the one served is opened for the call
	}
	err = s.surface.Execute(ctx, &f, line.args)
	res := result{Location: s.location, Notes: noteLines(notes.String())}
	if b := bytes.TrimSpace(out.Bytes()); len(b) > 0 && json.Valid(b) {
		res.Result = b
	}
	var partial *cmdutil.SetFailedError
	if errors.As(err, &partial) && res.Result != nil {
		err = nil // across sub-accounts: those that failed are under failures in the result
	}
	body, merr := json.Marshal(res)
	if merr != nil {
		return toolError(fmt.Errorf("encode the result: %w", merr))
	}
	tooBig := tooBigError(len(body))
	if err == nil {
		if tooBig != nil {
			return toolError(tooBig)
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(body)}}, StructuredContent: json.RawMessage(body)}
	}
	r := toolError(fmt.Errorf("%s", strings.Join(f.ErrorLines(err), "\n")))
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

// toolError is a tool error saying err; nothing was read.
func toolError(err error) *mcp.CallToolResult {
	r := &mcp.CallToolResult{}
	r.SetError(err)
	return r
}

// argError is a tool error for an argument refused before anything was sent, in
// the command line's words.
func (s *server) argError(err error) *mcp.CallToolResult {
	return toolError(fmt.Errorf("%s", strings.Join(s.f.ErrorLines(err), "\n")))
}

// maxNotes bounds the notes of one answer: a long crawl or apply writes a
// progress line every few seconds, and the last ones say how it ended.
const maxNotes = 40

// noteLines are the notes a command wrote, one a line, safe to show; past
// mcpMaxNotes, the first is kept and the rest are the last ones.
func noteLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(termtext.Line(l)); l != "" {
			out = append(out, l)
		}
	}
	if len(out) > maxNotes {
		kept := out[len(out)-(maxNotes-2):]
		out = append([]string{out[0], fmt.Sprintf("(%d progress lines left out)", len(out)-1-len(kept))}, kept...)
	}
	return out
}
