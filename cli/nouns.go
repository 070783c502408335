package cli

import (
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/cli/api"
	"github.com/funnelsdev/funnels/cli/cache"
	"github.com/funnelsdev/funnels/cli/check"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/doctor"
	"github.com/funnelsdev/funnels/cli/domain"
	"github.com/funnelsdev/funnels/cli/event"
	"github.com/funnelsdev/funnels/cli/export"
	"github.com/funnelsdev/funnels/cli/find"
	"github.com/funnelsdev/funnels/cli/folders"
	"github.com/funnelsdev/funnels/cli/login"
	"github.com/funnelsdev/funnels/cli/mcp"
	"github.com/funnelsdev/funnels/cli/pages"
	"github.com/funnelsdev/funnels/cli/redirects"
	"github.com/funnelsdev/funnels/cli/steps"
	"github.com/funnelsdev/funnels/cli/team"
)

// noun is a package's commands as the root holds them: the names a command line
// calls them by, and how they are built. whole marks a command that reads every
// other (the manual, the completion scripts): its run builds them all.
type noun struct {
	names []string
	build func(f *cmdutil.Factory) []*cmdutil.Command
	whole bool
}

// nouns are the commands under the root, in the order the MCP server lists their
// tools. A run builds the root and only the noun its command line names (treeFor):
// every command's flags, help and completion are a few hundred kilobytes made
// before anything runs. The tests hold each entry's names to what it builds.
func nouns(assistant mcp.Surface) []noun {
	return []noun{
		{[]string{"folders", "folder"}, folders.Commands, false},
		{[]string{"steps", "step"}, steps.Commands, false},
		{[]string{"pages", "page"}, pages.Commands, false},
		{[]string{"domain"}, domain.Commands, false},
		{[]string{"redirects"}, redirects.Commands, false},
		{[]string{"event"}, event.Commands, false},
		{[]string{"api"}, api.Commands, false},
		{[]string{"find"}, find.Commands, false},
		{[]string{"index", "cache", "changes", "watch"}, cache.Commands, false},
		{[]string{"export", "diff"}, export.Commands, false},
		{[]string{"login", "logout", "auth"}, login.Commands, false},
		{[]string{"doctor"}, doctor.Commands, false},
		{[]string{"check"}, check.Commands, false},
		{[]string{"config"}, one(newCmdConfig), false},
		{[]string{"mcp"}, func(f *cmdutil.Factory) []*cmdutil.Command { return []*cmdutil.Command{mcp.NewCmdMCP(f, assistant)} }, false},
		{[]string{"sandbox"}, one(newCmdSandbox), false},
		{[]string{"serve"}, one(newCmdServe), false},
		{[]string{"audit"}, one(team.NewCmdAudit), false},
		{[]string{"completion"}, one(newCmdCompletion), true},
		{[]string{"version"}, one(newCmdVersion), false},
		{[]string{"man"}, one(newCmdMan), true},
	}
}

// one is a noun of one command.
func one(build func(f *cmdutil.Factory) *cmdutil.Command) func(f *cmdutil.Factory) []*cmdutil.Command {
	return func(f *cmdutil.Factory) []*cmdutil.Command { return []*cmdutil.Command{build(f)} }
}

// nounsFor are the nouns a run of args needs, args read against the root's flags:
// the one its command line names; none when it names no command (the browser,
// --version), but for help; all of them where help, completion, the manual or an
// unknown word must see every command, or where the word cannot be told without
// them (a flag the root does not know, "--").
func nounsFor(all []noun, rootFlags *pflag.FlagSet, args []string) []noun {
	word, known := commandWord(rootFlags, args)
	switch {
	case !known:
		return all
	case word == "":
		if asksHelp(args) {
			return all
		}
		return nil
	}
	for _, n := range all {
		if slices.Contains(n.names, word) && !n.whole {
			return []noun{n}
		}
	}
	return all // help, completion, cobra's own __complete, an unknown word
}

// commandWord is the first word of args that is neither a flag of the root nor a
// flag's value: the name of the command run; "" when there is none. known is false
// when the word cannot be told from the root's flags alone: a flag it does not
// know (whose value may be the next word), "--".
func commandWord(rootFlags *pflag.FlagSet, args []string) (word string, known bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return "", false
		case len(a) > 1 && a[0] == '-':
			name, _, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
			fl := rootFlags.Lookup(name)
			if fl == nil && len(a) == 2 {
				fl = rootFlags.ShorthandLookup(name)
			}
			switch {
			case fl == nil && isHelpOrVersion(name):
			case fl == nil:
				return "", false
			case !inline && fl.NoOptDefVal == "":
				i++ // its value is the next word
			}
		default:
			return a, true
		}
	}
	return "", true
}

// isHelpOrVersion reports whether name is one of the flags cobra gives the root
// when it runs: --help, -h, --version, -v.
func isHelpOrVersion(name string) bool {
	return name == "help" || name == "h" || name == "version" || name == "v"
}

// asksHelp reports whether args ask for help (-h, --help, -help).
func asksHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if name := strings.TrimLeft(a, "-"); a != name && (name == "help" || name == "h") {
			return true
		}
	}
	return false
}
