package cmdutil

import (
	"slices"
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

// TestFanoutProgressNamesWhoItWaitsFor: once only a few members are left and all of
// them are running, the line names them (in the set's order) instead of a time left
// that one slow sub-account makes meaningless; while more are left, it counts.
func TestFanoutProgressNamesWhoItWaitsFor(t *testing.T) {
	r := newRunningMembers(5)
	for i, name := range []string{"Lakeside Fit", "Summit Strength", "Riverside Boxing"} {
		r.start(i, name)
	}
	if got := r.named(4); got != nil {
		t.Errorf("four left, three running: named %q, want nothing named", got)
	}
	r.stop(1)
	got := r.named(2)
	if want := []string{`"Lakeside Fit"`, `"Riverside Boxing"`}; !slices.Equal(got, want) {
		t.Errorf("two left, both running: named %q, want %q", got, want)
	}
	_, line := fanoutLine(fanoutReport{Done: 3, Total: 5, Requests: 9, Elapsed: 95 * time.Second, Waiting: got})
	if !strings.Contains(line, `3/5 sub-accounts · 9 requests · 1m35s · waiting for "Lakeside Fit", "Riverside Boxing"`) || strings.Contains(line, "left") {
		t.Errorf("the line: %q", line)
	}
	r.stop(0)
	r.stop(2)
	if got := r.named(0); got != nil {
		t.Errorf("none left: named %q", got)
	}
}
