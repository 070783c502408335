package cli_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// treeOf is the command tree of a run, a session's when gate is not nil.
func treeOf(gate *clitest.Gate) *cmdutil.Tree {
	f := cmdutil.NewFactory(&cmdutil.IOStreams{}, func(string) string { return "" }, "test")
	if gate != nil {
		f.Gate = gate
	}
	return cli.NewTree(f)
}

// TestEveryCommandHasARecord: every command of the tree (a session's holds `user`
// too) has its record; no command but the root has a persistent hook (cobra runs
// the nearest one only, and the root's is where the checks after parsing run); a
// command that shows or changes the machine's sign-ins or settings, or starts a
// server, is offered to no session; the files a record names are its command's
// flags and arguments.
func TestEveryCommandHasARecord(t *testing.T) {
	for _, gate := range []*clitest.Gate{nil, {IsAdmin: true}} {
		tree := treeOf(gate)
		root := tree.Root.Cobra
		n := 0
		cmdutil.Visit(root, func(c *cobra.Command) {
			n++
			rec := tree.Record(c)
			if rec == nil {
				t.Errorf("%s has no record: declare its cmdutil.Command beside its cobra definition (cli/doc.go)", c.CommandPath())
				return
			}
			if c != root && (c.PersistentPreRun != nil || c.PersistentPreRunE != nil || c.PersistentPostRun != nil || c.PersistentPostRunE != nil) {
				t.Errorf("%s has a persistent hook: the root's would not run for it", c.CommandPath())
			}
			if rec.Machine != 0 && rec.SSH.Offered() {
				t.Errorf("%s touches the machine's sign-ins, settings or files, and a session is offered it", c.CommandPath())
			}
			if !rec.SSH.Offered() && rec.SSH.Why() == "" {
				t.Errorf("%s is offered to no session and says not why", c.CommandPath())
			}
			for _, f := range rec.Files {
				if f.Flag != "" && c.Flags().Lookup(f.Flag) == nil || f.Flag == "" && f.Arg >= len(cmdutil.ArgNames(c)) {
					t.Errorf("%s names a file flag or argument it does not have: %+v", c.CommandPath(), f)
				}
			}
		})
		if n != len(tree.Records()) {
			t.Errorf("%d commands and %d records", n, len(tree.Records()))
		}
	}
}

// toolsOf starts `funnels mcp` with args, and lists its tools by name, with their
// schemas.
func toolsOf(t *testing.T, h *clitest.Home, args ...string) (*mcp.ClientSession, map[string]*mcp.Tool) {
	t.Helper()
	s := clitest.ServeMCP(t, h.Getenv, h.Keyring, nil, args...)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	list, err := s.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*mcp.Tool{}
	for _, tool := range list.Tools {
		out[tool.Name] = tool
	}
	return s, out
}

// recordTools are every record's tools, by name.
func recordTools(tree *cmdutil.Tree) map[string]struct {
	rec  *cmdutil.Command
	tool cmdutil.Tool
} {
	out := map[string]struct {
		rec  *cmdutil.Command
		tool cmdutil.Tool
	}{}
	for _, rec := range tree.Records() {
		for _, tool := range rec.Tools {
			out[tool.Name] = struct {
				rec  *cmdutil.Command
				tool cmdutil.Tool
			}{rec, tool}
		}
	}
	return out
}

