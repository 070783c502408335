package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"text/tabwriter"
	"time"
)

// `make bench` runs TestBenchReport, which measures every figure (bench_figures_test.go)
// and writes e2e/bench/report.json and the same as a table on stdout. Budgets are goals:
// a miss shows in the report ("within_budget": false, NO in the table) and never
// fails a test, so a slow machine does not break `make test`, which only runs the
// harness on a tiny configuration (TestBenchHarness) to keep it from rotting.

// benchReport is e2e/bench/report.json.
type benchReport struct {
	Machine benchMachine  `json:"machine"`
	Go      string        `json:"go"`
	Date    string        `json:"date"`   // RFC 3339, UTC
	Config  string        `json:"config"` // "full" (make bench) or "tiny" (the harness test)
	Figures []benchFigure `json:"figures"`
}

type benchMachine struct {
	Hostname string `json:"hostname"`
	CPU      string `json:"cpu"` // model name from /proc/cpuinfo
	Cores    int    `json:"cores"`
	OS       string `json:"os"` // GOOS/GOARCH
}

// benchFigure is one measured figure beside its baseline. Ratio is Value / Baseline.
type benchFigure struct {
	Name       string  `json:"name"`
	Value      float64 `json:"value"`
	Unit       string  `json:"unit"`
	Baseline   float64 `json:"baseline"`
	Ratio      float64 `json:"ratio"`
	N          int     `json:"n,omitempty"` // the items or requests the figure is about
	Budget     string  `json:"budget"`      // the goal in words; "" for an informational figure
	Within     *bool   `json:"within_budget,omitempty"`
	BaselineIs string  `json:"baseline_is"`
	Note       string  `json:"note,omitempty"`
	// Quiet and Noisy are a figure measured twice (bench_noise_test.go): as the machine
	// was, and beside a busy core with a cold page cache; Value is the slower.
	Quiet *float64 `json:"quiet,omitempty"`
	Noisy *float64 `json:"noisy,omitempty"`
}

// requiredFigures are the figures every report holds.
var requiredFigures = []string{"render_1k", "render_10k", "render_100k", "filter_100k", "startup_demo", "pacing", "pacing_429s", "heap_100k",
	"first_frame_cached", "crawl_10k", "goto_100k", "cache_heap_100k", "goto_open_100k", "find_100k", "pages_1000_rtt300",
	"crawl_seed_window", "crawl_100k", "redirects_import_2000", "redirects_import_2000_requests", "redirects_import_2000_429s",
	"mcp_call", "mcp_diff", "mcp_burst_429s",
	"first_frame_cached_10k_folder", "find_1m", "rss_find_1m", "goto_key_1m", "find_all_1m",
	"sandbox_seed_100", "crawl_100_subaccounts", "export_100k", "rss_export_100k", "diff_100k", "rss_diff_100k",
	"snapshot_100k", "goto_open_1m", "crawl_100k_10k_funnels", "steps_10k_requests", "steps_10k_requests_unindexed",
	"first_rows_cold_10k_root", "pages_1000_rtt300_round_trips", "startup_version", "rss_find_all_1m",
	"check_10k_urls", "rss_check_10k_urls"}

