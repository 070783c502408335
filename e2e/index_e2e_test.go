package e2e

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// sandboxLog reads the request log of a sandbox started with startSandboxBinary.
func sandboxLog(t *testing.T, base string) []sandbox.Request {
	t.Helper()
	res, err := http.Get(base + "/_sandbox/requests")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var reqs []sandbox.Request
	if err := json.NewDecoder(res.Body).Decode(&reqs); err != nil {
		t.Fatal(err)
	}
	return reqs
}

// countSince counts the requests to path that arrived at or after since.
func countSince(reqs []sandbox.Request, path string, since time.Time) int {
	n := 0
	for _, r := range reqs {
		if r.Path == path && !r.At.Before(since) {
			n++
		}
	}
	return n
}

// TestTUIWarmStartBeforeTheFirstAnswer: with the sandbox taking 1 s to answer each
// request, a start with the index built shows the funnels (marked cached) before the
// first answer has come, then takes the answer in place.
func TestTUIWarmStartBeforeTheFirstAnswer(t *testing.T) {
	t.Parallel()
	needTmux(t)
	sb := startSandboxBinary(t, "--fixed-latency", "1s", "--limit", "1000", "--window", "1s")
	cache := filepath.Join(t.TempDir(), "cache")
	args := []string{"--base-url", sb.values["base_url"], "--token", sb.values["token"], "--location", sb.values["location_id"]}
	index := exec.Command(binPath, append([]string{"index"}, args...)...)
	index.Env = append(testEnv(t), "XDG_CACHE_HOME="+cache)
	if out, err := index.CombinedOutput(); err != nil {
		t.Fatalf("funnels index: %v\n%s", err, out)
	}

	start := time.Now()
	s := startTUI(t, 120, 40, []string{"XDG_CACHE_HOME=" + cache}, args...)
	scr := s.waitUntil("the funnels from the index", func(scr string) bool {
		return strings.Contains(scr, "Spring Sale 2026") && strings.Contains(scr, "Archive/")
	})
	answered := countSince(sandboxLog(t, sb.values["base_url"]), "/funnels/funnel/folder/entities", start)
	if answered != 0 || !strings.Contains(lastLine(scr), "cached") {
		t.Fatalf("the funnels should show, marked cached, before the first answer (%d answered):\n%s", answered, scr)
	}
	t.Logf("funnels on screen %v after the start", time.Since(start).Round(time.Millisecond))
	s.waitUntil("the answer taken in place", func(scr string) bool {
		return strings.Contains(scr, "Spring Sale 2026") && !strings.Contains(lastLine(scr), "cached")
	})
	s.quit()
}

// TestIndexKilledMidCrawlResumes: `funnels index` killed with SIGKILL while it reads
// pages leaves an index the next run resumes: it asks only for what is left, and the
// index ends whole, nothing twice.
func TestIndexKilledMidCrawlResumes(t *testing.T) {
	// 188 requests at 100 a second: the crawl runs for about two seconds, long enough
	// to be killed while it reads pages (a window of 1,000 would let it finish first).
	sb := startSandboxBinary(t, "--bulk-funnels", "150", "--bulk-pages", "2", "--fixed-latency", "30ms", "--limit", "100", "--window", "1s")
	base := sb.values["base_url"]
	cache := filepath.Join(t.TempDir(), "cache")
	env := append(testEnv(t), "XDG_CACHE_HOME="+cache)
	args := []string{"index", "--base-url", base, "--token", sb.values["token"], "--location", sb.values["location_id"]}

	first := exec.Command(binPath, args...)
	first.Env = env
	stderr, err := first.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = first.Process.Kill() })
	sc := bufio.NewScanner(stderr)
	for sc.Scan() && !strings.Contains(sc.Text(), "funnels index: pages") {
	}
	status := func() (st struct {
		Funnels, Pages int
		Unfinished     bool
	}) {
		t.Helper()
		cmd := exec.Command(binPath, "cache", "status", "--json", "funnels,pages,unfinished", "--base-url", base, "--token",
			sb.values["token"], "--location", sb.values["location_id"])
		cmd.Env = env
		raw, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		return st
	}
	deadline := time.Now().Add(time.Minute)
	for status().Pages == 0 { // the index beside the crawl, read by another process
		if time.Now().After(deadline) {
			t.Fatal("the crawl never wrote a funnel's pages")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := first.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = first.Wait()

	resumed := time.Now()
	second := exec.Command(binPath, args...)
	second.Env = env
	out, err := second.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Finished the index") {
		t.Fatalf("the second run: %v\n%s", err, out)
	}
	const funnels = 25 + 150
	if n := countSince(sandboxLog(t, base), "/funnels/page", resumed); n >= funnels || n == 0 {
		t.Fatalf("the resumed run asked for %d funnels' pages, of %d", n, funnels)
	}
	if st := status(); st.Funnels != funnels || st.Pages != 120+150*2 || st.Unfinished {
		t.Fatalf("after the resume the index holds %+v", status())
	}
	if _, err := os.Stat(cache); err != nil {
		t.Fatal(err)
	}
}
