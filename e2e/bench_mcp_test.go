package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// The figures of `funnels mcp`: what one tool call costs an assistant against the
// same answer from a new process (what an assistant with only a shell would run),
// and a burst of calls at once under a tight rate limit, where every call shares the
// server's one pacer and no 429 reaches the assistant.

// mcpBench sizes the figures.
type mcpBench struct {
	burst, workers, limit int
	window                time.Duration
}

// mcpBenchOf is the size of the mcp figures for cfg: tiny for the harness's test.
func mcpBenchOf(cfg benchConfig) mcpBench {
	if cfg.name == tinyBench.name {
		return mcpBench{burst: 6, workers: 3, limit: 1000, window: time.Second}
	}
	return mcpBench{burst: 120, workers: 8, limit: 20, window: time.Second}
}

// mcpBenchEnv is a clean environment for the binary in dir.
func mcpBenchEnv(dir string) []string {
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "FUNNELS_INSECURE_STORAGE=1"}
}

// mcpAgainst starts a sandbox with opts and `funnels mcp` against it (with the flags
// extra), and connects the SDK's client; stop ends both.
func mcpAgainst(opts sandbox.Options, dir string, extra ...string) (sb *sandbox.Running, session *mcp.ClientSession, stop func(), err error) {
	sb, err = sandbox.Start("127.0.0.1:0", opts)
	if err != nil {
		return nil, nil, nil, err
	}
	cmd := exec.Command(binPath, append([]string{"mcp", "--base-url", sb.URL, "--token", sb.Server.DemoToken(), "--location", sb.Server.LocationID()}, extra...)...)
	cmd.Env = mcpBenchEnv(dir)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	session, err = mcp.NewClient(&mcp.Implementation{Name: "funnels-bench", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		_ = sb.Close()
		return nil, nil, nil, err
	}
	return sb, session, func() { _ = session.Close(); _ = sb.Close() }, nil
}

// measureMCP measures mcp_call, mcp_diff and mcp_burst_429s.
func measureMCP(cfg benchConfig) ([]benchFigure, error) {
	mb := mcpBenchOf(cfg)
	dir, err := os.MkdirTemp("", "funnels-bench-mcp-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	call, err := measureMCPCall(cfg, dir)
	if err != nil {
		return nil, err
	}
	diff, err := measureMCPDiff(cfg, dir)
	if err != nil {
		return nil, err
	}
	burst, err := measureMCPBurst(mb, dir)
	if err != nil {
		return nil, err
	}
	return []benchFigure{call, diff, burst}, nil
}

// measureMCPDiff times the diff tool between an export under --exports-dir and the
// local index through a running server against `funnels diff DIR @cached --json`
// run as a process, in alternating rounds.
func measureMCPDiff(cfg benchConfig, dir string) (benchFigure, error) {
	exports := filepath.Join(dir, "exports")
	if err := os.MkdirAll(exports, 0o700); err != nil {
		return benchFigure{}, err
	}
	sb, session, stop, err := mcpAgainst(sandbox.Options{Limit: 1_000_000}, dir, "--exports-dir", exports)
	if err != nil {
		return benchFigure{}, err
	}
	defer stop()
	flags := []string{"--base-url", sb.URL, "--token", sb.Server.DemoToken(), "--location", sb.Server.LocationID()}
	export := exec.Command(binPath, append([]string{"export", "-o", filepath.Join(exports, "seed")}, flags...)...)
	export.Env = mcpBenchEnv(dir)
	if out, err := export.CombinedOutput(); err != nil {
		return benchFigure{}, fmt.Errorf("funnels export: %v\n%s", err, out)
	}
	var failed atomic.Value
	args := map[string]any{"a": "seed", "b": "@cached"}
	viaMCP := func() {
		res, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: "diff", Arguments: args})
		if err == nil && res.IsError {
			err = fmt.Errorf("diff: %s", textOf(res))
		}
		if err != nil {
			failed.Store(err)
		}
	}
	viaProcess := func() {
		cmd := exec.Command(binPath, append([]string{"diff", filepath.Join(exports, "seed"), "@cached", "--json"}, flags...)...)
		cmd.Env = mcpBenchEnv(dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			failed.Store(fmt.Errorf("funnels diff: %v\n%s", err, out))
		}
	}
	viaMCP()
	tm, tp := timePair(cfg.rounds, cfg.roundTime, viaMCP, viaProcess)
	if err, _ := failed.Load().(error); err != nil {
		return benchFigure{}, err
	}
	return benchFigure{
		Name: "mcp_diff", Value: ms(tm), Unit: "ms", Baseline: ms(tp),
		BaselineIs: "the same answer from `funnels diff DIR @cached --json` run as a new process",
		Note:       fmt.Sprintf("the diff tool between the seed's export (25 funnels) under --exports-dir and the local index, median of %d rounds", cfg.rounds),
	}, nil
}

