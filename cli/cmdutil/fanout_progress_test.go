package cmdutil

import (
	"strings"
	"testing"
	"time"
)

// TestFanoutProgressOnATerminalOnly: on a terminal the run's one line is redrawn in
// place with sub-accounts done of all, the failed, requests and the time left, and
// the last state kept; with standard error piped nothing is drawn.
func TestFanoutProgressOnATerminalOnly(t *testing.T) {
	ios, _, stderr := TestStreams("")
	ios.ErrTTY, ios.ErrWidth = true, 100
	p := newFanoutProgress(NewFactory(ios, func(string) string { return "" }, "test"), "funnels index")
	p.Update(fanoutReport{Done: 1, Failed: 1, Total: 4, Requests: 57, Elapsed: 3 * time.Second})
	p.Update(fanoutReport{Done: 4, Failed: 1, Total: 4, Requests: 120, Elapsed: 9 * time.Second})
	p.Done()
	got := stderr.String()
	for _, want := range []string{"\r\x1b[2K", "1/4 sub-accounts · 1 failed · 57 requests · 3s · about 9s left", "4/4 sub-accounts · 1 failed · 120 requests · 9s"} {
		if !strings.Contains(got, want) {
			t.Errorf("the progress lacks %q:\n%q", want, got)
		}
	}
	if strings.Contains(got, "4/4 sub-accounts · 1 failed · 120 requests · 9s · about") {
		t.Errorf("the last state still counts time left:\n%q", got)
	}

	ios, _, stderr = TestStreams("")
	p = newFanoutProgress(NewFactory(ios, func(string) string { return "" }, "test"), "funnels index")
	p.Update(fanoutReport{Done: 1, Total: 4})
	p.Done()
	if stderr.Len() != 0 {
		t.Errorf("piped, the progress drew %q", stderr.String())
	}
}
