package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// server is what `funnels mcp` serves: the run's factory (every tool opens the
// account through it, as a command does), the sub-account it is about and the
// command line whose commands are its tools.
type server struct {
	f          *cmdutil.Factory
	location   location
	exportsDir string // the real path under which diff may read exports ("": none)
	surface    Surface
}

// toolOf is one tool as the server runs it: its record, the tool, its arguments.
type toolOf struct {
	cmd  *cmdutil.Command
	tool cmdutil.Tool
	args []cmdutil.ToolArg
}

// handler runs a tool with its arguments as the assistant sent them; it returns the
// whole result, a failure as a tool error.
type handler func(ctx context.Context, args json.RawMessage) *mcp.CallToolResult

// addTool lists a tool whose handler never fails at the protocol level: every failure
// is a tool error (IsError) the assistant can read. Where the assistant asks for
// progress, what the command would print on standard error is sent as progress while
// the call runs. A panic, which would end the server mid-conversation, is logged on
// log with its stack and answered as a tool error; the server carries on.
func addTool(srv *mcp.Server, log io.Writer, t *mcp.Tool, h handler) {
	srv.AddTool(t, func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, _ error) {
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(log, "funnels mcp: %s: %v\n%s", t.Name, r, debug.Stack())
				res = toolError(fmt.Errorf("%s could not finish: an internal error, logged on the server's standard error", t.Name))
			}
		}()
		var args json.RawMessage
		if req != nil && req.Params != nil {
			args = req.Params.Arguments
		}
		return h(withProgress(ctx, req), args), nil
	})
}

// tools are the tools of every record, those of a command that writes only with
// writes allowed (a tool that only plans always): one filter, by the records.
func tools(records []*cmdutil.Command, writes bool) []toolOf {
	var out []toolOf
	for _, c := range records {
		for _, t := range c.Tools {
			if Writes(c, t) && !writes {
				continue
			}
			out = append(out, toolOf{cmd: c, tool: t, args: cmdutil.ToolArgs(c, t)})
		}
	}
	return out
}

// Writes reports whether tool t of command c can change the sub-account: a tool of a
// command that writes, but for one that only plans.
func Writes(c *cmdutil.Command, t cmdutil.Tool) bool { return c.Writes != "" && !t.Plans }

// newServer is the MCP server of one sub-account: the tools of the records (those
// that write only when writes are allowed) and the funnels tree as a resource.
func newServer(s *server, writes bool) *mcp.Server {
	f := s.f
	log := f.IO.ErrOut
	srv := mcp.NewServer(&mcp.Implementation{Name: "funnels", Title: "funnels: the funnels of a HighLevel sub-account", Version: f.Version},
		&mcp.ServerOptions{Instructions: instructions(writes)})
	for _, t := range tools(s.surface.Records(), writes) {
		tool := &mcp.Tool{Name: t.tool.Name, Description: t.tool.Description, InputSchema: inputSchema(t.args),
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: !Writes(t.cmd, t.tool)}}
		if Writes(t.cmd, t.tool) {
			tool.Annotations.DestructiveHint = new(true)
		}
		addTool(srv, log, tool, func(ctx context.Context, args json.RawMessage) *mcp.CallToolResult {
			return s.call(ctx, t, args)
		})
	}
	s.addTreeResource(srv)
	return srv
}

// instructions tell the assistant what the server is for and what it may do.
func instructions(writes bool) string {
	text := "The funnels of one HighLevel (LeadConnector) sub-account, read through funnels: paced under the rate limit, refusals explained with their status code and the access to ask for. Every result names the sub-account (location id and name)."
	if writes {
		return text + " Writes are allowed: apply_redirect_import returns its plan unless dry_run is false; show the plan and apply only when the person agrees."
	}
	return text + " Read-only: nothing here can change the sub-account."
}
