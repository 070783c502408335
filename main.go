// Command funnels is a terminal browser and command line for the funnels of a
// HighLevel sub-account. The commands live in package cli.
package main

import (
	"os"

	"github.com/funnelsdev/funnels/cli"
)

// version is stamped by the Makefile (-X main.version=…); left empty, the version Go
// recorded in the build is reported.
var version string

func main() {
	os.Exit(cli.Main(version, os.Args[1:]))
}