// budgets are the goals of the figures, and how to check them.
var budgets = map[string]struct {
	text string
	ok   func(f benchFigure) bool
}{
	"render_1k":        {"≤ 2 ms and ≥ 10× faster (ratio ≤ 0.1)", func(f benchFigure) bool { return f.Value <= 2 && f.Ratio <= 0.1 }},
	"render_10k":       {"≤ 2 ms and ≥ 10× faster (ratio ≤ 0.1)", func(f benchFigure) bool { return f.Value <= 2 && f.Ratio <= 0.1 }},
	"render_100k":      {"≤ 2 ms and ≥ 10× faster (ratio ≤ 0.1)", func(f benchFigure) bool { return f.Value <= 2 && f.Ratio <= 0.1 }},
	"filter_1k":        {"≤ 16 ms", func(f benchFigure) bool { return f.Value <= 16 }},
	"filter_10k":       {"≤ 16 ms", func(f benchFigure) bool { return f.Value <= 16 }},
	"filter_100k":      {"≤ 16 ms", func(f benchFigure) bool { return f.Value <= 16 }},
	"startup_demo":     {"≤ 300 ms", func(f benchFigure) bool { return f.Value <= 300 }},
	"startup_demo_pty": {"≤ 300 ms", func(f benchFigure) bool { return f.Value <= 300 }},
	"pacing":           {"≥ 90% of the limit (ratio ≥ 0.9)", func(f benchFigure) bool { return f.Ratio >= 0.9 }},
	"pacing_429s":      {"0 surfaced, while the naive client trips", func(f benchFigure) bool { return f.Value == 0 && f.Baseline > 0 }},
	"heap_100k":        {"≤ 80 MB", func(f benchFigure) bool { return f.Value <= 80 }},
	"first_frame_cached": {"≤ 50 ms from the index, the cold start waiting on the server",
		func(f benchFigure) bool { return f.Value <= 50 && f.Value < f.Baseline }},
	"goto_key_1m":        {"≤ 16 ms (the slowest key)", func(f benchFigure) bool { return f.Value <= 16 }},
	"goto_key_1m_screen": {"≤ 16.7 ms (one frame)", func(f benchFigure) bool { return f.Value <= 16.7 }},
	"rss_browser_1m":     {"≤ 250 MB", func(f benchFigure) bool { return f.Value <= 250 }},
	"goto_open_1m":       {"≤ 500 ms", func(f benchFigure) bool { return f.Value <= 500 }},
	"rss_find_all_1m":    {"≤ 250 MB", func(f benchFigure) bool { return f.Value <= 250 }},
	// Right after a browser start against a live server (bench_live_test.go): a write
	// that changed nothing leaves the catalog current.
	"goto_open_after_start_100k": {"≤ 1.2× before the start (ratio ≤ 1.2)", func(f benchFigure) bool { return f.Ratio <= 1.2 }},
	"find_after_start_100k":      {"≤ 1.2× before the start (ratio ≤ 1.2)", func(f benchFigure) bool { return f.Ratio <= 1.2 }},
	"goto_open_after_start_1m":   {"≤ 1.2× before the start (ratio ≤ 1.2)", func(f benchFigure) bool { return f.Ratio <= 1.2 }},
	"find_after_start_1m":        {"≤ 1.2× before the start (ratio ≤ 1.2)", func(f benchFigure) bool { return f.Ratio <= 1.2 }},
	"find_after_start_10k_root":  {"≤ 1.2× before the start (ratio ≤ 1.2)", func(f benchFigure) bool { return f.Ratio <= 1.2 }},
	// The 10,000-funnel root (bench_wide_test.go).
	"crawl_100k_10k_funnels":          {"≥ 95% of the limit (ratio ≥ 0.95)", func(f benchFigure) bool { return f.Ratio >= 0.95 }},
	"crawl_100k_10k_funnels_requests": {"≤ 1.05 × the fewest possible (ratio ≤ 1.05)", func(f benchFigure) bool { return f.Ratio <= 1.05 }},
	"crawl_100k_10k_funnels_429s":     {"0 surfaced", func(f benchFigure) bool { return f.Value == 0 }},
	"steps_10k_requests":              {"0: answered from the index", func(f benchFigure) bool { return f.Value == 0 }},
	"steps_10k_requests_unindexed":    {"≤ 2", func(f benchFigure) bool { return f.Value <= 2 }},
	"first_rows_cold_10k_root":        {"≤ 300 ms from the first byte", func(f benchFigure) bool { return f.Value <= 300 }},
	"pages_1000_rtt300_round_trips":   {"≤ 2", func(f benchFigure) bool { return f.Value <= 2 }},
	"startup_version":                 {"≤ 2× a Go hello world (ratio ≤ 2)", func(f benchFigure) bool { return f.Ratio <= 2 }},
	"find_1m":                         {"≤ 1000 ms", func(f benchFigure) bool { return f.Value <= 1000 }},
	"rss_find_1m":                     {"≤ 250 MB", func(f benchFigure) bool { return f.Value <= 250 }},
	"rss_browser_100k":                {"≤ 150 MB", func(f benchFigure) bool { return f.Value <= 150 }},
	"key_to_screen_100k":              {"≤ 1.2× the smallest Bubble Tea program", func(f benchFigure) bool { return f.Ratio <= 1.2 }},
	"first_frame_cached_10k_folder": {"≤ 100 ms from the index, and faster than the start without one",
		func(f benchFigure) bool { return f.Value <= 100 && f.Value < f.Baseline }},
	"crawl_10k":                      {"≥ 90% of the limit (ratio ≥ 0.9)", func(f benchFigure) bool { return f.Ratio >= 0.9 }},
	"crawl_10k_requests":             {"≤ 1.05 × the fewest possible (ratio ≤ 1.05)", func(f benchFigure) bool { return f.Ratio <= 1.05 }},
	"crawl_10k_429s":                 {"0 surfaced", func(f benchFigure) bool { return f.Value == 0 }},
	"goto_100k":                      {"≤ 16 ms", func(f benchFigure) bool { return f.Value <= 16 }},
	"goto_open_100k":                 {"≤ 50 ms", func(f benchFigure) bool { return f.Value <= 50 }},
	"find_100k":                      {"≤ 100 ms, the whole process", func(f benchFigure) bool { return f.Value <= 100 }},
	"cache_heap_100k":                {"≤ 80 MB", func(f benchFigure) bool { return f.Value <= 80 }},
	"pages_1000_rtt300":              {"≤ 1 s", func(f benchFigure) bool { return f.Value <= 1000 }},
	"crawl_seed_window":              {"≤ 1.2 s: one window plus its round trips", func(f benchFigure) bool { return f.Value <= 1200 }},
	"crawl_100k":                     {"≥ 95% of the limit (ratio ≥ 0.95)", func(f benchFigure) bool { return f.Ratio >= 0.95 }},
	"crawl_100k_requests":            {"≤ 1.05 × the fewest possible (ratio ≤ 1.05)", func(f benchFigure) bool { return f.Ratio <= 1.05 }},
	"crawl_100k_429s":                {"0 surfaced", func(f benchFigure) bool { return f.Value == 0 }},
	"redirects_import_2000":          {"≥ 90% of the limit (ratio ≥ 0.9)", func(f benchFigure) bool { return f.Ratio >= 0.9 }},
	"redirects_import_2000_requests": {"≤ 1.02 × the fewest possible (ratio ≤ 1.02)", func(f benchFigure) bool { return f.Ratio <= 1.02 }},
	"redirects_import_2000_429s":     {"0 surfaced", func(f benchFigure) bool { return f.Value == 0 }},
	"mcp_call":                       {"≤ 20 ms and faster than a new process", func(f benchFigure) bool { return f.Value <= 20 && f.Value < f.Baseline }},
	"mcp_diff":                       {"faster than a new process", func(f benchFigure) bool { return f.Value < f.Baseline }},
	"mcp_burst_429s":                 {"0 surfaced", func(f benchFigure) bool { return f.Value == 0 }},
	"find_all_1m":                    {"≤ 16 ms, the slowest key", func(f benchFigure) bool { return f.Value <= 16 }},
	"sandbox_seed_100":               {"≤ 250 ms, well under a second", func(f benchFigure) bool { return f.Value <= 250 }},
	"export_100k":                    {"≤ 3 s, the whole process", func(f benchFigure) bool { return f.Value <= 3000 }},
	"rss_export_100k":                {"≤ 300 MB", func(f benchFigure) bool { return f.Value <= 300 }},
	"diff_100k":                      {"≤ 3 s, the whole process", func(f benchFigure) bool { return f.Value <= 3000 }},
	"rss_diff_100k":                  {"≤ 400 MB", func(f benchFigure) bool { return f.Value <= 400 }},
	// The team server (bench_serve_test.go).
	"serve_pacing":               {"≥ 90% of the limit (ratio ≥ 0.9)", func(f benchFigure) bool { return f.Ratio >= 0.9 }},
	"serve_pacing_429s":          {"0 surfaced, while processes pacing alone trip", func(f benchFigure) bool { return f.Value == 0 && f.Baseline > 0 }},
	"serve_frame":                {"≤ 50 ms", func(f benchFigure) bool { return f.Value <= 50 }},
	"serve_frame_p95":            {"≤ 100 ms", func(f benchFigure) bool { return f.Value <= 100 }},
	"serve_mem_per_session":      {"≤ a quarter of a local browser (ratio ≤ 0.25)", func(f benchFigure) bool { return f.Ratio <= 0.25 }},
	"crawl_100_subaccounts":      {"≥ 80% of what the limits allow (ratio ≥ 0.8)", func(f benchFigure) bool { return f.Ratio >= 0.8 }},
	"crawl_100_subaccounts_429s": {"0 surfaced", func(f benchFigure) bool { return f.Value == 0 }},
	"find_100_subaccounts":       {"about the time of one: ≤ 1.5 × find in one sub-account", func(f benchFigure) bool { return f.Ratio <= 1.5 }},
	"snapshot_100k":              {"≤ 1.3 × reading the index whole (ratio ≤ 1.3)", func(f benchFigure) bool { return f.Ratio <= 1.3 }},
	"check_10k_urls":             {"≤ 2.5 s, the whole process (2 × the politeness bound)", func(f benchFigure) bool { return f.Value <= 2500 }},
	"rss_check_10k_urls":         {"≤ 150 MB", func(f benchFigure) bool { return f.Value <= 150 }},
}