// schemaOf is a tool's properties and their types, as the assistant reads them.
func schemaOf(t *testing.T, tool *mcp.Tool) map[string]string {
	t.Helper()
	b, err := json.Marshal(tool.InputSchema)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Properties map[string]struct {
			Type any `json:"type"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for name, p := range s.Properties {
		typ, ok := p.Type.(string)
		if !ok {
			t.Errorf("%s: %s has no one plain type: %v", tool.Name, name, p.Type)
		}
		out[name] = typ
	}
	return out
}

// snake is a flag's or argument's name as an assistant's argument.
func snake(name string) string { return strings.ReplaceAll(strings.ToLower(name), "-", "_") }

// flagType is the JSON type a flag's value takes for an assistant.
func flagType(fl *pflag.Flag) string {
	switch fl.Value.Type() {
	case "bool":
		return "boolean"
	case "int":
		return "integer"
	case "stringSlice", "stringArray":
		return "array"
	}
	return "string"
}

// TestMCPToolsAreTheirCommands: every record's tool is listed (with --allow-writes),
// and its arguments are its command's: each positional argument by name (or the
// standard input the tool names in its place), each flag in snake_case with its type
// but those the tool leaves out (each a flag the command has) and the output flags;
// across a set, location. A flag that writes a file, or that a session over ssh may
// not give, is never an argument.
func TestMCPToolsAreTheirCommands(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	_, listed := toolsOf(t, h, "--allow-writes")
	tree := treeOf(nil)
	records := recordTools(tree)
	if len(listed) != len(records) {
		t.Errorf("%d tools listed, %d in the records", len(listed), len(records))
	}
	for name, tool := range listed {
		rt, ok := records[name]
		if !ok {
			t.Errorf("tool %s has no record", name)
			continue
		}
		c := rt.rec.Cobra
		want := map[string]string{}
		for i, arg := range cmdutil.ArgNames(c) {
			if rt.tool.Stdin != "" && slices.ContainsFunc(rt.rec.Files, func(f cmdutil.File) bool { return f.Flag == "" && f.Arg == i }) {
				want[rt.tool.Stdin] = "string"
				continue
			}
			want[snake(arg)] = "string"
		}
		setLeft := map[string]bool{"profiles": true, "all-profiles": true, "concurrency": true}
		c.LocalFlags().VisitAll(func(fl *pflag.Flag) {
			_, left := rt.tool.Leave[fl.Name]
			switch {
			case left, fl.Hidden, slices.Contains([]string{"help", "json", "jq", "template"}, fl.Name), rt.rec.Set != nil && setLeft[fl.Name]:
			default:
				want[snake(fl.Name)] = flagType(fl)
			}
		})
		for flag := range rt.tool.Leave {
			if c.Flags().Lookup(flag) == nil {
				t.Errorf("%s leaves out --%s, which %s does not have", name, flag, c.CommandPath())
			}
		}
		for _, f := range rt.rec.Files {
			if _, left := rt.tool.Leave[f.Flag]; f.Flag != "" && f.Writes && !left {
				t.Errorf("%s takes --%s, which writes a file", name, f.Flag)
			}
		}
		for flag := range rt.rec.SessionRefuses {
			if _, left := rt.tool.Leave[flag]; !left {
				t.Errorf("%s takes --%s, which a session over ssh may not give", name, flag)
			}
		}
		if rt.rec.Set != nil {
			want["location"] = "string"
		}
		got := schemaOf(t, tool)
		for arg, typ := range want {
			if got[arg] != typ {
				t.Errorf("%s (%s): argument %s is %q, want %q as its command has it", name, c.CommandPath(), arg, got[arg], typ)
			}
		}
		for arg := range got {
			if _, ok := want[arg]; !ok {
				t.Errorf("%s (%s): argument %s is none of its command's", name, c.CommandPath(), arg)
			}
		}
	}
}

// toolSamples are values for the arguments a tool requires.
var toolSamples = map[string]any{
	"funnel_id": clitest.SeedTrialFunnel, "page_id": clitest.SeedLandingPage, "text": "trial", "a": "@cached", "b": "@cached",
	"rows": "domain,path,target,action\noffers.lakesidefit.com,/from-a-tool,https://offers.lakesidefit.com/spring-sale,url\n",
}

// TestReadOnlyListsNoWrite: without --allow-writes the tools of commands that write
// are left out (but for a plan), and every tool listed, called with what it
// requires, never meets the client's refusal of a write: a command that writes and
// says it only reads would. The check looks no name up ([check] no_dns): the seed's
// domains are no test's to ask for.
func TestReadOnlyListsNoWrite(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	conf := filepath.Join(h.Vars["XDG_CONFIG_HOME"], "funnels", "config.toml")
	if err := os.MkdirAll(filepath.Dir(conf), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(conf, []byte("[check]\nno_dns = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, listed := toolsOf(t, h)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	for name, rt := range recordTools(treeOf(nil)) {
		if writes := rt.rec.Writes != "" && !rt.tool.Plans; writes == (listed[name] != nil) {
			t.Errorf("%s: writes %v, listed read-only %v", name, writes, listed[name] != nil)
		}
	}
	for name, tool := range listed {
		b, _ := json.Marshal(tool.InputSchema)
		var schema struct {
			Required []string `json:"required"`
		}
		_ = json.Unmarshal(b, &schema)
		args := map[string]any{}
		for _, r := range schema.Required {
			v, ok := toolSamples[r]
			if !ok {
				t.Errorf("%s requires %s: give it a sample here", name, r)
				continue
			}
			args[r] = v
		}
		res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, c := range res.Content {
			if text := c.(*mcp.TextContent).Text; strings.Contains(text, "read-only mode is on") && strings.Contains(text, "this command writes") {
				t.Errorf("%s writes, and its record says it reads: %s", name, text)
			}
		}
	}
}
