package main

import (
	"context"
	"fmt"
	"strings"
)

// command is one subcommand: it parses its own flags from args and returns an exit code.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *cliEnv, args []string) int
}

// commands lists every subcommand, in the order `funnels help` shows them.
func commands() []command {
	return []command{
		{"login", "sign a profile in (OAuth in a browser or pasted address, or --with-token)", cmdLogin},
		{"logout", "delete a profile's stored token", cmdLogout},
		{"auth", "auth status: how a profile signs in (never the token)", cmdAuth},
		{"config", "config path: where the config file lives", cmdConfig},
		{"sandbox", "serve the embedded funnels API on loopback with seeded data", cmdSandbox},
		{"folders", "what a folder holds: its folders, then its funnels, with ids", headless("folders")},
		{"folder", "folder create: make a folder (it appears at the top level)", headless("folder")},
		{"steps", "the steps of a funnel, in order", headless("steps")},
		{"step", "step create: add a step at the end of a funnel", headless("step")},
		{"pages", "the pages of a funnel, or of one of its steps", headless("pages")},
		{"page", "page get: one page with every field the service sends", headless("page")},
		{"domain", "domain attach: attach a domain to the location", headless("domain")},
		{"event", "event conversion | page-view: send a test event", headless("event")},
		{"api", "call any operation of the API and print its answer (like gh api)", headless("api")},
		{"completion", "print a shell completion script (bash, zsh or fish)", headless("completion")},
		{"version", "print the version", cmdVersion},
	}
}

// run picks the subcommand named by the first argument that is not a flag.
func run(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 {
		return cmdBrowse(ctx, env, args)
	}
	switch args[0] {
	case "help", "-h", "--help":
		printUsage(env)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, env, args[1:])
		}
	}
	if strings.HasPrefix(args[0], "-") {
		return cmdBrowse(ctx, env, args)
	}
	fmt.Fprintf(env.Stderr, "funnels: unknown command %q\n\n", args[0])
	printUsage(env)
	return exitUsage
}

func printUsage(env *cliEnv) {
	fmt.Fprintln(env.Stdout, "funnels — a terminal browser for the funnels of a HighLevel sub-account")
	fmt.Fprintln(env.Stdout, "\nUsage:\n  funnels [--demo] [--profile NAME]   open the browser\n  funnels COMMAND [flags]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(env.Stdout, "  %-11s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(env.Stdout, "\nFlags of the browser (funnels [flags]):")
	fs, _, _ := browseFlags(env.Stdout)
	fs.PrintDefaults()
	fmt.Fprintln(env.Stdout, "\nRun 'funnels COMMAND --help' for a command's flags.")
}

func cmdVersion(_ context.Context, env *cliEnv, _ []string) int {
	fmt.Fprintf(env.Stdout, "funnels %s\n", version)
	return exitOK
}