// finish fills in the ratio and the budget of f, rounding its numbers for reading.
func (f benchFigure) finish() benchFigure {
	f.Value, f.Baseline = round3(f.Value), round3(f.Baseline)
	for _, v := range []**float64{&f.Quiet, &f.Noisy} {
		if *v != nil {
			r := round3(**v)
			*v = &r
		}
	}
	if f.Baseline != 0 {
		f.Ratio = round3(f.Value / f.Baseline)
	}
	if b, ok := budgets[f.Name]; ok {
		f.Budget = b.text
		within := b.ok(f)
		f.Within = &within
	}
	return f
}

// round3 keeps three significant digits (and at least three decimals).
func round3(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	digits := max(3, 2-int(math.Floor(math.Log10(math.Abs(x)))))
	p := math.Pow(10, float64(digits))
	return math.Round(x*p) / p
}

// runBenchmarks measures every figure of cfg. Progress goes to progress (nil: none).
func runBenchmarks(cfg benchConfig, progress io.Writer) (benchReport, error) {
	rep := benchReport{Machine: thisMachine(), Go: runtime.Version(), Date: time.Now().UTC().Format(time.RFC3339), Config: cfg.name}
	say := func(format string, args ...any) {
		if progress != nil {
			fmt.Fprintf(progress, format+"\n", args...)
		}
	}
	add := func(figs ...benchFigure) {
		for _, f := range figs {
			f = f.finish()
			say("  %-18s %10.3f %-5s (baseline %.3f)", f.Name, f.Value, f.Unit, f.Baseline)
			rep.Figures = append(rep.Figures, f)
		}
	}
	// The heap first, while the process holds nothing else.
	label := sizeLabel(cfg, cfg.heapPages)
	say("heap_%s: loading %d pages …", label, cfg.heapPages)
	figs, err := measureHeap(cfg, label)
	if err != nil {
		return rep, fmt.Errorf("heap: %w", err)
	}
	add(figs...)
	// The local index's figures next, its heap while the process holds little else.
	figs, err = measureIndexFigures(cfg, say)
	if err != nil {
		return rep, fmt.Errorf("index: %w", err)
	}
	add(figs...)
	figs, err = measureFindAll(cfg, say)
	if err != nil {
		return rep, fmt.Errorf("find_all_1m: %w", err)
	}
	add(figs...)
	say("sandbox_seed_100 …")
	add(measureSeedAgency(cfg))
	for _, sz := range cfg.sizes {
		say("render_%s …", sz.label)
		f, err := measureRender(cfg, sz)
		if err != nil {
			return rep, fmt.Errorf("render_%s: %w", sz.label, err)
		}
		add(f)
	}
	for _, sz := range cfg.sizes {
		say("filter_%s …", sz.label)
		f, err := measureFilter(cfg, sz)
		if err != nil {
			return rep, fmt.Errorf("filter_%s: %w", sz.label, err)
		}
		add(f)
	}
	say("startup_version …")
	f, err := measureStartupVersion(cfg.startupRounds)
	if err != nil {
		return rep, fmt.Errorf("startup_version: %w", err)
	}
	add(f)
	say("startup_demo …")
	f, err = measureStartup(cfg)
	if err != nil {
		return rep, fmt.Errorf("startup_demo: %w", err)
	}
	add(f)
	if cfg.ptyRounds > 0 {
		say("startup_demo_pty …")
		f, err := measureStartupPTY(cfg, binPath)
		var skip errSkip
		switch {
		case errors.As(err, &skip):
			say("  startup_demo_pty skipped: %v", err)
		case err != nil:
			return rep, fmt.Errorf("startup_demo_pty: %w", err)
		default:
			add(f)
		}
	}
	figs, err = measureNetFigures(cfg, say)
	if err != nil {
		return rep, fmt.Errorf("network: %w", err)
	}
	add(figs...)
	figs, err = measureWideFigures(cfg, say)
	if err != nil {
		return rep, fmt.Errorf("the 10,000-funnel root: %w", err)
	}
	add(figs...)
	say("pacing: %d requests at %d per %v …", cfg.pacing.requests, cfg.pacing.limit, cfg.pacing.window)
	figs, err = measurePacing(cfg)
	if err != nil {
		return rep, fmt.Errorf("pacing: %w", err)
	}
	add(figs...)
	say("the figures at scale: an index of %d funnels × %d steps × %d pages …", cfg.scale.funnels, cfg.scale.steps, cfg.scale.pages)
	figs, err = measureScaleFigures(cfg, say)
	if err != nil {
		return rep, fmt.Errorf("scale: %w", err)
	}
	add(figs...)
	say("redirects_import_2000: %d rows at %d per %v …", cfg.redirects.rows, cfg.redirects.limit, cfg.redirects.window)
	figs, err = measureRedirectsImport(cfg.redirects)
	if err != nil {
		return rep, fmt.Errorf("redirects_import_2000: %w", err)
	}
	add(figs...)
	say("mcp_call, mcp_diff, mcp_burst_429s …")
	figs, err = measureMCP(cfg)
	if err != nil {
		return rep, fmt.Errorf("mcp: %w", err)
	}
	add(figs...)
	figs, err = measureServeFigures(cfg, say)
	var skip errSkip
	switch {
	case errors.As(err, &skip):
		say("  serve figures skipped: %v", err)
	case err != nil:
		return rep, fmt.Errorf("serve: %w", err)
	default:
		add(figs...)
	}
	say("crawl_100_subaccounts: %d sub-accounts at %d per %v, %d at once …", cfg.fanout.subAccounts, cfg.fanout.limit, cfg.fanout.window, cfg.fanout.concurrency)
	figs, err = measureFanoutCrawl(cfg.fanout)
	if err != nil {
		return rep, fmt.Errorf("crawl_100_subaccounts: %w", err)
	}
	add(figs...)
	say("check_10k_urls: %d hosts × %d steps answering after %v, %d at once a host …", cfg.check.hosts, cfg.check.stepsPerHost, cfg.check.delay, cfg.check.perHost)
	if figs, err = measureCheck(cfg.check); err != nil {
		return rep, fmt.Errorf("check_10k_urls: %w", err)
	}
	add(figs...)
	return rep, nil
}

