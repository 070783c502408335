package e2e

import (
	"bytes"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a process's output read while it runs.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// waitFor waits until cond holds of the buffer, failing after timeout.
func (l *lockedBuffer) waitFor(t *testing.T, what string, timeout time.Duration, cond func(string) bool) {
	t.Helper()
	end := time.Now().Add(timeout)
	for !cond(l.String()) {
		if time.Now().After(end) {
			t.Fatalf("%s did not come within %v:\n%s", what, timeout, l.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestWatchSeesAChangeMadeThroughTheBinary: `funnels watch --every 2s` against
// `funnels sandbox` prints a step made with `funnels step create` on one line, the
// crawl after it was made; a crawl that fails prints its reason with the status and
// the watch goes on to see the next step made; `funnels changes` then shows them,
// and Ctrl-C ends the watch with exit 0.
func TestWatchSeesAChangeMadeThroughTheBinary(t *testing.T) {
	t.Parallel()
	sb := startSandboxBinary(t, "--limit", "1000", "--window", "1s")
	env := append(testEnv(t), "XDG_CACHE_HOME="+filepath.Join(t.TempDir(), "cache"))
	args := []string{"--base-url", sb.values["base_url"], "--token", sb.values["token"], "--location", sb.values["location_id"]}
	run := func(a ...string) string {
		t.Helper()
		cmd := exec.Command(binPath, append(a, args...)...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("funnels %s: %v\n%s", strings.Join(a, " "), err, out)
		}
		return string(out)
	}
	if out := run("changes"); !strings.Contains(out, "Run 'funnels index'") {
		t.Fatalf("funnels changes before any crawl:\n%s", out)
	}

	watch := exec.Command(binPath, append([]string{"watch", "--every", "2s", "--short-every"}, args...)...)
	watch.Env = env
	var stdout, stderr lockedBuffer
	watch.Stdout, watch.Stderr = &stdout, &stderr
	if err := watch.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = watch.Process.Kill() })
	stderr.waitFor(t, "the first crawl", time.Minute, func(s string) bool { return strings.Contains(s, "first whole crawl") })

	run("step", "create", "--funnel", "tKvx487I4yks06qt7ovC", "--name", "Spring Upsell", "--path", "/spring-upsell", "--type", "upsell")
	made := time.Now()
	stdout.waitFor(t, "the new step's line", time.Minute, func(s string) bool {
		return strings.Contains(s, "added    step Spring Upsell (Free 7-Day Trial)  /spring-upsell")
	})
	t.Logf("seen %v after it was made (interval 2s)", time.Since(made).Round(10*time.Millisecond))
	defer func() { t.Logf("stderr:\n%s", stderr.String()) }()
	if strings.Contains(stdout.String(), "changed") || strings.Contains(stderr.String(), "failed") {
		t.Fatalf("more than the new step:\n%s\n%s", stdout.String(), stderr.String())
	}

	// A crawl that fails says why, with the status, and the watch goes on: the next
	// step made is seen too.
	res, err := http.Post(sb.values["base_url"]+"/_sandbox/fail?status=400&count=1&path=/funnels/page", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	stderr.waitFor(t, "the failed crawl's reason", time.Minute, func(s string) bool {
		return strings.Contains(s, "crawl failed") && strings.Contains(s, "GET /funnels/page: 400")
	})
	run("step", "create", "--funnel", "tKvx487I4yks06qt7ovC", "--name", "Summer Upsell", "--path", "/summer-upsell", "--type", "upsell")
	stdout.waitFor(t, "the step made after the failure", time.Minute, func(s string) bool {
		return strings.Contains(s, "added    step Summer Upsell (Free 7-Day Trial)  /summer-upsell")
	})

	if err := watch.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- watch.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("watch ended with exit %d on Ctrl-C:\n%s", ee.ExitCode(), stderr.String())
		} else if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("watch did not end on Ctrl-C")
	}
	if out := run("changes", "--since", "1"); !strings.Contains(out, "Spring Upsell") {
		t.Fatalf("funnels changes after the watch:\n%s", out)
	}
}
