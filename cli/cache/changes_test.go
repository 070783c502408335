package cache_test

import (
	"strings"
	"testing"
	"time"

	"charm.land/lipgloss/v2"

	"github.com/funnelsdev/funnels/cli/cache"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestChangesBetweenTwoIndexRuns: before a crawl and after the first, changes says
// why it has nothing (exit 0); after a step is renamed with a long path and a funnel
// added, it shows them grouped by funnel, old → new, within 80 columns on a terminal,
// as tab-separated rows when piped and whole in --json.
func TestChangesBetweenTwoIndexRuns(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{})
	h.Run("changes").Want(t, 0, "err:No changes are known yet", "err:Run 'funnels index'")
	h.Run("index").Want(t, 0)
	h.Run("changes").Want(t, 0, "err:(version 1) is the first")
	long := "/" + strings.Repeat("very-long-path-", 12) + "end"
	if h.SB.Server.EditStep(h.SB.Server.LocationID(), "tKvx487I4yks06qt7ovC", stepOf(t, h), sandbox.StepEdit{Name: "Trial Offer", URL: long}) != nil {
		t.Fatal("no such step in the sandbox")
	}
	h.SB.Server.AddFunnel("Spring Sale")
	h.Run("index").Want(t, 0, "err:1 funnel added, 1 step changed since the crawl before: 'funnels changes' shows them.")

	r := h.TTYWidth(80, "changes").Want(t, 0, "1 funnel added, 1 step changed.", "Free 7-Day Trial\n", "  ~ step Trial Offer\n",
		"  + funnel Spring Sale  /spring-sale", "      path     ", "→", "version 2")
	for _, line := range r.Lines() {
		if w := lipgloss.Width(line); w > 80 {
			t.Errorf("a line of %d columns:\n%s", w, line)
		}
	}
	if !strings.Contains(r.Stdout, "      name     ") {
		t.Errorf("the renamed step's name is not shown old → new:\n%s", r.Stdout)
	}
	piped := h.Run("changes").Want(t, 0, "changed\tstep\tFree 7-Day Trial\tTrial Offer\tpath\t", long+"\n")
	if strings.Contains(piped.Stdout, "\x1b[") {
		t.Errorf("colours in a pipe:\n%q", piped.Stdout)
	}
	var rep index.Report
	h.Run("changes", "--json").Decode(t, &rep)
	if !rep.Found || rep.To != 2 || len(rep.Changes) != 2 {
		t.Fatalf("--json: %+v", rep)
	}
	h.Run("changes", "--since", "1").Want(t, 0, "Trial Offer")
	h.Run("changes", "--since", "2").Want(t, 0, "err:No crawl in that span")
	h.Run("changes", "--since", "7d").Want(t, 0, "Spring Sale")
	h.Run("changes", "--since", "soon").Want(t, 2, "err:--since takes a duration")
	h.Run("changes", "--no-cache").Want(t, 2, "err:--no-cache turns off")
}

// stepOf is the id of the first step of the sandbox's Free 7-Day Trial funnel, read
// from the index.
func stepOf(t *testing.T, h *clitest.Home) string {
	t.Helper()
	var out []struct {
		ID string `json:"id"`
	}
	h.Run("steps", "tKvx487I4yks06qt7ovC", "--json", "id").Decode(t, &out)
	if len(out) == 0 {
		t.Fatal("the funnel has no steps")
	}
	return out[0].ID
}

// TestChangesSince: a version, Go durations and days; nothing is the newest crawl.
func TestChangesSince(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for text, want := range map[string]index.Since{
		"":    {},
		"3":   {Version: 3},
		"90m": {Time: now.Add(-90 * time.Minute)},
		"2d":  {Time: now.Add(-48 * time.Hour)},
	} {
		if got, err := cache.ChangesSince(text, now); err != nil || got != want {
			t.Errorf("changesSince(%q) = %+v, %v; want %+v", text, got, err, want)
		}
	}
	for _, bad := range []string{"-1", "-2h", "0s", "d", "yesterday"} {
		if _, err := cache.ChangesSince(bad, now); err == nil {
			t.Errorf("changesSince(%q) took it", bad)
		}
	}
}

// TestWatchRefusesAShortInterval: below a minute (a second with the hidden flag) is
// a usage error before anything is sent.
func TestWatchRefusesAShortInterval(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{})
	h.Run("watch", "--every", "30s").Want(t, 2, "err:--every must be at least 1m0s")
	h.Run("watch", "--every", "500ms", "--short-every").Want(t, 2, "err:--every must be at least 1s")
	if n := len(h.SB.Server.Requests()); n != 0 {
		t.Fatalf("%d requests sent", n)
	}
}

// FuzzChangesSince: any --since is a version, a time in the past, or a usage error;
// never a panic, never a time after now.
func FuzzChangesSince(f *testing.F) {
	for _, s := range []string{"", "3", "90m", "2d", "-1", "1e400d", "9223372036854775807", "0.5d", " 7d "} {
		f.Add(s)
	}
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := cache.ChangesSince(text, now)
		if err != nil {
			return
		}
		if s.Version < 0 || s.Time.After(now) || s.Version > 0 && !s.Time.IsZero() {
			t.Fatalf("changesSince(%q) = %+v", text, s)
		}
	})
}
