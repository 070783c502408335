package e2e

import (
	"bytes"
	"context"
	"io/fs"
	"math/rand/v2"
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

// Bounds the soak holds every run to.
const (
	soakTermBound  = 10 * time.Second // a process told to stop (SIGTERM) has ended
	soakRunBound   = 2 * time.Minute  // a run left alone has ended
	soakIndexBound = 64 << 20         // no file of the index grows past this
)

// TestSoak crawls a server that lies at random in every answer (wrong counts, the
// same page again, huge names, slow answers, 5xx, bodies cut short) with the real
// binary's `funnels index`, over and over for FUNNELS_SOAK_TIME (2m by default),
// killing it at a random moment with SIGKILL or SIGTERM or letting it end. After each
// run: the process ended when told, the index opens and passes its check (nothing set
// aside), no id is in it twice, and no file is over its bound. It runs only with
// FUNNELS_SOAK set (make soak), not in make test.
func TestSoak(t *testing.T) {
	if os.Getenv("FUNNELS_SOAK") == "" {
		t.Skip("the soak runs with make soak (FUNNELS_SOAK=1)")
	}
	soakTime := 2 * time.Minute
	if d, err := time.ParseDuration(os.Getenv("FUNNELS_SOAK_TIME")); err == nil && d > 0 {
		soakTime = d
	}
	h := hostileapi.StartT(t, hostileapi.RandomLies, sandbox.Options{Limit: 1000, Window: time.Second})
	cache := t.TempDir()
	env := append(testEnv(t), "XDG_CACHE_HOME="+cache, "FUNNELS_PROFILE=soak", "FUNNELS_BASE_URL="+h.URL,
		"FUNNELS_TOKEN="+h.Sandbox.DemoToken(), "FUNNELS_LOCATION_ID="+h.Sandbox.LocationID())
	path := index.PathFor(filepath.Join(cache, "funnels"), "soak", h.URL, h.Sandbox.LocationID())
	key := index.KeyOf(h.URL, h.Sandbox.LocationID())
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	seed := rng.Uint64()
	t.Logf("seed %d", seed)
	start := time.Now()
	runs, kills, terms := 0, 0, 0
	for ; time.Since(start) < soakTime; runs++ {
		h.Reseed(seed + uint64(runs))
		var out bytes.Buffer
		cmd := exec.Command(binPath, "index")
		cmd.Env, cmd.Stdout, cmd.Stderr = env, &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		how := rng.IntN(3) // 0: SIGKILL, 1: SIGTERM, 2: left alone
		var err error
		select {
		case err = <-done:
		case <-time.After(time.Duration(rng.IntN(4000)) * time.Millisecond):
			switch how {
			case 0:
				kills++
				_ = cmd.Process.Signal(syscall.SIGKILL)
				err = <-done
			case 1:
				terms++
				_ = cmd.Process.Signal(syscall.SIGTERM)
				err = waitOrKill(t, cmd, done, soakTermBound, "run %d: SIGTERM", runs)
			default:
				err = waitOrKill(t, cmd, done, soakRunBound, "run %d: left alone", runs)
			}
		}
		if s := out.String(); strings.Contains(s, "panic:") || strings.Contains(s, "fatal error:") || strings.Contains(s, h.Sandbox.DemoToken()) {
			t.Fatalf("run %d (%v) printed:\n%s", runs, err, s)
		}
		checkSoakedIndex(t, runs, path, key)
		if t.Failed() {
			t.Fatalf("stopped after run %d (seed %d); its output:\n%s", runs, seed, out.String())
		}
	}
	t.Logf("%d runs in %s: %d killed, %d told to stop", runs, time.Since(start).Round(time.Second), kills, terms)
}

// waitOrKill waits up to bound for cmd to end, and fails the test (then kills it)
// when it does not.
func waitOrKill(t *testing.T, cmd *exec.Cmd, done chan error, bound time.Duration, what string, args ...any) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(bound):
		t.Errorf(what+": the process had not ended after %s", append(args, bound)...)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		return <-done
	}
}

// checkSoakedIndex opens the index at path as a process would and checks it: it reads
// without being set aside, holds every id once, and no file beside it is over its bound.
func checkSoakedIndex(t *testing.T, run int, path, key string) {
	t.Helper()
	dir := filepath.Dir(path)
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() > soakIndexBound {
			t.Errorf("run %d: %s is %d bytes, over %d", run, p, info.Size(), soakIndexBound)
		}
		if strings.HasSuffix(p, ".damaged") {
			t.Errorf("run %d: the index was set aside as damaged", run)
		}
		return nil
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s := index.Open(path, key)
	snap, err := s.Snapshot(ctx)
	if err != nil {
		t.Errorf("run %d: the index does not open: %v", run, err)
		return
	}
	if n := s.Notice(); n != "" {
		t.Errorf("run %d: %s", run, n)
	}
	seen := map[string]bool{}
	twice := func(kind, id string) {
		if seen[kind+" "+id] {
			t.Errorf("run %d: %s %s is in the index twice", run, kind, id)
		}
		seen[kind+" "+id] = true
	}
	for _, f := range snap.Folders {
		twice("folder", f.ID)
	}
	for _, f := range snap.Funnels {
		twice("funnel", f.ID)
	}
	for _, p := range snap.Pages {
		twice("page", p.FunnelID+"/"+p.ID)
	}
	for _, r := range snap.Redirects {
		twice("redirect", r.ID)
	}
}
