package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/funnelsdev/funnels/config"
)

// The headless commands are described by one table (headlessSpecs): each entry says
// how its command line parses, what --help prints and what shell completion offers,
// so the three cannot drift apart.

// argDef is one positional argument of a command.
type argDef struct {
	name   string          // as --help shows it: FUNNEL_ID
	field  string          // the field name its validation errors carry ("funnelId")
	values func() []string // what completion offers; nil: free text
}

// flagDef is one flag of a command.
type flagDef struct {
	name   string          // without dashes
	meta   string          // the value's name in --help (ID, /PATH); "" makes it a switch
	usage  string          // one line for --help
	field  string          // JSON path of the request field it fills, so errors name the flag
	values func() []string // what completion offers; nil: free text
	repeat bool            // may be given more than once; read with invocation.list
	def    string          // value when not given
}

// cmdSpec is one headless command.
type cmdSpec struct {
	path     string // words after "funnels": "step create"
	summary  string // one line, for group help
	synopsis string // the usage line, without "Usage: "
	about    string // what it does, for --help
	example  string // one or more example lines
	args     []argDef
	flags    []flagDef
	api      bool // takes the settings flags (--base-url, --token, --location, --profile)
	run      func(*invocation) int
}

// invocation is one parsed command line: what a command's run function works from.
type invocation struct {
	ctx    context.Context
	env    *cliEnv
	spec   *cmdSpec
	args   []string
	global config.Flags
	strs   map[string]*string
	lists  map[string]*[]string
	bools  map[string]*bool
	given  map[string]bool
}

// str is the value of a flag with a value. Asking for a flag the spec does not have
// is a programming error, caught by the tests.
func (in *invocation) str(name string) string {
	p, ok := in.strs[name]
	if !ok {
		panic("funnels " + in.spec.path + ": no flag --" + name)
	}
	return *p
}

// list is every value of a repeatable flag, in order.
func (in *invocation) list(name string) []string {
	p, ok := in.lists[name]
	if !ok {
		panic("funnels " + in.spec.path + ": no repeatable flag --" + name)
	}
	return *p
}

// on is the value of a switch.
func (in *invocation) on(name string) bool {
	p, ok := in.bools[name]
	if !ok {
		panic("funnels " + in.spec.path + ": no switch --" + name)
	}
	return *p
}

// wantsJSON reports --json.
func (in *invocation) wantsJSON() bool { _, ok := in.bools["json"]; return ok && in.on("json") }

// jsonFlag is the --json switch every listing and write command has.
func jsonFlag() flagDef {
	return flagDef{name: "json", usage: "print the result as JSON on standard output (messages stay on standard error)"}
}

// runHeadless runs the command (or group of commands) named top.
func runHeadless(ctx context.Context, env *cliEnv, top string, args []string) int {
	specs := headlessSpecs()
	var subs []*cmdSpec
	for i := range specs {
		s := &specs[i]
		if s.path == top {
			return s.invoke(ctx, env, args)
		}
		if strings.HasPrefix(s.path, top+" ") {
			subs = append(subs, s)
		}
	}
	if len(subs) == 0 {
		fmt.Fprintf(env.Stderr, "funnels: unknown command %q\n", top)
		return exitUsage
	}
	if len(args) == 0 {
		printGroupHelp(env.Stderr, top, subs)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		printGroupHelp(env.Stdout, top, subs)
		return exitOK
	}
	for _, s := range subs {
		if s.path == top+" "+args[0] {
			return s.invoke(ctx, env, args[1:])
		}
	}
	fmt.Fprintf(env.Stderr, "funnels %s: unknown subcommand %q\n\n", top, args[0])
	printGroupHelp(env.Stderr, top, subs)
	return exitUsage
}

