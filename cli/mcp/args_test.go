package mcp

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// TestArgumentsAsClientsSendThem: the shapes the official Inspector and other
// clients send — every value as text, digits read as a number, a list as its JSON
// text, null for what was left out — make the same command line as plain JSON
// types; a value that cannot be one is refused, naming the argument.
func TestArgumentsAsClientsSendThem(t *testing.T) {
	tool := fuzzTool()
	s := &server{}
	for _, c := range []struct {
		raw   string
		flags []string // the words between the command's name and --json
		text  string   // the positional argument
	}{
		{`{"text":"a","dry_run":false,"limit":5,"kind":["page","step"]}`, []string{"--dry-run=false", "--kind=page", "--kind=step", "--limit=5"}, "a"},
		{`{"text":"a","dry_run":"false","limit":"5","kind":"[\"page\",\"step\"]"}`, []string{"--dry-run=false", "--kind=page", "--kind=step", "--limit=5"}, "a"},
		{`{"text":"a","dry_run":"TRUE","kind":"page,step"}`, []string{"--dry-run=true", "--kind=page,step"}, "a"},
		{`{"text":12345,"name":true}`, []string{"--name=true"}, "12345"},
		{`{"text":"a","name":null,"dry_run":null,"limit":null,"kind":null}`, nil, "a"},
		{`{"text":"a","kind":[1,"x"]}`, []string{"--kind=1", "--kind=x"}, "a"},
		{`{"text":"a","kind":"[oops"}`, []string{"--kind=[oops"}, "a"},
	} {
		l, err := s.commandLine(tool, json.RawMessage(c.raw))
		if err != nil {
			t.Errorf("%s: %v", c.raw, err)
			continue
		}
		want := append(append([]string{"thing"}, c.flags...), "--json", "--", c.text)
		if !slices.Equal(l.args, want) {
			t.Errorf("%s:\n got %q\nwant %q", c.raw, l.args, want)
		}
	}
	for raw, names := range map[string]string{
		`{"text":null}`:                   "text is required",
		`{"text":"a","dry_run":"nope"}`:   "dry_run must be true or false",
		`{"text":"a","limit":"5.5"}`:      "limit must be a whole number",
		`{"text":"a","kind":[["x"]]}`:     "kind must be a list of strings",
		`{"text":"a","kind":{"x":1}}`:     "kind must be a list of strings",
		`{"text":["a"]}`:                  "text must be a string",
		`{"text":"a","funnelId":"x"}`:     `takes no argument "funnelId"`,
		`{"text":"a","name":{"first":1}}`: "name must be a string",
	} {
		_, err := s.commandLine(tool, json.RawMessage(raw))
		if err == nil || !strings.Contains(err.Error(), names) || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
			t.Errorf("%s: %v, want a usage error saying %q", raw, err, names)
		}
	}
}

// TestStdinTakesTextOrJSON: the argument a command reads on standard input takes
// text as it is and a JSON array or object as its JSON text (rows as objects read
// as a JSON file of them); a number or a boolean is refused.
func TestStdinTakesTextOrJSON(t *testing.T) {
	cmd := &cobra.Command{Use: "load"}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "FILE", Field: "file"})
	(&cobra.Command{Use: "funnels"}).AddCommand(cmd)
	c := &cmdutil.Command{Cobra: cmd, Files: []cmdutil.File{{}}, Tools: []cmdutil.Tool{{Name: "load", Stdin: "rows", StdinHelp: "rows"}}}
	tool := toolOf{cmd: c, tool: c.Tools[0], args: cmdutil.ToolArgs(c, c.Tools[0])}
	s := &server{}
	for raw, want := range map[string]string{
		`{"rows":"domain,path\na.example.com,/x\n"}`:        "domain,path\na.example.com,/x\n",
		`{"rows":[{"domain":"a.example.com","path":"/x"}]}`: `[{"domain":"a.example.com","path":"/x"}]`,
		`{"rows": {"redirects":[]} }`:                       `{"redirects":[]}`,
	} {
		l, err := s.commandLine(tool, json.RawMessage(raw))
		if err != nil || l.stdin != want || !slices.Equal(l.args, []string{"load", "--json", "--", "-"}) {
			t.Errorf("%s: %q %q %v, want standard input %q", raw, l.args, l.stdin, err, want)
		}
	}
	for _, raw := range []string{`{"rows":5}`, `{"rows":true}`, `{"rows":null}`, `{}`} {
		if _, err := s.commandLine(tool, json.RawMessage(raw)); err == nil || !strings.Contains(err.Error(), "rows") {
			t.Errorf("%s: %v, want a refusal naming rows", raw, err)
		}
	}
}