// sizeLabel is the label of n among cfg's sizes ("100k"), or n itself.
func sizeLabel(cfg benchConfig, n int) string {
	for _, sz := range cfg.sizes {
		if sz.n == n {
			return sz.label
		}
	}
	return fmt.Sprint(n)
}

// thisMachine names the machine: host, CPU model, cores.
func thisMachine() benchMachine {
	m := benchMachine{Cores: runtime.NumCPU(), OS: runtime.GOOS + "/" + runtime.GOARCH}
	m.Hostname, _ = os.Hostname()
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	if m.CPU == "" {
		m.CPU = "unknown (" + runtime.GOARCH + ")"
	}
	return m
}

// writeReportJSON writes rep as indented JSON.
func writeReportJSON(w io.Writer, rep benchReport) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// writeReportTable writes rep as the table `make bench` prints.
func writeReportTable(w io.Writer, rep benchReport) error {
	fmt.Fprintf(w, "funnels benchmarks (%s) · %s · %s, %d cores · %s · %s\n\n",
		rep.Config, rep.Machine.Hostname, rep.Machine.CPU, rep.Machine.Cores, rep.Go, rep.Date)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "figure\tvalue\tbaseline\tratio\tbudget\twithin budget\tbaseline is")
	for _, f := range rep.Figures {
		within := "—"
		if f.Within != nil {
			within = map[bool]string{true: "yes", false: "NO"}[*f.Within]
		}
		budget := f.Budget
		if budget == "" {
			budget = "(informational)"
		}
		fmt.Fprintf(tw, "%s\t%s %s\t%s %s\t%s\t%s\t%s\t%s\n", f.Name, num(f.Value), f.Unit, num(f.Baseline), f.Unit,
			num(f.Ratio), budget, within, f.BaselineIs)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, f := range rep.Figures {
		if f.Note != "" {
			fmt.Fprintf(w, "%s: %s\n", f.Name, f.Note)
		}
	}
	return nil
}

