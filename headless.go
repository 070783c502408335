package main

import "context"

// headlessSpecs is the one table of the headless commands for scripts and CI: their
// flags, help and completion all come from here (cli_spec.go).
func headlessSpecs() []cmdSpec {
	return []cmdSpec{
		foldersSpec(), folderCreateSpec(),
		stepsSpec(), stepCreateSpec(),
		pagesSpec(), pageGetSpec(),
		domainAttachSpec(),
		eventConversionSpec(), eventPageViewSpec(),
		apiSpec(),
		completionSpec(),
	}
}

// headless is the run function of commands() for the headless command (or group)
// named top.
func headless(top string) func(context.Context, *cliEnv, []string) int {
	return func(ctx context.Context, env *cliEnv, args []string) int {
		return runHeadless(ctx, env, top, args)
	}
}
