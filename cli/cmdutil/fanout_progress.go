package cmdutil

import (
	"fmt"
	"strings"
	"time"
)

// fanoutReport is how far a run across a set is.
type fanoutReport struct {
	Done, Failed, Total int
	Requests            int
	Elapsed             time.Duration
	// Waiting names the members still running once the rest are done (at most
	// waitingNamed of them): a run held by one slow sub-account says which.
	Waiting []string
}

// waitingNamed is how many running members the line names; more are only counted.
const waitingNamed = 3

// newFanoutProgress is the one progress line of a run across a set, on a terminal:
// sub-accounts done of all, the failed, requests sent, and the time left at the
// pace so far. Standard error piped shows none: the summary of failures says the end.
func newFanoutProgress(f *Factory, what string) *lineProgress[fanoutReport] {
	p := NewLineProgress(f, what, fanoutLine, func(fanoutReport) string { return "" })
	p.quiet = !p.terminal
	return p
}

func fanoutLine(r fanoutReport) (float64, string) {
	fraction := 1.0
	if r.Total > 0 {
		fraction = float64(r.Done) / float64(r.Total)
	}
	line := fmt.Sprintf("%d/%d sub-accounts", r.Done, r.Total)
	if r.Failed > 0 {
		line += fmt.Sprintf(" · %d failed", r.Failed)
	}
	line += " · " + CountOf(r.Requests, "request") + " · " + r.Elapsed.Round(100*time.Millisecond).String()
	if len(r.Waiting) > 0 {
		line += " · waiting for " + strings.Join(r.Waiting, ", ")
	} else if r.Done > 0 && r.Done < r.Total {
		left := time.Duration(float64(r.Elapsed) / float64(r.Done) * float64(r.Total-r.Done))
		line += " · about " + left.Round(time.Second).String() + " left"
	}
	return fraction, line
}