// num prints a figure's number without trailing zeros.
func num(x float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", x), "0"), ".")
}

// TestBenchReport is `make bench`: it runs only when FUNNELS_BENCH_REPORT names the
// file to write (FUNNELS_BENCH_CONFIG=tiny runs the tiny configuration instead).
func TestBenchReport(t *testing.T) {
	out := os.Getenv("FUNNELS_BENCH_REPORT")
	if out == "" {
		t.Skip("set FUNNELS_BENCH_REPORT to the report's path to run the benchmarks (make bench)")
	}
	cfg := fullBench
	if os.Getenv("FUNNELS_BENCH_CONFIG") == "tiny" {
		cfg = tinyBench // to try the harness quickly
	}
	rep, err := runBenchmarks(cfg, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeReportJSON(&buf, rep); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeReportTable(os.Stdout, rep); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("\nwritten to %s\n", out)
}

// TestBenchHarness runs every figure on the tiny configuration and checks the report
// is valid JSON holding every figure with its baseline, the machine, the Go version
// and the date, and that the table shows them. It checks no number: budgets are for
// `make bench`.
func TestBenchHarness(t *testing.T) {
	t.Parallel()
	rep, err := runBenchmarks(tinyBench, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeReportJSON(&buf, rep); err != nil {
		t.Fatal(err)
	}
	if !json.Valid(buf.Bytes()) {
		t.Fatalf("the report is not valid JSON:\n%s", buf.String())
	}
	var back struct {
		Machine map[string]any   `json:"machine"`
		Go      string           `json:"go"`
		Date    string           `json:"date"`
		Figures []map[string]any `json:"figures"`
	}
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Machine["hostname"] == "" || back.Machine["cpu"] == "" || back.Machine["cores"].(float64) < 1 || back.Go == "" {
		t.Fatalf("the report does not name the machine and Go:\n%s", buf.String())
	}
	if _, err := time.Parse(time.RFC3339, back.Date); err != nil {
		t.Fatalf("date %q: %v", back.Date, err)
	}
	byName := map[string]map[string]any{}
	for _, f := range back.Figures {
		for _, k := range []string{"name", "value", "unit", "baseline", "ratio"} {
			if _, ok := f[k]; !ok {
				t.Fatalf("figure %v has no %q", f, k)
			}
		}
		byName[f["name"].(string)] = f
	}
	var table bytes.Buffer
	if err := writeReportTable(&table, rep); err != nil {
		t.Fatal(err)
	}
	for _, name := range requiredFigures {
		f, ok := byName[name]
		if !ok {
			t.Fatalf("the report has no %s:\n%s", name, buf.String())
		}
		if _, ok := f["within_budget"].(bool); !ok {
			t.Errorf("%s has no within_budget", name)
		}
		if f["unit"] == "" || f["baseline_is"] == "" {
			t.Errorf("%s: unit or baseline missing: %v", name, f)
		}
		if name != "pacing_429s" && name != "redirects_import_2000_429s" && name != "mcp_burst_429s" && f["baseline"].(float64) <= 0 {
			t.Errorf("%s: the baseline was not measured: %v", name, f)
		}
		if !strings.Contains(table.String(), name+" ") {
			t.Errorf("the table has no %s:\n%s", name, table.String())
		}
	}
}
