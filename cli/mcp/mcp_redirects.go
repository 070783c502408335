package mcp

import (
	"context"
	"errors"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/redirects"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// mcpMaxRowsBytes bounds the rows an assistant gives inline; a bigger move is a
// file for 'funnels redirects import'.
const mcpMaxRowsBytes = 4 << 20

// mcpRowsName is what an import of inline rows is called in its journal and notes.
const mcpRowsName = "the assistant's rows"

type planRedirectImportArgs struct {
	Rows   string `json:"rows" jsonschema:"the redirects wanted: CSV text with a header (domain,path,target,action[,id]) or a JSON array of objects with those keys"`
	Format string `json:"format,omitempty" jsonschema:"csv, json or jsonl; default: json when rows start with [ or {, else csv"`
	Prune  bool   `json:"prune,omitempty" jsonschema:"also delete the sub-account's redirects the rows leave out"`
}

type applyRedirectImportArgs struct {
	planRedirectImportArgs
	DryRun *bool `json:"dry_run,omitempty" jsonschema:"true (the default): return the plan and send nothing; false: apply it"`
}

func (s *mcpServer) planRedirectImport(ctx context.Context, in planRedirectImportArgs) *mcp.CallToolResult {
	return s.importRows(ctx, in, true)
}

func (s *mcpServer) applyRedirectImport(ctx context.Context, in applyRedirectImportArgs) *mcp.CallToolResult {
	return s.importRows(ctx, in.planRedirectImportArgs, in.DryRun == nil || *in.DryRun)
}

// importRows reads the inline rows with the parser of `redirects import` and plans
// them, or applies them as `redirects import --yes` does when dryRun is false.
func (s *mcpServer) importRows(ctx context.Context, in planRedirectImportArgs, dryRun bool) *mcp.CallToolResult {
	rows, err := InlineRows(in.Rows, in.Format)
	if err != nil {
		return s.mcpArgError(err)
	}
	w := redirectplan.ImportOf(rows, in.Prune, mcpRowsName)
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		return redirects.ImportRows(ctx, f, w, dryRun, true, e)
	})
}

// InlineRows parses rows given as text: bounded in size, free of control and
// escape characters (tabs and line breaks aside), in format or the one its first
// character shows.
func InlineRows(text, format string) ([]redirectplan.Row, error) {
	switch {
	case strings.TrimSpace(text) == "":
		return nil, cmdutil.Usagef("rows is required: CSV text with a header (domain,path,target,action) or a JSON array")
	case len(text) > mcpMaxRowsBytes:
		return nil, cmdutil.Usagef("rows is %d bytes, more than %d: give a bigger move to 'funnels redirects import FILE'", len(text), mcpMaxRowsBytes)
	case strings.ContainsFunc(text, isControlInRows):
		return nil, cmdutil.Usagef("rows must not contain control or escape characters")
	}
	fm, ok := redirectplan.CSV, true
	if format != "" {
		fm, ok = redirectplan.ParseFormat(format)
	} else if t := strings.TrimSpace(text); t[0] == '[' {
		fm = redirectplan.JSON
	} else if t[0] == '{' {
		fm = redirectplan.JSONL
	}
	if !ok {
		return nil, cmdutil.Usagef("format must be %s, not %s", cmdutil.OrList(redirectplan.Formats()), cmdutil.QuoteInput(format))
	}
	rows, err := redirectplan.Read(strings.NewReader(text), fm)
	var pe *redirectplan.ParseError
	if errors.As(err, &pe) {
		return nil, cmdutil.Usagef("rows: %s", termtext.Line(pe.Error()))
	}
	if err != nil {
		return nil, cmdutil.Usagef("rows: %s", termtext.Line(err.Error()))
	}
	return rows, nil
}

// isControlInRows reports a character rows must not hold: a control character other
// than a tab or a line break, or one that reorders or splits text where it is shown
// (bidirectional overrides, line and paragraph separators).
func isControlInRows(r rune) bool {
	switch r {
	case '\t', '\n', '\r':
		return false
	}
	return r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == 0x2028 || r == 0x2029 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}
