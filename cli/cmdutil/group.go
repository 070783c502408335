package cmdutil

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// Visit calls fn on c and every command under it.
func Visit(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		Visit(sub, fn)
	}
}

// groupCommand is the cobra command of a noun whose verbs are its subcommands
// (`funnels folder create`). On its own it is a usage error naming the verbs; an
// unknown verb is one with a "did you mean".
func groupCommand(use, short string) *cobra.Command {
	g := &cobra.Command{
		Use:   use,
		Short: short,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return UnknownCommand(cmd, args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			var names []string
			for _, c := range cmd.Commands() {
				if c.IsAvailableCommand() {
					names = append(names, c.Name())
				}
			}
			return SyntaxError("a command is needed: %s", strings.Join(names, ", "))
		},
	}
	return g
}

// UnknownCommand is the usage error for a word that names no command of cmd, with
// the commands it is close to.
func UnknownCommand(cmd *cobra.Command, word string) error {
	msg := fmt.Sprintf("unknown command %s for %q", QuoteInput(word), cmd.CommandPath())
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2
	}
	if s := cmd.SuggestionsFor(word); len(s) > 0 {
		msg += "; did you mean " + OrList(s) + "?"
	}
	return SyntaxError("%s", msg)
}
