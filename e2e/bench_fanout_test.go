package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// fanoutConfig is the agency of the crawl_100_subaccounts figure: how many
// sub-accounts the sandbox seeds, its rate limit (per app and sub-account, and the
// agency's own for minting) and how many run at once.
type fanoutConfig struct {
	subAccounts, limit, concurrency int
	window                          time.Duration
	rounds                          int // alternating rounds of the find figure
}

// fanoutRow is what the figure reads of `funnels index --json` across a set.
type fanoutRow struct {
	Location string `json:"location"`
	Funnels  int    `json:"funnels"`
	Pages    int    `json:"pages"`
	Requests int    `json:"requests"`
	Complete bool   `json:"complete"`
}

// measureFanoutCrawl signs the sandbox's agency in with the real binary, then times
// `funnels index --all-sub-accounts --concurrency N` over its sub-accounts (one of
// them seeded suspended, which fails as it should). The bound is what the limits
// allow: the agency's bucket admits its list and every mint at `limit` per `window`,
// and each sub-account its own crawl at the same rate in a bucket of its own; the
// wall time can be no shorter than the longest of those waits. The figure is the
// sub-accounts a second against the bound's, so the ratio is bound / wall time.
func measureFanoutCrawl(fc fanoutConfig) ([]benchFigure, error) {
	sb, err := sandbox.Start("127.0.0.1:0", sandbox.Options{SubAccounts: fc.subAccounts, Limit: fc.limit, Window: fc.window})
	if err != nil {
		return nil, err
	}
	defer sb.Close()
	home, err := os.MkdirTemp("", "funnels-bench-fanout-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(home)
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "TERM=dumb",
		"FUNNELS_INSECURE_STORAGE=1"}
	if err := benchAgencyLogin(env, sb); err != nil {
		return nil, err
	}
	// A new window for the agency's bucket: the sign-in's own list is not the run's.
	time.Sleep(fc.window)
	sb.Server.ResetLog()

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binPath, "index", "--all-sub-accounts", "--concurrency", fmt.Sprint(fc.concurrency), "--json")
	cmd.Env = env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	t0 := time.Now()
	out, err := cmd.Output()
	wall := time.Since(t0)
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return nil, err
	}
	var res struct {
		SubAccounts []fanoutRow
		Failures    []struct {
			Location string
			Status   int
		}
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return nil, fmt.Errorf("index --json: %w\n%s%s", err, out, stderr.String())
	}
	surfaced := 0
	for _, f := range res.Failures {
		if f.Status == http.StatusTooManyRequests {
			surfaced++
		}
	}
	installed := 0
	for _, s := range sb.Server.SubAccounts() {
		if s.Installed {
			installed++
		}
	}
	if len(res.SubAccounts)+len(res.Failures) != installed || len(res.Failures)-surfaced > 1 {
		return nil, fmt.Errorf("index across %d sub-accounts: %d indexed, failures %+v\n%s", installed, len(res.SubAccounts), res.Failures, stderr.String())
	}
	agencyCalls, server429 := 0, 0
	for _, r := range sb.Server.Requests() {
		if strings.HasPrefix(r.Path, "/oauth/") {
			agencyCalls++
		}
		if r.Status == http.StatusTooManyRequests {
			server429++
		}
	}
	// The bucket admits `limit` at once and `limit` more each window: the last of n
	// calls waits floor((n-1)/limit) windows.
	waits := func(n int) time.Duration { return time.Duration(max(0, n-1)/fc.limit) * fc.window }
	bound := waits(agencyCalls)
	funnels, pages, requests := 0, 0, 0
	for _, s := range res.SubAccounts {
		bound = max(bound, waits(s.Requests))
		funnels, pages, requests = funnels+s.Funnels, pages+s.Pages, requests+s.Requests
	}
	// A bound of no wait at all (every bucket holds the run): one round trip a member.
	bound = max(bound, time.Millisecond)
	n := len(res.SubAccounts) + len(res.Failures)
	findFig, err := measureFanoutFind(ctx, env, res.SubAccounts[0].Location, len(res.SubAccounts), fc.rounds)
	if err != nil {
		return nil, err
	}
	const label = "crawl_100_subaccounts"
	return []benchFigure{findFig, {
		Name: label, N: n, Value: float64(n) / wall.Seconds(), Unit: "sub-accounts/s", Baseline: float64(n) / bound.Seconds(),
		BaselineIs: fmt.Sprintf("what the limits allow: %d agency calls (list and mints) and each sub-account's crawl at %d per %v, %.1f s",
			agencyCalls, fc.limit, fc.window, bound.Seconds()),
		Note: fmt.Sprintf("%.1f s for %d sub-accounts at %d at once (%d funnels, %d pages, %d crawl requests; %d failed: the one seeded suspended), the process's whole run",
			wall.Seconds(), n, fc.concurrency, funnels, pages, requests, len(res.Failures)),
	}, {
		Name: label + "_429s", N: n, Value: float64(surfaced), Unit: "429s", Baseline: float64(server429),
		BaselineIs: "429s the sandbox answered during the run (waited out, never a failed sub-account)",
	}}, nil
}

