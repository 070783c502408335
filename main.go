// Command funnels is a terminal browser for the funnels of a HighLevel sub-account.
//
// main.go only wires things together: it picks the subcommand, hands it the process's
// streams and environment, and turns its result into an exit code.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// version is set at link time by the Makefile (-X main.version=…).
var version = "dev"

// Exit codes of the contract in DESIGN.md.
const (
	exitOK       = 0
	exitAPI      = 1 // the API refused (message and status shown)
	exitUsage    = 2 // bad usage or input
	exitNoAuth   = 3 // not logged in / token refused
	exitInternal = 4 // something broke on our side (disk, network before any answer)
)

// cliEnv is what every command gets instead of reaching for globals, so tests can run
// commands in-process with their own streams and environment.
type cliEnv struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, &cliEnv{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}, os.Args[1:])
	stop()
	os.Exit(code)
}
