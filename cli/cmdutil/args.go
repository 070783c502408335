package cmdutil

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Annotations a command carries for the error report and the argument rules.
const (
	annotationJSON  = "funnels_json"  // the command has --json
	annotationArgs  = "funnels_args"  // "FUNNEL_ID=funnelId PAGE_ID=id": arguments and the request fields they fill
	annotationField = "funnels_field" // on a flag: the request field it fills ("step.name")
)

func withAnnotation(m map[string]string, key, value string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[key] = value
	return m
}

// Arg is one positional argument: its name in the usage line and the request field
// it fills, so a refused value is reported by the name the user knows; Max, when
// not 0, bounds it to text of at most so many characters (checked once the command
// line is parsed, before the command runs).
type Arg struct {
	Name, Field string
	Max         int
}

// Positional is the Args rule of a command taking exactly these arguments:
// "FUNNEL_ID is required" or "unexpected argument", both usage errors.
func Positional(cmd *cobra.Command, args ...Arg) cobra.PositionalArgs {
	var names, maxes []string
	for _, a := range args {
		names = append(names, a.Name+"="+a.Field)
		maxes = append(maxes, strconv.Itoa(a.Max))
	}
	cmd.Annotations = withAnnotation(cmd.Annotations, annotationArgs, strings.Join(names, " "))
	cmd.Annotations = withAnnotation(cmd.Annotations, annotationArgMax, strings.Join(maxes, " "))
	return func(cmd *cobra.Command, got []string) error {
		switch {
		case len(got) < len(args):
			return SyntaxError("%s is required", args[len(got)].Name)
		case len(got) > len(args):
			return SyntaxError("unexpected argument %s", QuoteInput(got[len(args)]))
		}
		return nil
	}
}

// FieldFlag marks flag name of cmd as filling the request field field.
func FieldFlag(cmd *cobra.Command, name, field string) {
	_ = cmd.Flags().SetAnnotation(name, annotationField, []string{field})
}

// labelFor names a request field the way the user typed it: the flag or argument of
// cmd that filled it, else the field itself.
func labelFor(cmd *cobra.Command, field string) string {
	if cmd == nil {
		return field
	}
	label := ""
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if v := f.Annotations[annotationField]; label == "" && len(v) == 1 && v[0] == field {
			label = "--" + f.Name
		}
	})
	if label != "" {
		return label
	}
	for _, pair := range strings.Fields(cmd.Annotations[annotationArgs]) {
		if name, f, _ := strings.Cut(pair, "="); f == field {
			return name
		}
	}
	return field
}

// ClaimJSONFields reads "--json id,name" the way a person means it. A bare --json
// takes no value (it asks for the whole result), so pflag would leave "id,name" as an
// argument; when the command has no room for one more argument, the word after --json
// is its field list instead, and args is rewritten to say --json=id,name. Everything
// else is left to the parse.
func ClaimJSONFields(root *cobra.Command, args []string) []string {
	cmd, rest, err := root.Find(args)
	if err != nil || cmd == nil || cmd.Annotations[annotationJSON] == "" || cmd.Args == nil {
		return args
	}
	flags := cmd.Flags()
	flags.AddFlagSet(cmd.InheritedFlags())
	for i := 0; i < len(args)-1; i++ {
		if args[i] == "--" {
			break
		}
		if args[i] != "--json" || strings.HasPrefix(args[i+1], "-") {
			continue
		}
		with := positionals(flags, rest)
		without := positionals(flags, withoutWord(rest, args[i+1]))
		if cmd.Args(cmd, with) != nil && cmd.Args(cmd, without) == nil {
			out := append([]string(nil), args[:i]...)
			out = append(out, "--json="+args[i+1])
			return append(out, args[i+2:]...)
		}
	}
	return args
}

// withoutWord is args without the word after the first bare --json.
func withoutWord(args []string, word string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		if args[i] == "--json" && i+1 < len(args) && args[i+1] == word {
			out = append(out, args[i])
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// positionals are the words of args that are not flags or flag values.
func positionals(flags *pflag.FlagSet, args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(out, args[i+1:]...)
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			if f := flags.Lookup(name); f != nil && !hasValue && f.NoOptDefVal == "" {
				i++
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if f := flags.ShorthandLookup(a[len(a)-1:]); f != nil && f.NoOptDefVal == "" {
				i++
			}
		default:
			out = append(out, a)
		}
	}
	return out
}

// LongFlagsWithOneDash spells "-name" as "--name" where name is a long flag of the
// command args names (its own or a global one): the Go flag syntax earlier versions
// took, kept so that scripts written for them still run. Shorthands (-h, -v) and
// everything after "--" are left alone.
func LongFlagsWithOneDash(root *cobra.Command, args []string) []string {
	globals := root.Flags()
	globals.AddFlagSet(root.PersistentFlags())
	args = doubleDash(globals, args) // first the global ones, so the command can be found
	cmd, _, err := root.Find(args)
	if err != nil || cmd == nil {
		return args
	}
	flags := cmd.Flags()
	flags.AddFlagSet(cmd.InheritedFlags())
	return doubleDash(flags, args)
}

// doubleDash is args with "-name" written "--name" for each long flag name of flags
// (not where it is the value of the flag before it).
func doubleDash(flags *pflag.FlagSet, args []string) []string {
	out := slices.Clone(args)
	for i, a := range out {
		if a == "--" {
			break
		}
		if i > 0 && takesValue(flags, out[i-1]) {
			continue
		}
		if len(a) < 3 || a[0] != '-' || a[1] == '-' {
			continue
		}
		if name, _, _ := strings.Cut(a[1:], "="); len(name) > 1 && flags.Lookup(name) != nil {
			out[i] = "-" + a
		}
	}
	return out
}

// takesValue reports whether the word a is a flag whose value may be the next word:
// one of flags that takes a value, or one flags does not know.
func takesValue(flags *pflag.FlagSet, a string) bool {
	name, ok := strings.CutPrefix(a, "--")
	if !ok || name == "" || strings.Contains(name, "=") {
		return false
	}
	f := flags.Lookup(name)
	return f == nil || f.NoOptDefVal == ""
}
