package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	hostileapi "github.com/funnelsdev/funnels/client/hostile"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// indexCommand is `funnels index` against h for the profile "default" (which keeps
// its index), with config as the config file when not "", and the home it uses.
func indexCommand(t *testing.T, ctx context.Context, h *hostileapi.Server, config string) (*exec.Cmd, string) {
	t.Helper()
	env := testEnv(t)
	home := strings.TrimPrefix(env[1], "HOME=")
	if config != "" {
		dir := filepath.Join(home, "config", "funnels")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(config), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.CommandContext(ctx, binPath, "index", "--profile", "default",
		"--base-url", h.URL, "--token", h.Sandbox.DemoToken(), "--location", h.Sandbox.LocationID())
	cmd.Env = append(env, "XDG_CACHE_HOME="+filepath.Join(home, "cache"))
	return cmd, home
}

// indexOf is the index `funnels index` kept under home for h's location.
func indexOf(t *testing.T, home string, h *hostileapi.Server) *index.Store {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(home, "cache", "funnels", "index", "default", "*.db"))
	if len(files) != 1 {
		t.Fatalf("index files %v", files)
	}
	return index.Open(files[0], index.KeyOf(h.URL, h.Sandbox.LocationID()))
}

// TestIndexOfALyingCountEndsByItself: a funnel list that claims a billion funnels and
// never ends is read to the cap, and `funnels index` ends by itself, saying what it cut.
func TestIndexOfALyingCountEndsByItself(t *testing.T) {
	h := hostileapi.StartT(t, hostileapi.EndlessFunnelPages, sandbox.Options{Limit: 1000, Window: time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd, home := indexCommand(t, ctx, h, "[limits]\nmax_list_items = 300\n")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("funnels index: %v (ctx %v)\n%s", err, ctx.Err(), errb.String())
	}
	if !strings.Contains(errb.String(), "cut after 300 funnels") {
		t.Errorf("the cut is not said:\n%s", errb.String())
	}
	if strings.Contains(errb.String(), h.Sandbox.DemoToken()) {
		t.Error("the token was printed")
	}
	if n := h.Count("GET", "/funnels/funnel/list"); n != 3 {
		t.Errorf("%d pages of the funnel list asked for, want 3", n)
	}
	if _, err := indexOf(t, home, h).Snapshot(ctx); err != nil {
		t.Errorf("the index does not open: %v", err)
	}
}

// TestIndexEndsOnSIGTERM: SIGTERM to `funnels index` part way through a crawl of a
// funnel list that claims a billion funnels and never ends ends it soon, and the
// index it leaves opens and holds what was read.
func TestIndexEndsOnSIGTERM(t *testing.T) {
	h := hostileapi.StartT(t, hostileapi.EndlessFunnelPages, sandbox.Options{Limit: 1000, Window: time.Second,
		Faults: sandbox.Faults{FixedLatency: 100 * time.Millisecond}})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd, home := indexCommand(t, ctx, h, "")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Part way: a moment after the funnel list first answered.
	for h.Count("GET", "/funnels/funnel/list") < 1 && ctx.Err() == nil {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(time.Second)
	_ = cmd.Process.Signal(syscall.SIGTERM)
	ended := make(chan error, 1)
	var errb bytes.Buffer
	go func() {
		_, _ = errb.ReadFrom(stderr)
		ended <- cmd.Wait()
	}()
	select {
	case err := <-ended:
		if code := cmd.ProcessState.ExitCode(); err == nil || code != 1 {
			t.Errorf("exit %d (%v), want 1 after SIGTERM:\n%s", code, err, errb.String())
		}
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("funnels index did not end within 10 s of SIGTERM")
	}
	if !strings.Contains(errb.String(), "stopped part way") {
		t.Errorf("stderr:\n%s", errb.String())
	}
	snap, err := indexOf(t, home, h).Snapshot(ctx)
	if err != nil {
		t.Fatalf("the index does not open: %v", err)
	}
	if !snap.State.Unfinished || len(snap.Funnels) == 0 {
		t.Errorf("the index holds %d funnels, unfinished %v: want what was read, to resume", len(snap.Funnels), snap.State.Unfinished)
	}
}
