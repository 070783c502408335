package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/funnelsdev/funnels/config"
)

// shells are the shells `funnels completion` writes scripts for.
func shells() []string { return []string{"bash", "zsh", "fish"} }

func completionSpec() cmdSpec {
	return cmdSpec{
		path:     "completion",
		summary:  "print a shell completion script (bash, zsh or fish)",
		synopsis: "funnels completion bash|zsh|fish",
		about: `Prints a script that completes every funnels command, subcommand and flag, and the
values of flags that take one of a few (--type, --event-name, …). Load it from your
shell's start-up file.`,
		example: `source <(funnels completion bash)                               # in ~/.bashrc
funnels completion zsh > "${fpath[1]}/_funnels"                 # then restart zsh
funnels completion fish > ~/.config/fish/completions/funnels.fish`,
		args: []argDef{{name: "SHELL", field: "shell", values: shells}},
		run:  runCompletion,
	}
}

func runCompletion(in *invocation) int {
	var write func(io.Writer, []compNode) error
	switch in.args[0] {
	case "bash":
		write = writeBashCompletion
	case "zsh":
		write = writeZshCompletion
	case "fish":
		write = writeFishCompletion
	default:
		return in.usageError("SHELL must be %s (got %s)", strings.Join(shells(), ", "), quoteInput(in.args[0]))
	}
	if err := write(in.env.Stdout, completionTree()); err != nil {
		return in.fail(fmt.Errorf("write the script: %w", err))
	}
	return exitOK
}

// compNode is one command path of the completion tree: the words that may follow it
// (subcommands), its flags and its positional arguments.
type compNode struct {
	path  string // "" is funnels itself
	words []compWord
	flags []flagDef
	args  []argDef
}

type compWord struct{ name, summary string }

// completionTree is every command path of funnels. The top-level words come from
// commands(); the headless commands from their table; the other commands from
// otherCommandFlags, which the tests compare with their --help.
func completionTree() []compNode {
	help := flagDef{name: "help", usage: "show help"}
	root := compNode{path: "", flags: append(otherCommandFlags(""), help)}
	for _, c := range commands() {
		root.words = append(root.words, compWord{c.name, c.summary})
	}
	root.words = append(root.words, compWord{"help", "show every command"})
	nodes := []compNode{root}

	var groups []compNode
	for _, s := range headlessSpecs() {
		flags := slices.Clone(s.flags)
		if s.api {
			flags = append(flags, globalFlags()...)
		}
		nodes = append(nodes, compNode{path: s.path, flags: append(flags, help), args: s.args})
		top, sub, found := strings.Cut(s.path, " ")
		if !found {
			continue
		}
		i := slices.IndexFunc(groups, func(g compNode) bool { return g.path == top })
		if i < 0 {
			groups = append(groups, compNode{path: top, flags: []flagDef{help}})
			i = len(groups) - 1
		}
		groups[i].words = append(groups[i].words, compWord{sub, s.summary})
	}
	nodes = append(nodes, groups...)
	for _, path := range []string{"login", "logout", "auth", "auth status", "config", "config path", "sandbox", "version"} {
		n := compNode{path: path, flags: append(otherCommandFlags(path), help)}
		switch path {
		case "auth":
			n.words = []compWord{{"status", "how a profile signs in"}}
		case "config":
			n.words = []compWord{{"path", "where the config file lives"}}
		}
		nodes = append(nodes, n)
	}
	return nodes
}

// surfaces are the values of --surface.
func surfaces() []string { return []string{"seed", "public"} }

// otherCommandFlags are the flags of the commands that are not in the headless
// table (funnels itself, login, sandbox, …). TestCompletionCoversOtherCommands keeps
// this list equal to what their --help prints.
func otherCommandFlags(path string) []flagDef {
	switch path {
	case "":
		return append(globalFlags(), flagDef{name: "demo", usage: "browse the embedded sandbox's demo data"},
			flagDef{name: "surface", meta: "SURFACE", usage: "with --demo: seed or public", values: surfaces})
	case "login":
		fs := flag.NewFlagSet("login", flag.ContinueOnError)
		var f config.Flags
		f.RegisterLogin(fs)
		out := globalFlags()
		fs.VisitAll(func(fl *flag.Flag) {
			meta, usage := flag.UnquoteUsage(fl)
			out = append(out, flagDef{name: fl.Name, meta: strings.ToUpper(meta), usage: usage})
		})
		return append(out,
			flagDef{name: "no-browser", usage: "do not open a browser; only print the address"},
			flagDef{name: "with-token", usage: "read a private integration token from standard input and store it"})
	case "logout", "auth status":
		return globalFlags()
	case "sandbox":
		return []flagDef{
			{name: "addr", meta: "HOST:PORT", usage: "listen on this loopback address"},
			{name: "limit", meta: "N", usage: "requests per window per token"},
			{name: "window", meta: "DURATION", usage: "rate-limit window"},
			{name: "token-ttl", meta: "DURATION", usage: "lifetime of OAuth access tokens"},
			{name: "latency", meta: "DURATION", usage: "random extra delay on every API request"},
			{name: "error-rate", meta: "SHARE", usage: "share of API requests answered 500/502/503"},
			{name: "drop-rate", meta: "SHARE", usage: "share of API requests whose connection is dropped"},
			{name: "truncate-rate", meta: "SHARE", usage: "share of API answers cut in half"},
			{name: "token", meta: "TOKEN", usage: "full-scope demo token"},
			{name: "readonly-token", meta: "TOKEN", usage: "read-only token"},
			{name: "dialect", meta: "LIST", usage: "answer in other shapes",
				values: func() []string {
					return []string{"bare", "wrapped", "plain-ids", "camel", "string-numbers", "summaries"}
				}},
			{name: "surface", meta: "SURFACE", usage: "seed or public", values: surfaces},
		}
	}
	return nil
}
