package main

import (
	"errors"
	"flag"
)

// parseWithHelp parses args into fs. --help (anywhere before "--") prints the usage
// to stdout, where a person asked for it, and ends the command with 0; a bad flag has
// already been reported on stderr by fs and ends it with 2.
func parseWithHelp(env *cliEnv, fs *flag.FlagSet, args []string) (code int, done bool) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" || a == "--h" {
			fs.SetOutput(env.Stdout)
			fs.Usage()
			return exitOK, true
		}
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, true
		}
		return exitUsage, true
	}
	return exitOK, false
}