// measureFanoutFind times `funnels find` across every indexed sub-account against
// find in one of them, the whole process each, in alternating rounds (the median
// kept): the indexes are read side by side, so the set should take about the time
// of one.
func measureFanoutFind(ctx context.Context, env []string, one string, indexed, rounds int) (benchFigure, error) {
	run := func(args ...string) (time.Duration, error) {
		cmd := exec.CommandContext(ctx, binPath, append([]string{"find", "sale", "--limit", "20"}, args...)...)
		cmd.Env = env
		t0 := time.Now()
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) { // the suspended sub-account makes the set's exit 1
			return 0, fmt.Errorf("find %v: %w\n%s", args, err, out)
		}
		return time.Since(t0), nil
	}
	var set, single []time.Duration
	for range rounds {
		d, err := run("--all-sub-accounts")
		if err != nil {
			return benchFigure{}, err
		}
		set = append(set, d)
		if d, err = run("--location", one); err != nil {
			return benchFigure{}, err
		}
		single = append(single, d)
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return benchFigure{
		Name: "find_100_subaccounts", N: indexed, Value: ms(median(set)), Unit: "ms", Baseline: ms(median(single)),
		BaselineIs: "funnels find in one sub-account's index, the whole process",
		Note: fmt.Sprintf("funnels find across --all-sub-accounts (%d local indexes read side by side, the set named from the agency's kept list of sub-accounts, no sign-in opened), the whole process; median of %d rounds",
			indexed, rounds),
	}, nil
}

// benchAgencyLogin signs the sandbox's agency in as profile "agency" with the real
// binary, as a person over SSH does: it opens the printed address (without
// following the redirect, as curl -w %{redirect_url} does) and pastes where it led.
func benchAgencyLogin(env []string, sb *sandbox.Running) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binPath, "login", "--agency", "--profile", "agency", "--base-url", sb.URL,
		"--auth-url", sb.URL+"/oauth/chooselocation", "--token-url", sb.URL+"/oauth/token",
		"--client-id", sb.Server.ClientID(), "--client-secret", sb.Server.ClientSecret(), "--no-browser", "--redirect-port", "0")
	cmd.Env = env
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	var said strings.Builder
	sc := bufio.NewScanner(io.TeeReader(stderr, &said))
	pasted := false
	for !pasted && sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "http") || !strings.Contains(line, "/oauth/chooselocation?") {
			continue
		}
		c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := c.Get(line)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if _, err := io.WriteString(stdin, resp.Header.Get("Location")+"\n"); err != nil {
			return err
		}
		pasted = true
	}
	_, _ = io.Copy(io.Discard, stderr)
	if err := cmd.Wait(); err != nil || !pasted {
		return fmt.Errorf("login --agency: %v\n%s", err, said.String())
	}
	return nil
}
