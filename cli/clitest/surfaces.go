package clitest

import (
	"strings"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// EverySurface is the sandbox as the spec has it, as the real service meets a private
// integration token, as a server with only the documented routes, and with folder
// listings that leave the steps out.
func EverySurface() map[string]sandbox.Options {
	return map[string]sandbox.Options{
		"seed":       {},
		"public":     {Surface: sandbox.SurfacePublic},
		"documented": {Surface: sandbox.SurfaceDocumented},
		"summaries":  {Dialect: sandbox.Dialect{Summaries: true}},
	}
}

// Notes are the lines of stderr.
func Notes(r Result) []string {
	if r.Stderr == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(r.Stderr, "\n"), "\n")
}
