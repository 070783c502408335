package mcp

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// mcpServer is what `funnels mcp` serves: the run's factory (every tool opens the
// account through it, as a command does) and the sub-account it is about.
type mcpServer struct {
	f          *cmdutil.Factory
	location   McpLocation
	exportsDir string // the real path under which diff may read exports ("": none)
}

// mcpTool is one tool's handler: its arguments already decoded and checked against
// its schema by the SDK; it returns the whole result.
type mcpTool[In any] func(ctx context.Context, in In) *mcp.CallToolResult

// AddMCPTool lists a tool whose handler never fails at the protocol level: every
// failure is a tool error (IsError) the assistant can read. Where the assistant asks
// for progress, what the command would print on standard error is sent as progress
// while the call runs. A panic, which would end the server mid-conversation, is
// logged on log with its stack and answered as a tool error; the server carries on.
func AddMCPTool[In any](srv *mcp.Server, log io.Writer, t *mcp.Tool, h mcpTool[In]) {
	mcp.AddTool(srv, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, _ any, _ error) {
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(log, "funnels mcp: %s: %v\n%s", t.Name, r, debug.Stack())
				res = McpError(fmt.Errorf("%s could not finish: an internal error, logged on the server's standard error", t.Name))
			}
		}()
		return h(withProgress(ctx, req), in), nil, nil
	})
}

// withInput is t with the input schema of In, its sub_accounts argument a string or
// a list.
func withInput[In any](t *mcp.Tool) *mcp.Tool {
	t.InputSchema = inputSchema[In]()
	return t
}

// ReadOnlyTool marks a tool that only reads.
func ReadOnlyTool(name, description string) *mcp.Tool {
	return &mcp.Tool{Name: name, Description: description, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}
}

// newMCPServer is the MCP server of one sub-account: the read tools always, the
// write tools only when writes are allowed, and the funnels tree as a resource.
func newMCPServer(s *mcpServer, writes bool) *mcp.Server {
	f := s.f
	log := f.IO.ErrOut
	srv := mcp.NewServer(&mcp.Implementation{Name: "funnels", Title: "funnels: the funnels of a HighLevel sub-account", Version: f.Version},
		&mcp.ServerOptions{Instructions: mcpInstructions(writes)})

	AddMCPTool(srv, log, ReadOnlyTool("list_folders", "What a folder of the sub-account holds: its folders, then its funnels and websites with their steps. Without parentId, the top level. The result is the --json of 'funnels folders'."), s.listFolders)
	AddMCPTool(srv, log, ReadOnlyTool("list_steps", "The steps of a funnel in order (sequence, id, name, path, type, pages, split tests). The result is the --json of 'funnels steps'."), s.listSteps)
	AddMCPTool(srv, log, ReadOnlyTool("list_pages", "The pages of a funnel, or of one of its steps with stepId, archived ones included. The result is the --json of 'funnels pages'."), s.listPages)
	AddMCPTool(srv, log, ReadOnlyTool("get_page", "One page by id with every field the service sends (raw). The result is the --json of 'funnels page get'."), s.getPage)
	AddMCPTool(srv, log, withInput[findArgs](ReadOnlyTool("find", "Find funnels, folders, steps, pages, redirects and domains by name, path or domain in the local index, fuzzily, best first. With sub_accounts, in the local index of each of those sub-accounts, every match naming its location and locationName, those that failed under failures. The result is the --json of 'funnels find' (with --all-sub-accounts, --group or --location a,b).")), s.find)
	AddMCPTool(srv, log, ReadOnlyTool("list_redirects", "Every URL redirect of the sub-account, sorted by domain and path; search keeps those whose domain, path or target contains the text. The result is the --json of 'funnels redirects list'."), s.listRedirects)
	AddMCPTool(srv, log, ReadOnlyTool("plan_redirect_import", "The plan of making the sub-account's redirects what the rows say (+ add, ~ change, - delete with prune, = same, ! refused with the reason). Rows inline as CSV text or a JSON array (columns domain, path, target, action, id). Nothing is sent. The result is the --json of 'funnels redirects import --dry-run'."), s.planRedirectImport)
	AddMCPTool(srv, log, ReadOnlyTool("doctor", "What this sign-in can reach: every read route asked once with a harmless GET, what it answered and the scope or access to ask for where it was refused. The result is the --json of 'funnels doctor'."), s.doctor)
	AddMCPTool(srv, log, withInput[indexStatusArgs](ReadOnlyTool("index_status", "The local index of the sub-account: what it holds and when a crawl last read the sub-account whole. With sub_accounts, one row for each of those sub-accounts, those that failed under failures. The result is the --json of 'funnels cache status'.")), s.indexStatus)
	AddMCPTool(srv, log, ReadOnlyTool("export_summary", "What 'funnels export' would write, told and never written (no tool writes a file on this machine; a person runs 'funnels export -o DIR' for the files): the manifest (counts of folders, funnels, steps, pages, domains and redirects; the source; when the index was crawled) and the index's age in seconds; with funnel, that funnel as its exported file holds it (steps, pages, ids) and the file's path."), s.exportSummary)
	AddMCPTool(srv, log, ReadOnlyTool("diff", "What B added, removed and changed against A, as 'funnels diff A B': funnels matched by address, path, then name; steps and pages within them; redirects and domains. Each side is @cached, @live, location:ID, profile:NAME or an export directory (read only under the server's --exports-dir; refused without it). The result is the --json of 'funnels diff'."), s.diff)
	if writes {
		AddMCPTool(srv, log, &mcp.Tool{Name: "apply_redirect_import",
			Description: "Make the sub-account's redirects what the rows say. dry_run defaults to true: the plan comes back and nothing is sent. With dry_run false it applies as 'funnels redirects import --yes': paced, each row journaled (a rerun sends nothing twice), the redirects saved as a version first. Show the plan to the person and apply only when they agree.",
			Annotations: &mcp.ToolAnnotations{DestructiveHint: new(true)}}, s.applyRedirectImport)
	}
	s.addTreeResource(srv)
	return srv
}

// mcpInstructions tell the assistant what the server is for and what it may do.
func mcpInstructions(writes bool) string {
	text := "The funnels of one HighLevel (LeadConnector) sub-account, read through funnels: paced under the rate limit, refusals explained with their status code and the access to ask for. Every result names the sub-account (location id and name)."
	if writes {
		return text + " Writes are allowed: apply_redirect_import returns its plan unless dry_run is false; show the plan and apply only when the person agrees."
	}
	return text + " Read-only: nothing here can change the sub-account."
}
