package e2e

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/ui"
)

// The shape agencies meet that crawl_100k's hides: 100,000 pages as 10,000 funnels
// of 10, every one at the root, so the root's listing is one 35 MB answer. Over one
// sandbox of that shape: the crawl at the limit, `funnels steps` of one funnel (the
// requests it sends, with an index and without), `funnels find` right after a
// browser start against it, and the first rows of the root with no index, the server
// 300 ms away.

// wideConfig sizes the figures of the wide location.
type wideConfig struct {
	funnels, pagesPer, limit int
	rounds                   int // of find after a browser start, and of the first rows
}

// measureWideFigures measures the figures of the wide location.
func measureWideFigures(cfg benchConfig, say func(string, ...any)) ([]benchFigure, error) {
	wc := cfg.wide
	sb, err := sandbox.Start("127.0.0.1:0", sandbox.Options{Limit: wc.limit, Window: time.Second,
		Bulk: sandbox.Bulk{Funnels: wc.funnels, PagesPerFunnel: wc.pagesPer}})
	if err != nil {
		return nil, err
	}
	defer sb.Close()
	dir, err := os.MkdirTemp("", "funnels-bench-wide-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	baseURL, loc := sb.URL, sb.Server.LocationID()
	path := index.PathFor(filepath.Join(dir, "cache", "funnels"), benchProfile, baseURL, loc)
	ic := indexConfig{crawlFunnels: wc.funnels, crawlPagesPer: wc.pagesPer, crawlLimit: wc.limit, crawlWindow: time.Second}
	const label = "crawl_100k_10k_funnels"
	say("%s: %d funnels of %d pages at the root, at %d a second, twice …", label, wc.funnels, wc.pagesPer, wc.limit)
	var store *index.Store
	figs, err := measureTwice(cfg, nil, func() ([]benchFigure, error) {
		_ = os.RemoveAll(filepath.Dir(path))
		store = index.Open(path, index.KeyOf(baseURL, loc))
		sb.Server.ResetLog()
		f, err := crawlFigures(sb, store, ic, label)
		for i := range f {
			f[i].Note = strings.TrimSpace(f[i].Note + fmt.Sprintf(" (the same 100,000 pages as crawl_100k, as %d funnels of %d at the root: the root's listing one answer of %.0f MB)", wc.funnels, wc.pagesPer, float64(answerSize(sb, "/funnels/funnel/folder/entities"))/1e6))
		}
		return f, err
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", label, err)
	}
	sb.Server.SetFaults(sandbox.Faults{}) // the limit stays; no latency yet
	say("steps_10k_requests (the binary's requests) …")
	sf, err := measureStepsRequests(dir, sb, store, "10k")
	if err != nil {
		return nil, fmt.Errorf("steps: %w", err)
	}
	figs = append(figs, sf...)
	say("find_after_start_10k_root (a browser start against the sandbox before each) …")
	ff, err := measureFindAfterWideStart(dir, sb, store, cfg)
	if err := skipped(err, "find_after_start_10k_root", say); err != nil {
		return nil, err
	}
	figs = append(figs, ff...)
	say("first_rows_cold_10k_root (no index, the sandbox 300 ms away) …")
	rf, err := measureFirstRowsCold(sb, wc)
	if err != nil {
		return nil, fmt.Errorf("first rows: %w", err)
	}
	return append(figs, rf), nil
}

// answerSize is the size of the answer of GET path from sb, read with a bare request.
func answerSize(sb *sandbox.Running, path string) int {
	req, err := http.NewRequest(http.MethodGet, sb.URL+path+"?locationId="+sb.Server.LocationID(), nil)
	if err != nil {
		return 0
	}
	req.Header.Set("Version", client.DefaultAPIVersion)
	req.Header.Set("Authorization", "Bearer "+sb.Server.DemoToken())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	defer res.Body.Close()
	n, _ := io.Copy(io.Discard, res.Body)
	return int(n)
}

// measureStepsRequests is steps_LABEL_requests and steps_LABEL_requests_unindexed:
// the requests `funnels steps ID --json` sends for the last funnel of the location,
// with the crawled index beside it and with none, against what the funnel list whole
// costs (the only documented source of a funnel's steps).
func measureStepsRequests(dir string, sb *sandbox.Running, store *index.Store, label string) ([]benchFigure, error) {
	ctx := context.Background()
	snap, err := store.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	id := snap.Funnels[len(snap.Funnels)-1].ID
	listPages := ceilDiv(len(snap.Funnels), 100)
	count := func(cache string) (int, time.Duration, error) {
		env := []string{"HOME=" + dir, "XDG_CACHE_HOME=" + cache, "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
			"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "PATH=" + os.Getenv("PATH"), "FUNNELS_INSECURE_STORAGE=1"}
		cmd := exec.Command(binPath, append([]string{"steps", id, "--json"}, "--profile", benchProfile, "--base-url", sb.URL,
			"--token", sb.Server.DemoToken(), "--location", sb.Server.LocationID())...)
		cmd.Env = env
		sb.Server.ResetLog()
		t0 := time.Now()
		out, err := cmd.CombinedOutput()
		took := time.Since(t0)
		if err != nil || !strings.Contains(string(out), `"steps"`) && !strings.Contains(string(out), `"id"`) {
			return 0, took, fmt.Errorf("funnels steps %s: %v\n%.500s", id, err, out)
		}
		return len(sb.Server.Requests()), took, nil
	}
	indexed, ti, err := count(filepath.Join(dir, "cache"))
	if err != nil {
		return nil, err
	}
	empty := filepath.Join(dir, "empty-cache")
	unindexed, tu, err := count(empty)
	if err != nil {
		return nil, err
	}
	return []benchFigure{{
		Name: "steps_" + label + "_requests", N: len(snap.Funnels), Value: float64(indexed), Unit: "requests", Baseline: float64(listPages),
		BaselineIs: "the funnel list read whole, 100 a request: the only documented source of a funnel's steps",
		Note:       fmt.Sprintf("the binary's `funnels steps ID --json` for one of %d funnels, the location indexed beside it; %.0f ms", len(snap.Funnels), ms(ti)),
	}, {
		Name: "steps_" + label + "_requests_unindexed", N: len(snap.Funnels), Value: float64(unindexed), Unit: "requests", Baseline: float64(listPages),
		BaselineIs: "the funnel list read whole, 100 a request",
		Note:       fmt.Sprintf("the same with no index; %.0f ms", ms(tu)),
	}}, nil
}

// measureFindAfterWideStart is find_after_start_LABEL_root: `funnels find` right after
// the binary, started against the sandbox, listed the 10,000-funnel root and wrote it
// into the index, against the same find before (the catalog current).
func measureFindAfterWideStart(dir string, sb *sandbox.Running, store *index.Store, cfg benchConfig) ([]benchFigure, error) {
	wc := cfg.wide
	peakrss, err := testdataBin(dir, "peakrss")
	if err != nil {
		return nil, err
	}
	const label = "10k_root"
	const query = "bulk 77"
	var before, after []time.Duration
	for r := range max(1, min(wc.rounds, cfg.startRounds)) {
		t, _, err := findRun(dir, peakrss, sb.URL, query, sb.Server.DemoToken(), sb.Server.LocationID())
		if err != nil {
			return nil, err
		}
		before = append(before, t)
		if err := browserStart(dir, sb.URL, store, fmt.Sprintf("wide-%d", r), false, sb.Server.DemoToken(), sb.Server.LocationID()); err != nil {
			return nil, err
		}
		t, _, err = findRun(dir, peakrss, sb.URL, query, sb.Server.DemoToken(), sb.Server.LocationID())
		if err != nil {
			return nil, err
		}
		after = append(after, t)
	}
	return []benchFigure{{
		Name: "find_after_start_" + label, N: wc.funnels, Value: ms(median(after)), Unit: "ms", Baseline: ms(median(before)),
		BaselineIs: "the same find before the browser start (the catalog current)",
		Note: fmt.Sprintf("the binary, `funnels find %q` over a crawled location of %d funnels of %d pages at the root, right after the binary started against the sandbox listed the root and wrote it into the index; median of %d (slowest %.0f ms)",
			query, wc.funnels, wc.pagesPer, len(after), ms(slicesMax(after))),
	}}, nil
}

// measureFirstRowsCold is first_rows_cold_LABEL_root: the browser with no index, the
// sandbox holding every answer 300 ms, from the first byte of the root's answer (when
// its headers arrive: the sandbox writes them with the body, after encoding the whole
// of it) to the first frame that lists its first funnel, in process; against the whole
// answer read and decoded by the client alone (BrowseFolder), from its first byte too.
func measureFirstRowsCold(sb *sandbox.Running, wc wideConfig) (benchFigure, error) {
	tr := &firstByteTransport{path: "/funnels/funnel/folder/entities"}
	c, err := client.New(client.Options{
		BaseURL: sb.URL, LocationID: sb.Server.LocationID(), UserAgent: benchUserAgent, HTTPClient: &http.Client{Transport: tr},
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
	})
	if err != nil {
		return benchFigure{}, err
	}
	sb.Server.SetFaults(sandbox.Faults{FixedLatency: netLatency})
	defer sb.Server.SetFaults(sandbox.Faults{})
	ctx := context.Background()
	var rows, whole, fromStart []time.Duration
	for range max(1, wc.rounds) {
		t0 := time.Now()
		d := newDriver(ui.Options{Client: c, Profile: "bench", LocationID: sb.Server.LocationID(), Theme: "dark"}, termW, termH)
		if err := d.waitFor(folderFirstRow, 2*time.Minute); err != nil {
			return benchFigure{}, err
		}
		now := time.Now()
		rows = append(rows, now.Sub(tr.arrived()))
		fromStart = append(fromStart, now.Sub(t0)-netLatency)
		_ = c.Idle(ctx)
		d.settle(300 * time.Millisecond)
		if _, _, err := c.BrowseFolder(ctx, ""); err != nil && !errors.Is(err, client.ErrIncompleteList) {
			return benchFigure{}, err
		}
		whole = append(whole, time.Since(tr.arrived()))
	}
	return benchFigure{
		Name: "first_rows_cold_10k_root", N: wc.funnels, Value: ms(median(rows)), Unit: "ms", Baseline: ms(median(whole)),
		BaselineIs: "the client alone reading and decoding the root's whole answer (BrowseFolder), from its first byte",
		Note: fmt.Sprintf("ui.New + Init with no index until the first frame lists the root's first funnel, from the first byte of the root's answer (the sandbox holds it %v, then encodes it whole), in process, median of %d; from the start less the %v: %.0f ms",
			netLatency, len(rows), netLatency, ms(median(fromStart))),
	}, nil
}

// firstByteTransport notes when the newest answer to path began to arrive.
type firstByteTransport struct {
	path string
	mu   sync.Mutex
	at   time.Time
}

func (t *firstByteTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := http.DefaultTransport.RoundTrip(r)
	if err == nil && r.URL.Path == t.path {
		t.mu.Lock()
		t.at = time.Now()
		t.mu.Unlock()
	}
	return res, err
}

func (t *firstByteTransport) arrived() time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.at
}