func printGroupHelp(w io.Writer, top string, subs []*cmdSpec) {
	fmt.Fprintf(w, "Usage: funnels %s COMMAND [flags]\n\nCommands:\n", top)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, s := range subs {
		fmt.Fprintf(tw, "  %s\t%s\n", strings.TrimPrefix(s.path, top+" "), s.summary)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nRun 'funnels %s COMMAND --help' for a command's flags and an example.\n", top)
}

// invoke parses args and runs the command.
func (s *cmdSpec) invoke(ctx context.Context, env *cliEnv, args []string) int {
	in, code, done := s.parse(ctx, env, args)
	if done {
		return code
	}
	return s.run(in)
}

// parse reads the command line: flags anywhere among the positional arguments (as gh
// allows), "--" ends the flags. done says the command ends here with code.
func (s *cmdSpec) parse(ctx context.Context, env *cliEnv, args []string) (in *invocation, code int, done bool) {
	fs := flag.NewFlagSet("funnels "+s.path, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are worded below; help is ours
	fs.Usage = func() {}
	in = &invocation{ctx: ctx, env: env, spec: s, strs: map[string]*string{}, lists: map[string]*[]string{},
		bools: map[string]*bool{}, given: map[string]bool{}}
	if s.api {
		in.global.Register(fs)
	}
	for _, f := range s.flags {
		switch {
		case f.meta == "":
			in.bools[f.name] = fs.Bool(f.name, false, f.usage)
		case f.repeat:
			var vals []string
			in.lists[f.name] = &vals
			fs.Func(f.name, f.usage, func(v string) error { vals = append(vals, v); return nil })
		default:
			in.strs[f.name] = fs.String(f.name, f.def, f.usage)
		}
	}
	pos, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		s.printHelp(env.Stdout)
		return nil, exitOK, true
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "funnels %s: %v\nRun 'funnels %s --help' for usage.\n", s.path, err, s.path)
		return nil, exitUsage, true
	}
	fs.Visit(func(f *flag.Flag) { in.given[f.Name] = true })
	switch {
	case len(pos) < len(s.args):
		fmt.Fprintf(env.Stderr, "funnels %s: %s is required\nUsage: %s\n", s.path, s.args[len(pos)].name, s.synopsis)
		return nil, exitUsage, true
	case len(pos) > len(s.args):
		fmt.Fprintf(env.Stderr, "funnels %s: unexpected argument %s\nUsage: %s\n", s.path, quoteInput(pos[len(s.args)]), s.synopsis)
		return nil, exitUsage, true
	}
	in.args = pos
	return in, exitOK, false
}

// parseInterleaved parses flags that may come before, between or after positional
// arguments, and returns the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// printHelp writes the command's --help: usage, what it does, an example and every
// flag, the settings flags included.
func (s *cmdSpec) printHelp(w io.Writer) {
	fmt.Fprintf(w, "Usage: %s\n\n%s\n\nExample:\n", s.synopsis, strings.TrimSpace(s.about))
	for _, line := range strings.Split(strings.TrimSpace(s.example), "\n") {
		fmt.Fprintf(w, "  %s\n", strings.TrimSpace(line))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\nFlags:")
	for _, f := range s.flags {
		usage := f.usage
		if f.values != nil {
			usage += " (" + strings.Join(f.values(), ", ") + ")"
		}
		if f.def != "" {
			usage += " (default " + f.def + ")"
		}
		fmt.Fprintf(tw, "  %s\t%s\n", flagSynopsis(f.name, f.meta), usage)
	}
	fmt.Fprintf(tw, "  %s\t%s\n", "-h, --help", "show this help")
	if s.api {
		fmt.Fprintln(tw, "\nSettings (flags beat environment beat the config file):")
		for _, g := range globalFlags() {
			fmt.Fprintf(tw, "  %s\t%s\n", flagSynopsis(g.name, g.meta), g.usage)
		}
	}
	tw.Flush()
}

func flagSynopsis(name, meta string) string {
	if meta == "" {
		return "--" + name
	}
	return "--" + name + " " + meta
}

// globalFlags are the settings flags of config.Flags.Register, read from a flag set
// so that help and completion follow that package.
func globalFlags() []flagDef {
	fs := flag.NewFlagSet("settings", flag.ContinueOnError)
	var f config.Flags
	f.Register(fs)
	var out []flagDef
	fs.VisitAll(func(fl *flag.Flag) {
		meta, usage := flag.UnquoteUsage(fl)
		out = append(out, flagDef{name: fl.Name, meta: strings.ToUpper(meta), usage: usage})
	})
	return out
}

// labelFor names a request field the way the user typed it: the flag or argument
// that filled it, else the field itself.
func (s *cmdSpec) labelFor(field string) string {
	for _, f := range s.flags {
		if f.field == field {
			return "--" + f.name
		}
	}
	for _, a := range s.args {
		if a.field == field {
			return a.name
		}
	}
	return field
}

// quoteInput quotes what someone typed for a message, cut short when long.
func quoteInput(s string) string {
	const max = 80
	if len(s) > max {
		return fmt.Sprintf("%q…", s[:max])
	}
	return fmt.Sprintf("%q", s)
}
