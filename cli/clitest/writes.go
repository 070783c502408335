package clitest

import (
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// WritesSent lists the sandbox's logged requests that write, and clears the log.
func WritesSent(sb *sandbox.Running) []string {
	var out []string
	for _, r := range sb.Server.Requests() {
		if client.Writes(r.Method, r.Path) {
			out = append(out, r.Method+" "+r.Path)
		}
	}
	sb.Server.ResetLog()
	return out
}