// measureMCPCall times list_steps through a running server against `funnels steps
// ID --json` run as a process, in alternating rounds.
func measureMCPCall(cfg benchConfig, dir string) (benchFigure, error) {
	sb, session, stop, err := mcpAgainst(sandbox.Options{Limit: 1_000_000}, dir)
	if err != nil {
		return benchFigure{}, err
	}
	defer stop()
	var failed atomic.Value
	args := map[string]any{"funnel_id": seedTrialFunnel}
	viaMCP := func() {
		res, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: "list_steps", Arguments: args})
		if err == nil && res.IsError {
			err = fmt.Errorf("list_steps: %s", textOf(res))
		}
		if err != nil {
			failed.Store(err)
		}
	}
	viaProcess := func() {
		cmd := exec.Command(binPath, "steps", seedTrialFunnel, "--json", "--base-url", sb.URL, "--token", sb.Server.DemoToken(), "--location", sb.Server.LocationID())
		cmd.Env = mcpBenchEnv(dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			failed.Store(fmt.Errorf("funnels steps: %v\n%s", err, out))
		}
	}
	viaMCP() // the first call pays for the schema's first use
	tm, tp := timePair(cfg.rounds, cfg.roundTime, viaMCP, viaProcess)
	if err, _ := failed.Load().(error); err != nil {
		return benchFigure{}, err
	}
	return benchFigure{
		Name: "mcp_call", Value: ms(tm), Unit: "ms", Baseline: ms(tp),
		BaselineIs: "the same answer from `funnels steps ID --json` run as a new process",
		Note:       fmt.Sprintf("list_steps of a 4-step funnel through a running `funnels mcp`, median of %d rounds, the sandbox on loopback", cfg.rounds),
	}, nil
}

// measureMCPBurst fires mb.burst list_pages calls from mb.workers callers at once at
// a server held to mb.limit per mb.window, and counts the 429s that reached the
// assistant against those the sandbox answered.
func measureMCPBurst(mb mcpBench, dir string) (benchFigure, error) {
	sb, session, stop, err := mcpAgainst(sandbox.Options{Limit: mb.limit, Window: mb.window}, dir)
	if err != nil {
		return benchFigure{}, err
	}
	defer stop()
	sb.Server.ResetLog()
	var next, surfaced, otherErrs atomic.Int64
	var wg sync.WaitGroup
	t0 := time.Now()
	for range mb.workers {
		wg.Go(func() {
			for next.Add(1) <= int64(mb.burst) {
				res, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: "list_pages",
					Arguments: map[string]any{"funnel_id": seedTrialFunnel, "step": seedTrialSignUp}})
				switch {
				case err != nil:
					otherErrs.Add(1)
				case res.IsError && (strings.Contains(textOf(res), "429") || strings.Contains(strings.ToLower(textOf(res)), "rate limit")):
					surfaced.Add(1)
				case res.IsError:
					otherErrs.Add(1)
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(t0)
	return benchFigure{
		Name: "mcp_burst_429s", N: mb.burst, Value: float64(surfaced.Load()), Unit: "429s", Baseline: float64(count429(sb)),
		BaselineIs: "429s the sandbox answered during the burst (waited out inside the server's client, never surfaced)",
		Note: fmt.Sprintf("%d calls by %d callers at once at %d per %v, in %.2f s; %d other errors",
			mb.burst, mb.workers, mb.limit, mb.window, elapsed.Seconds(), otherErrs.Load()),
	}, nil
}

// TestBenchMCP measures the mcp figures alone and prints them:
// FUNNELS_BENCH_FIGURE=mcp go test -run '^TestBenchMCP$' ./e2e (FUNNELS_BENCH_CONFIG=tiny
// for the harness's size). `make bench` measures them with the rest.
func TestBenchMCP(t *testing.T) {
	if os.Getenv("FUNNELS_BENCH_FIGURE") != "mcp" {
		t.Skip("set FUNNELS_BENCH_FIGURE=mcp to measure the mcp figures alone")
	}
	cfg := fullBench
	if os.Getenv("FUNNELS_BENCH_CONFIG") == "tiny" {
		cfg = tinyBench
	}
	figs, err := measureMCP(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rep := benchReport{Machine: thisMachine(), Config: cfg.name}
	for _, f := range figs {
		rep.Figures = append(rep.Figures, f.finish())
	}
	if err := writeReportTable(os.Stdout, rep); err != nil {
		t.Fatal(err)
	}
}
