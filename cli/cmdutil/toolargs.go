package cmdutil

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// ToolArg is one argument of an MCP tool and what of its command it fills.
type ToolArg struct {
	Name string // snake_case
	// Flag is the flag the argument fills ("" for a positional argument or the
	// standard input); Global marks the global --location of a set.
	Flag   string
	Global bool
	// Pos is the place of the positional argument it fills (-1 for none); Stdin marks
	// the text the command reads on standard input.
	Pos   int
	Stdin bool
	// Set marks a flag that names a set of sub-accounts (all_sub_accounts, group):
	// given, it is the set rather than the server's own sub-account.
	Set bool
	// Type is its JSON type: string, boolean, integer, number or array (of strings).
	Type string
	Help string
	// MaxLength bounds a text (0: any); Minimum and Maximum a whole number.
	MaxLength        int
	Minimum, Maximum *int
	Required         bool
	// Default is the value taken when the argument is left out, as the flag reads it
	// ("" for none).
	Default string
}

// toolOutputFlags are the flags no tool takes: a tool always answers with the whole
// --json.
var toolOutputFlags = []string{"help", "json", "jq", "template"}

// setFlagsLeft are the flags of a set an assistant does not give, and why.
var setFlagsLeft = map[string]string{
	"profiles":     "an assistant's runs keep to the server's own sign-in",
	"all-profiles": "an assistant's runs keep to the server's own sign-in",
	"concurrency":  "the server's own setting holds",
}

// ToolArgs are the arguments of tool t of command c: each positional argument (the
// one that names the file to read is the standard input when t has one), each flag
// the tool does not leave out, in the order of the flags' names, and for a command
// that runs across a set the global location (ids separated by commas).
func ToolArgs(c *Command, t Tool) []ToolArg {
	var out []ToolArg
	stdinArg := -1
	if t.Stdin != "" {
		for _, f := range c.Files {
			if f.Flag == "" {
				stdinArg = f.Arg
			}
		}
		out = append(out, ToolArg{Name: t.Stdin, Pos: stdinArg, Stdin: true, Type: "string", Help: t.StdinHelp, Required: true})
	}
	limits := argLimits(c.Cobra)
	for i, name := range ArgNames(c.Cobra) {
		if i == stdinArg {
			continue
		}
		arg := ToolArg{Name: snake(name), Pos: i, Type: "string", Help: "the " + strings.ToLower(name), Required: true}
		if i < len(limits) {
			arg.MaxLength = limits[i]
		}
		out = append(out, arg)
	}
	c.Cobra.LocalFlags().VisitAll(func(fl *pflag.Flag) {
		if _, left := t.Leave[fl.Name]; left || fl.Hidden || slices.Contains(toolOutputFlags, fl.Name) {
			return
		}
		if _, left := setFlagsLeft[fl.Name]; left && c.Set != nil {
			return
		}
		arg := ToolArg{Name: snake(fl.Name), Flag: fl.Name, Pos: -1, Type: jsonType(fl), Help: fl.Usage, Set: c.Set != nil && isSetFlag(fl.Name),
			MaxLength: textLimit(fl)}
		if least, most, ok := bounds(fl); ok {
			arg.Minimum, arg.Maximum = &least, &most
		}
		if d, ok := t.Defaults[fl.Name]; ok {
			arg.Default = d
		} else if arg.Type != "array" && fl.DefValue != "" && fl.DefValue != "0s" && !(arg.Type == "boolean" && fl.DefValue == "false") {
			arg.Default = fl.DefValue
		}
		out = append(out, arg)
	})
	if c.Set != nil {
		out = append(out, ToolArg{Name: "location", Flag: "location", Global: true, Pos: -1, Type: "string",
			Help: "another sub-account of this sign-in (its location id), or several separated by commas to run across them: each record then names its location and locationName, and those that failed are under failures"})
	}
	return out
}

// ArgNames are the names of cmd's positional arguments, as its usage line has them
// (FUNNEL_ID).
func ArgNames(cmd *cobra.Command) []string {
	var out []string
	for _, pair := range strings.Fields(cmd.Annotations[annotationArgs]) {
		name, _, _ := strings.Cut(pair, "=")
		out = append(out, name)
	}
	return out
}

// snake is a flag's or argument's name as a tool's argument: dry-run → dry_run,
// FUNNEL_ID → funnel_id.
func snake(name string) string {
	return strings.ReplaceAll(strings.ToLower(name), "-", "_")
}

// jsonType is the JSON type a flag's value takes.
func jsonType(fl *pflag.Flag) string {
	switch fl.Value.Type() {
	case "bool":
		return "boolean"
	case "int", "int64", "uint", "int32":
		return "integer"
	case "float64", "float32":
		return "number"
	case "stringSlice", "stringArray":
		return "array"
	}
	return "string" // strings, durations (30s, 10m)
}

// isSetFlag reports whether name is a flag that names a set of sub-accounts.
func isSetFlag(name string) bool { return name == "all-sub-accounts" || name == "group" }
