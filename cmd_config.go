package main

import (
	"context"
	"fmt"

	"github.com/funnelsdev/funnels/config"
)

const configUsage = `Usage: funnels config path

Prints where the config file lives ($XDG_CONFIG_HOME/funnels/config.toml); it may not
exist yet. See README.md for a commented example.

Example:
  $EDITOR "$(funnels config path)"
`

// cmdConfig groups the config subcommands.
func cmdConfig(_ context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, configUsage)
		return exitUsage
	}
	switch args[0] {
	case "path":
		if len(args) > 1 {
			if args[1] == "-h" || args[1] == "--help" || args[1] == "-help" {
				fmt.Fprint(env.Stdout, configUsage)
				return exitOK
			}
			fmt.Fprintf(env.Stderr, "funnels config path: unexpected argument %q\n", args[1])
			return exitUsage
		}
		fmt.Fprintln(env.Stdout, config.Path(env.Getenv))
		return exitOK
	case "-h", "-help", "--help", "help":
		fmt.Fprint(env.Stdout, configUsage)
		return exitOK
	}
	fmt.Fprintf(env.Stderr, "funnels config: unknown subcommand %q\n\n%s", args[0], configUsage)
	return exitUsage
}
