package mcp

import (
	"bytes"
	"context"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// mcpNotes is a tool call's standard error: what the command would tell a person
// there (notes, a crawl's or an apply's progress lines), kept for the answer and,
// when the assistant asked for progress, sent line by line as it comes, so a long
// crawl is not silence. Writes may come from several goroutines.
type mcpNotes struct {
	mu      sync.Mutex
	all     bytes.Buffer
	partial []byte
	sent    float64
	// progress sends one line (nil: the assistant asked for no progress).
	progress func(line string, n float64)
}

func (m *mcpNotes) Write(p []byte) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.all.Write(p)
	if m.progress == nil {
		return len(p), nil
	}
	m.partial = append(m.partial, p...)
	for {
		i := bytes.IndexByte(m.partial, '\n')
		if i < 0 {
			break
		}
		line := strings.TrimSpace(termtext.Line(string(m.partial[:i])))
		m.partial = m.partial[i+1:]
		if line != "" {
			m.sent++
			m.progress(line, m.sent)
		}
	}
	return len(p), nil
}

// String is every note written.
func (m *mcpNotes) String() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.all.String()
}

// progressKey carries a call's progress sender from its request to the command.
type progressKey struct{}

// withProgress is ctx carrying a sender of progress lines for req, when the
// assistant gave a progress token; ctx as it is otherwise.
func withProgress(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	if req == nil || req.Params == nil || req.Session == nil {
		return ctx
	}
	token := req.Params.GetProgressToken()
	if token == nil {
		return ctx
	}
	send := func(line string, n float64) {
		_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Progress: n, Message: line})
	}
	return context.WithValue(ctx, progressKey{}, send)
}

// notesFor is the standard error of a call made with ctx.
func notesFor(ctx context.Context) *mcpNotes {
	send, _ := ctx.Value(progressKey{}).(func(string, float64))
	return &mcpNotes{progress: send}
}
