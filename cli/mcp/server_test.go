package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// TestNoteLinesAreBounded: a long run's progress lines are cut to the first and the
// last ones, saying how many were left out.
func TestNoteLinesAreBounded(t *testing.T) {
	var b strings.Builder
	for i := range 100 {
		fmt.Fprintf(&b, "line %d \x1b[31m\n\n", i)
	}
	got := noteLines(b.String())
	if len(got) != maxNotes || got[0] != "line 0" || got[1] != "(61 progress lines left out)" || got[2] != "line 62" || got[len(got)-1] != "line 99" {
		t.Errorf("notes: %d lines: %q", len(got), got)
	}
}

// TestMCPToolPanicIsAToolError: a handler that panics answers a tool error, logs its
// stack, and the server answers the next call.
func TestMCPToolPanicIsAToolError(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	var log strings.Builder
	calls := 0
	tool := &mcp.Tool{Name: "boom", Description: "panics on its first call", InputSchema: inputSchema(nil)}
	addTool(srv, &log, tool, func(context.Context, json.RawMessage) *mcp.CallToolResult {
		calls++
		if calls == 1 {
			var m map[string]int
			m["x"]++ // a nil map: panics
		}
		return toolError(errors.New("second call"))
	})
	st, ct := mcp.NewInMemoryTransports()
	ctx := t.Context()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "boom", Arguments: map[string]any{}})
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "internal error") {
		t.Fatalf("a panic: want a tool error, got %v %+v", err, res)
	}
	if !strings.Contains(log.String(), "funnels mcp: boom: assignment to entry in nil map") || !strings.Contains(log.String(), "goroutine") {
		t.Errorf("the panic is not logged with its stack:\n%s", log.String())
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "boom", Arguments: map[string]any{}})
	if err != nil || res.Content[0].(*mcp.TextContent).Text != "second call" {
		t.Errorf("after a panic: %v %+v", err, res)
	}
}

// TestExportDirUnder: a directory is read only when it is the root or lies inside
// it, its links followed; without a root, none is.
func TestExportDirUnder(t *testing.T) {
	root, err := exportsRoot(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	for _, d := range []string{"in", "in/deeper"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(root, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "in"), filepath.Join(outside, "back")); err != nil {
		t.Fatal(err)
	}
	for dir, ok := range map[string]bool{
		"in": true, "in/deeper": true, "in/../in": true, ".": true, filepath.Join(root, "in"): true, filepath.Join(outside, "back"): true,
		"out": false, "..": false, "in/../../x": false, outside: false, "/": false, "missing": false, "..in": false,
	} {
		_, err := exportDirUnder(root, "a", dir)
		if (err == nil) != ok {
			t.Errorf("%q: err %v, want allowed %v", dir, err, ok)
		}
		if err != nil && cmdutil.ExitCode(err) != cmdutil.ExitUsage {
			t.Errorf("%q: exit %d, want %d", dir, cmdutil.ExitCode(err), cmdutil.ExitUsage)
		}
	}
	if _, err := exportDirUnder("", "a", "in"); err == nil || !strings.Contains(err.Error(), "--exports-dir") {
		t.Errorf("without a root: %v", err)
	}
	if _, err := exportsRoot(filepath.Join(root, "missing")); err == nil {
		t.Error("a missing --exports-dir was taken")
	}
}

// fuzzTool is a command with one argument and flags of every type, and the tool that
// runs it.
func fuzzTool() toolOf {
	cmd := &cobra.Command{Use: "thing"}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "TEXT", Field: "text"})
	root := &cobra.Command{Use: "funnels"}
	root.AddCommand(cmd)
	cmd.Flags().String("name", "", "a string")
	cmd.Flags().Bool("dry-run", false, "a boolean")
	cmd.Flags().Int("limit", 20, "a number")
	cmd.Flags().StringSlice("kind", nil, "a list")
	c := &cmdutil.Command{Cobra: cmd, Tools: []cmdutil.Tool{{Name: "thing"}}}
	return toolOf{cmd: c, tool: c.Tools[0], args: cmdutil.ToolArgs(c, c.Tools[0])}
}

// FuzzToolArguments: whatever an assistant sends as a tool's arguments, the command
// line made of them is refused or holds each flag as --name=value of a flag the tool
// takes, then --json, "--" and the positional arguments; no value ever stands where
// it would be read as a flag.
func FuzzToolArguments(f *testing.F) {
	for _, s := range []string{`{"text":"x"}`, `{"text":"--token=x","name":"--base-url=y"}`, `{"text":"a","dry_run":"true","limit":"5","kind":["page","-x"]}`,
		`{"text":"a","limit":5.5}`, `[]`, `{"nope":1}`, `{"text":"-","kind":"a,b"}`} {
		f.Add(s)
	}
	t := fuzzTool()
	s := &server{}
	f.Fuzz(func(tt *testing.T, raw string) {
		l, err := s.commandLine(t, json.RawMessage(raw))
		if err != nil {
			if cmdutil.ExitCode(err) != cmdutil.ExitUsage {
				tt.Fatalf("%s: a refusal that is no usage error: %v", raw, err)
			}
			return
		}
		dash := slices.Index(l.args, "--")
		if dash < 0 || l.args[0] != "thing" || l.args[dash-1] != "--json" || len(l.args) != dash+2 {
			tt.Fatalf("%s: %q", raw, l.args)
		}
		for _, a := range l.args[1 : dash-1] {
			name, _, ok := strings.Cut(strings.TrimPrefix(a, "--"), "=")
			if !strings.HasPrefix(a, "--") || !ok || !slices.Contains([]string{"name", "dry-run", "limit", "kind"}, name) {
				tt.Fatalf("%s: %q is not a flag the tool takes", raw, a)
			}
		}
	})
}

// TestToolSchemasArePlain: every argument has one plain JSON type, and nothing else
// is taken.
func TestToolSchemasArePlain(t *testing.T) {
	s := inputSchema(fuzzTool().args)
	if s.AdditionalProperties == nil || s.Type != "object" {
		t.Fatalf("schema %+v", s)
	}
	want := map[string]string{"text": "string", "name": "string", "dry_run": "boolean", "limit": "integer", "kind": "array"}
	for name, p := range s.Properties {
		if p.Type != want[name] || len(p.Types) > 0 {
			t.Errorf("%s: type %q %v, want %q", name, p.Type, p.Types, want[name])
		}
	}
	if len(s.Properties) != len(want) || !slices.Equal(s.Required, []string{"text"}) {
		t.Errorf("properties %v, required %v", s.Properties, s.Required)
	}
}
