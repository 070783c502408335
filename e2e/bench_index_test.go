package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/list"
	tea "charm.land/bubbletea/v2"
	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/ui"
)

// The figures of the local index: the first frame from a warm index against a cold
// start, a whole crawl of a large location against the rate limit and the fewest
// requests possible, one key of "go to anything" over 100,000 pages against
// bubbles/list's filter over the same keys, and the heap and the disk such an index
// takes.

// indexConfig sizes the index figures.
type indexConfig struct {
	firstFrameRounds  int
	firstFrameLatency time.Duration // how long the sandbox takes to answer
	crawlFunnels      int           // bulk funnels added to the seed
	crawlPagesPer     int
	crawlLimit        int
	crawlWindow       time.Duration
	// The index of the go-to and heap figures: funnels × steps × pages per step.
	bigFunnels, bigSteps, bigPages int
	gotoRounds                     int
	// The first frame of a big folder: bulk funnels at the root, steps each.
	folderFunnels, folderSteps int
}

// indexPages is how many pages the big index holds.
func (c indexConfig) indexPages() int { return c.bigFunnels * c.bigSteps * c.bigPages }

// gotoQuery is typed one key at a time in the go-to figure.
const gotoQuery = "spring offer 26"

// measureIndexFigures measures every figure of the local index: the heap first (the
// process holds little else yet), then, twice (as the machine is and beside a busy
// core, bench_noise_test.go), go to anything, find, the binary in a terminal, export
// and diff and the snapshot; then go to anything and find right after a browser start
// against a live server; then the first frame and the crawl.
func measureIndexFigures(cfg benchConfig, say func(string, ...any)) ([]benchFigure, error) {
	ic := cfg.index
	dir, err := os.MkdirTemp("", "funnels-bench-index-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	live, err := startBenchLive()
	if err != nil {
		return nil, err
	}
	defer live.off()
	say("an index of %d pages …", ic.indexPages())
	store, raw, err := bigIndex(dir, ic, live.url())
	if err != nil {
		return nil, fmt.Errorf("big index: %w", err)
	}
	const label = "100k"
	say("cache_heap_%s …", label)
	figs, err := measureIndexHeap(store, raw, ic, label)
	if err != nil {
		return nil, fmt.Errorf("cache_heap: %w", err)
	}
	twice, err := measureTwice(cfg, indexFiles(store.Path()), func() ([]benchFigure, error) {
		return measureIndexTwice(dir, live.url(), store, ic, label, say)
	})
	if err != nil {
		return nil, err
	}
	figs = append(figs, twice...)
	say("goto_open_after_start_%s, find_after_start_%s (a browser start against a live server before each) …", label, label)
	af, err := measureAfterStart(dir, live, store, gotoItems(ic), cfg.startRounds, label, twice)
	if err := skipped(err, "the figures after a browser start", say); err != nil {
		return nil, err
	}
	figs = append(figs, af...)
	say("first_frame_cached: %d rounds, the sandbox answering after %v …", ic.firstFrameRounds, ic.firstFrameLatency)
	f, err := measureFirstFrame(ic)
	if err != nil {
		return nil, fmt.Errorf("first_frame_cached: %w", err)
	}
	figs = append(figs, f)
	say("first_frame_cached_10k_folder: a root of %d funnels of %d steps, the sandbox answering after %v …", ic.folderFunnels, ic.folderSteps, ic.firstFrameLatency)
	f, err = measureFirstFrameFolder(ic.folderFunnels, ic.folderSteps, ic.firstFrameRounds, ic.firstFrameLatency, "10k")
	if err != nil {
		return nil, fmt.Errorf("first_frame_cached_10k_folder: %w", err)
	}
	figs = append(figs, f)
	say("crawl_10k: %d funnels of %d pages at %d per %v …", ic.crawlFunnels, ic.crawlPagesPer, ic.crawlLimit, ic.crawlWindow)
	cf, err := measureCrawl(ic)
	if err != nil {
		return nil, fmt.Errorf("crawl: %w", err)
	}
	return append(figs, cf...), nil
}

// measureIndexTwice is the index figures measured twice: go to anything's open and
// keys, find, the binary in a terminal, export and diff, the snapshot.
func measureIndexTwice(dir, baseURL string, store *index.Store, ic indexConfig, label string, say func(string, ...any)) ([]benchFigure, error) {
	say("goto_open_%s …", label)
	of, err := measureGotoOpen(store, ic, label)
	if err != nil {
		return nil, fmt.Errorf("goto_open: %w", err)
	}
	say("find_%s (the binary) …", label)
	ff, err := measureFind(dir, baseURL, store, ic, label)
	if err != nil {
		return nil, fmt.Errorf("find: %w", err)
	}
	say("key_to_screen_%s, rss_browser_%s (the binary in tmux) …", label, label)
	bf, err := measureBrowserFigures(dir, baseURL, store, ic, label)
	if err != nil {
		return nil, fmt.Errorf("key_to_screen: %w", err)
	}
	ff = append(ff, bf...)
	say("export_%s and diff_%s (the binary) …", label, label)
	ef, err := measureExportFigures(dir, baseURL, ic, label)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	ff = append(ff, ef...)
	say("goto_%s …", label)
	gf, err := measureGoto(store, ic, label)
	if err != nil {
		return nil, fmt.Errorf("goto: %w", err)
	}
	say("snapshot_%s …", label)
	sf, err := measureSnapshot(store, ic, label)
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	return append(append([]benchFigure{gf, of}, ff...), sf), nil
}

// measureAfterStart is goto_open_after_start_LABEL and find_after_start_LABEL. The
// first: ctrl+p in the binary (a new process, nothing answering, so it writes nothing)
// right after a browser start against the live server, against the same open in the
// binary with no browser start before it (all of those first: what a start leaves
// behind lasts seconds); the median of each. The second: the first `funnels find` (the
// binary) right after a browser start, a start before each, the median of rounds,
// against find_LABEL of before (the catalog current).
func measureAfterStart(dir string, live *benchLive, store *index.Store, items, rounds int, label string, before []benchFigure) ([]benchFigure, error) {
	peakrss, err := testdataBin(dir, "peakrss")
	if err != nil {
		return nil, err
	}
	defer live.off()
	var opensBefore, opens, finds []time.Duration
	var rss []float64
	live.off()
	for r := range max(1, rounds) {
		b, err := gotoOpenInBinary(dir, live.url(), items, fmt.Sprintf("%s-b%d", label, r))
		if err != nil {
			return nil, err
		}
		opensBefore = append(opensBefore, b)
	}
	for r := range max(1, rounds) {
		if err := live.serve(store); err != nil {
			return nil, err
		}
		if err := browserStart(dir, live.url(), store, fmt.Sprintf("%s-o%d", label, r), true); err != nil {
			return nil, err
		}
		live.off()
		a, err := gotoOpenInBinary(dir, live.url(), items, fmt.Sprintf("%s-a%d", label, r))
		if err != nil {
			return nil, err
		}
		opens = append(opens, a)
		if err := live.serve(store); err != nil {
			return nil, err
		}
		if err := browserStart(dir, live.url(), store, fmt.Sprintf("%s-f%d", label, r), true); err != nil {
			return nil, err
		}
		t, m, err := findRun(dir, peakrss, live.url(), gotoQuery)
		if err != nil {
			return nil, err
		}
		finds, rss = append(finds, t), append(rss, m)
	}
	out := []benchFigure{{
		Name: "goto_open_after_start_" + label, N: items, Value: ms(median(opens)), Unit: "ms", Baseline: ms(median(opensBefore)),
		BaselineIs: "the same open in the binary with no browser start before it (the catalog current)",
		Note: fmt.Sprintf("right after the binary, started against a live server answering what the index holds, listed the root and opened a folder, writing what it read into the index: the binary started again in tmux %d×%d (nothing answering), ctrl+p until go to anything lists all %d items, median of %d (slowest %.0f ms; before the start: slowest %.0f ms)",
			termW, termH, items, len(opens), ms(slicesMax(opens)), ms(slicesMax(opensBefore))),
	}}
	for _, f := range before {
		if f.Name == "find_"+label {
			out = append(out, afterStartFigure(f, benchFigure{N: items, Value: ms(median(finds)), Unit: "ms",
				Note: fmt.Sprintf("the binary, `funnels find %q`, start to exit, median of %d (slowest %.0f ms); its peak RSS %.0f MB", gotoQuery, len(finds), ms(slicesMax(finds)), medianF(rss))}, "find"))
		}
	}
	return out, nil
}

// countingTransport counts the requests a client sends, when, and the 429s answered
// (the sandbox's own log keeps only the newest 10,000).
type countingTransport struct {
	mu          sync.Mutex
	n, tooMany  int
	first, last time.Time
}

func (t *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	now := time.Now()
	res, err := http.DefaultTransport.RoundTrip(r)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.n++
	if t.first.IsZero() || now.Before(t.first) {
		t.first = now
	}
	if now.After(t.last) {
		t.last = now
	}
	if err == nil && res.StatusCode == http.StatusTooManyRequests {
		t.tooMany++
	}
	return res, err
}

// tally is how many requests were sent, how many answered 429, and when the first
// and the last were sent.
func (t *countingTransport) tally() (n, tooMany int, first, last time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.n, t.tooMany, t.first, t.last
}

// benchClient is a client of sb as the program builds one.
func benchClient(sb *sandbox.Running) (*client.Client, error) {
	return client.New(client.Options{
		BaseURL: sb.URL, LocationID: sb.Server.LocationID(), UserAgent: benchUserAgent,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
	})
}

// benchSite is a sandbox, a client of it as the program builds one, and an index of
// its location in a directory of its own.
type benchSite struct {
	sb        *sandbox.Running
	client    *client.Client
	path, key string // the index's file and key, to open it again
	store     *index.Store
	dir       string
}

// startBenchSite starts a sandbox with opts and an index for it under a directory
// named after what it is for.
func startBenchSite(opts sandbox.Options, what string) (*benchSite, error) {
	sb, err := sandbox.Start("127.0.0.1:0", opts)
	if err != nil {
		return nil, err
	}
	c, err := benchClient(sb)
	if err != nil {
		sb.Close()
		return nil, err
	}
	dir, err := os.MkdirTemp("", "funnels-bench-"+what+"-")
	if err != nil {
		sb.Close()
		return nil, err
	}
	s := &benchSite{sb: sb, client: c, dir: dir, path: filepath.Join(dir, "index.db"), key: index.KeyOf(sb.URL, sb.Server.LocationID())}
	s.store = index.Open(s.path, s.key)
	return s, nil
}

func (s *benchSite) close() {
	s.sb.Close()
	os.RemoveAll(s.dir)
}

// measureFirstFrame is the browser from ui.New to the first frame showing a seeded
// funnel, the sandbox taking firstFrameLatency to answer: with a warm index (built
// before), against the same start with none, in alternating rounds.
func measureFirstFrame(ic indexConfig) (benchFigure, error) {
	site, err := startBenchSite(sandbox.Options{}, "frame")
	if err != nil {
		return benchFigure{}, err
	}
	defer site.close()
	sb, c, store := site.sb, site.client, site.store
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if _, err := (&index.Crawler{Client: c, Store: store}).Run(ctx); err != nil {
		return benchFigure{}, err
	}
	sb.Server.SetFaults(sandbox.Faults{FixedLatency: ic.firstFrameLatency})
	start := func(idx *index.Store) (time.Duration, error) {
		runtime.GC()
		t0 := time.Now()
		d := newDriver(ui.Options{Client: c, Profile: "bench", LocationID: sb.Server.LocationID(), Theme: "dark", Index: idx}, termW, termH)
		err := d.waitFor("Spring Sale 2026", 30*time.Second)
		return time.Since(t0), err
	}
	var warm, cold []time.Duration
	for range ic.firstFrameRounds {
		w, err := start(store)
		if err != nil {
			return benchFigure{}, err
		}
		cl, err := start(nil)
		if err != nil {
			return benchFigure{}, err
		}
		warm, cold = append(warm, w), append(cold, cl)
	}
	_ = c.Idle(ctx) // the warm starts' own reads of the folder, still on their way
	tw, tc := median(warm), median(cold)
	return benchFigure{
		Name: "first_frame_cached", Value: ms(tw), Unit: "ms", Baseline: ms(tc),
		BaselineIs: fmt.Sprintf("the same start with no index (cold): the first frame waits for the server's answer (%v)", ic.firstFrameLatency),
		Note: fmt.Sprintf("ui.New + Init until the first frame shows a seeded funnel, in process, median of %d; slowest warm %.1f ms",
			len(warm), ms(slicesMax(warm))),
	}, nil
}

func slicesMax(xs []time.Duration) time.Duration {
	m := time.Duration(0)
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// measureCrawl crawls the seed plus crawlFunnels bulk funnels, against a sandbox
// limited to crawlLimit per crawlWindow, with the client built as the program builds
// it (it learns the limit from the first answer).
func measureCrawl(ic indexConfig) ([]benchFigure, error) {
	sb, err := sandbox.Start("127.0.0.1:0", sandbox.Options{Limit: ic.crawlLimit, Window: ic.crawlWindow,
		Bulk: sandbox.Bulk{Funnels: ic.crawlFunnels, PagesPerFunnel: ic.crawlPagesPer}})
	if err != nil {
		return nil, err
	}
	defer sb.Close()
	dir, err := os.MkdirTemp("", "funnels-bench-crawl-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	return crawlFigures(sb, index.Open(filepath.Join(dir, "index.db"), index.KeyOf(sb.URL, sb.Server.LocationID())), ic, "crawl_10k")
}

// crawlFigures crawls sb's location into store with a client built as the program
// builds one, and makes the figures LABEL, LABEL_requests and LABEL_429s of it.
func crawlFigures(sb *sandbox.Running, store *index.Store, ic indexConfig, label string) ([]benchFigure, error) {
	seen := &countingTransport{}
	c, err := client.New(client.Options{
		BaseURL: sb.URL, LocationID: sb.Server.LocationID(), UserAgent: benchUserAgent, HTTPClient: &http.Client{Transport: seen},
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
	})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	t0 := time.Now()
	p, err := (&index.Crawler{Client: c, Store: store}).Run(ctx)
	elapsed := time.Since(t0)
	surfaced := 0
	switch {
	case errors.Is(err, client.ErrRateLimited):
		surfaced++ // counted against the budget, not a failure of the harness
	case err != nil:
		return nil, err
	}
	snap, err := store.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	// The fewest requests that can read it all: one folder-entities request per folder
	// and the root, the funnel list 100 at a time, each funnel's pages 20 at a time,
	// the redirects 100 at a time. The page list says no total, so a funnel's pages
	// end at a short or empty answer: one more request where they fill their last
	// (asking the count instead costs the same request).
	perFunnel := map[string]int{}
	for _, pg := range snap.Pages {
		perFunnel[pg.FunnelID]++
	}
	fewest := len(snap.Folders) + 1 + ceilDiv(len(snap.Funnels), 100) + max(1, ceilDiv(len(snap.Redirects), 100))
	for _, f := range snap.Funnels {
		fewest += perFunnel[f.ID]/20 + 1
	}
	used, server429, first, last := seen.tally()
	wantFunnels, wantPages := 25+ic.crawlFunnels, 120+ic.crawlFunnels*ic.crawlPagesPer
	if len(snap.Funnels) != wantFunnels || len(snap.Pages) != wantPages {
		return nil, fmt.Errorf("the crawl read %d funnels and %d pages, want %d and %d", len(snap.Funnels), len(snap.Pages), wantFunnels, wantPages)
	}
	limitRate := float64(ic.crawlLimit) / ic.crawlWindow.Seconds()
	// The pace of the requests: from the first to arrive to the last, one interval at
	// the limit's rate added for the last one's own share of the time.
	span := last.Sub(first) + time.Duration(float64(time.Second)/limitRate)
	rate := float64(used) / span.Seconds()
	return []benchFigure{{
		Name: label, N: wantPages, Value: rate, Unit: "req/s", Baseline: limitRate,
		BaselineIs: fmt.Sprintf("the sandbox's rate limit, %d per %v", ic.crawlLimit, ic.crawlWindow),
		Note: fmt.Sprintf("requests over the time from the first to the last sent (%.2f s); %d funnels, %d pages, %d folders, %d redirects crawled in %.2f s in all, writes included, with %d requests (%s); the pacer keeps one request a window spare",
			span.Seconds(), len(snap.Funnels), len(snap.Pages), len(snap.Folders), len(snap.Redirects), elapsed.Seconds(), used, p.Line()),
	}, {
		Name: label + "_requests", N: wantPages, Value: float64(used), Unit: "requests", Baseline: float64(fewest),
		BaselineIs: "the fewest requests that read it all (entities per folder, 100 funnels, 20 pages, 100 redirects a request; a funnel's pages end at a short or empty answer)",
	}, {
		Name: label + "_429s", N: wantPages, Value: float64(surfaced), Unit: "429s", Baseline: float64(server429),
		BaselineIs: "429s the sandbox answered during the crawl (waited out inside the client, never surfaced)",
	}}, nil
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// bigIndex writes an index of bigFunnels funnels of bigSteps steps of bigPages pages,
// a hundred funnels a folder, straight into a store (no server: a crawl of it has its
// own figure), where the binary run for the bench profile finds it (benchFindArgs,
// cache under dir), marked crawled. It returns the store and how many bytes the
// records' JSON takes.
func bigIndex(dir string, ic indexConfig, baseURL string) (*index.Store, int, error) {
	store := index.Open(index.PathFor(filepath.Join(dir, "cache", "funnels"), benchProfile, baseURL, benchLocation),
		index.KeyOf(baseURL, benchLocation))
	ctx := context.Background()
	now := time.Now()
	raw := 0
	const perBatch = 200
	for from := 0; from < ic.bigFunnels; from += perBatch {
		err := store.Update(ctx, func(w *index.Writer) error {
			for fi := from; fi < min(from+perBatch, ic.bigFunnels); fi++ {
				folder := benchID('d', fi/100)
				if fi%100 == 0 {
					if err := w.PutFolder(index.Folder{ID: folder, Name: benchWords[(fi/100)%len(benchWords)] + " " + strconv.Itoa(fi/100),
						Type: "funnel", At: now.UnixMilli()}); err != nil {
						return err
					}
				}
				f := client.Funnel{ID: benchID('f', fi), Name: benchName(fi), Type: "funnel", URL: "/f" + strconv.Itoa(fi),
					DomainName: "offers" + strconv.Itoa(fi%7) + ".example.com", StepsKnown: true, DateUpdated: now, ParentID: folder}
				var pages []index.Page
				for s := range ic.bigSteps {
					sid := benchID('s', fi*ic.bigSteps+s)
					st := client.Step{ID: sid, Name: benchWords[s%len(benchWords)] + " Step", URL: "/f" + strconv.Itoa(fi) + "-" + strconv.Itoa(s),
						Type: "optin_funnel_page", Sequence: s + 1}
					for p := range ic.bigPages {
						i := (fi*ic.bigSteps+s)*ic.bigPages + p
						pg := index.PageOf(f.ID, client.Page{ID: benchID('p', i), StepID: sid, Name: benchName(i), DateUpdated: now}, now)
						st.Pages = append(st.Pages, pg.ID)
						pages = append(pages, pg)
						b, _ := json.Marshal(pg)
						raw += len(b)
					}
					f.Steps = append(f.Steps, st)
				}
				rec := index.FunnelOf(f, now)
				b, _ := json.Marshal(rec)
				raw += len(b)
				if err := w.PutFunnel(rec); err != nil {
					return err
				}
				if err := w.ReplacePages(f.ID, "", pages); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
	}
	if err := store.Update(ctx, func(w *index.Writer) error { return w.MarkCrawled() }); err != nil {
		return nil, 0, err
	}
	return store, raw, nil
}

// measureIndexHeap is the heap of the browser holding "go to anything" over the big
// index (every item read, sanitised and keyed), against the heap holding only the
// records read from the index; the file's size on disk is a figure of its own.
func measureIndexHeap(store *index.Store, raw int, ic indexConfig, label string) ([]benchFigure, error) {
	before := heapInUse()
	snap, err := store.Snapshot(context.Background())
	if err != nil {
		return nil, err
	}
	records := heapInUse()
	runtime.KeepAlive(snap)
	snap = nil

	d, err := openGoto(store, ic)
	if err != nil {
		return nil, err
	}
	kept := heapInUse()
	runtime.KeepAlive(d)
	st, err := os.Stat(store.Path())
	if err != nil {
		return nil, err
	}
	mb := func(b uint64) float64 { return float64(b) / 1e6 }
	return []benchFigure{{
		Name: "cache_heap_" + label, N: ic.indexPages(), Value: mb(kept), Unit: "MB", Baseline: mb(records),
		BaselineIs: "HeapInuse holding only the records read from the index (index.Snapshot)",
		Note: fmt.Sprintf("runtime.MemStats.HeapInuse after GC, the whole test process (%.1f MB before): the browser with go to anything open over %d pages in %d funnels of %d steps, %d folders; the index is %.1f MB on disk",
			mb(before), ic.indexPages(), ic.bigFunnels, ic.bigSteps, ceilDiv(ic.bigFunnels, 100), float64(st.Size())/1e6),
	}, {
		Name: "cache_disk_" + label, N: ic.indexPages(), Value: float64(st.Size()) / 1e6, Unit: "MB", Baseline: float64(raw) / 1e6,
		BaselineIs: "the records' fields as text, without keys or structure",
		Note:       "informational: the size of the index file (bbolt, compact JSON records) on disk",
	}}, nil
}

// ctrlP is the key of "go to anything".
var ctrlP = tea.KeyPressMsg{Code: 'p', Mod: tea.ModCtrl}

// openGoto starts the browser on the big index (no server: nothing to load but the
// index) and opens "go to anything" until it lists every item.
func openGoto(store *index.Store, ic indexConfig) (*driver, error) {
	return openGotoOf(store, gotoItems(ic))
}

// openGotoOf is openGoto over an index of items items.
func openGotoOf(store *index.Store, items int) (*driver, error) {
	c, err := client.New(client.Options{BaseURL: "http://127.0.0.1:1", LocationID: "bench", MaxRetries: -1})
	if err != nil {
		return nil, err
	}
	d := newDriver(ui.Options{Client: c, Profile: "bench", Theme: "dark", Index: store}, termW, termH)
	d.send(ctrlP)
	if err := d.waitFor(strconv.Itoa(items)+" items", 5*time.Minute); err != nil {
		return nil, err
	}
	return d, nil
}

// measureGoto types gotoQuery into "go to anything" over the big index, one key press
// (Update and View) at a time, beside bubbles/list filtering the same keys; the figure
// is the slowest key of the query (each key's time the median of the rounds).
func measureGoto(store *index.Store, ic indexConfig, label string) (benchFigure, error) {
	d, err := openGoto(store, ic)
	if err != nil {
		return benchFigure{}, err
	}
	snap, err := store.Snapshot(context.Background())
	if err != nil {
		return benchFigure{}, err
	}
	items := snap.Items(nil)
	titles := make([]string, len(items))
	for i := range items {
		titles[i] = items[i].Key()
	}
	snap, items = nil, nil
	l := newBubblesListOf(titles, termW, termH)
	keys := []rune(gotoQuery)
	ours := make([][]time.Duration, len(keys))
	theirs := make([][]time.Duration, len(keys))
	for range ic.gotoRounds {
		for k, r := range keys {
			start := time.Now()
			_, _ = d.m.Update(keyMsg(string(r)))
			_ = d.m.View()
			ours[k] = append(ours[k], time.Since(start))
		}
		if got := d.screen(); !strings.Contains(got, " of "+strconv.Itoa(len(titles))+" items") {
			return benchFigure{}, fmt.Errorf("goto: the query did not filter:\n%s", got)
		}
		for range keys {
			_, _ = d.m.Update(keyMsg("backspace"))
		}
		runtime.GC()

		l = bubblesKey(l, keyMsg("/"))
		for k, r := range keys {
			start := time.Now()
			l = bubblesKey(l, keyMsg(string(r)))
			theirs[k] = append(theirs[k], time.Since(start))
		}
		l = bubblesKey(l, keyMsg("esc"))
		if l.FilterState() != list.Unfiltered {
			return benchFigure{}, fmt.Errorf("goto: esc did not clear bubbles/list's filter")
		}
		runtime.GC()
	}
	worst := func(per [][]time.Duration) (time.Duration, int) {
		var w time.Duration
		at := 0
		for k, xs := range per {
			if m := median(xs); m > w {
				w, at = m, k
			}
		}
		return w, at
	}
	wo, ko := worst(ours)
	wb, _ := worst(theirs)
	return benchFigure{
		Name: "goto_" + label, N: len(titles), Value: ms(wo), Unit: "ms", Baseline: ms(wb),
		BaselineIs: "bubbles/list's filter (sahilm/fuzzy) over the same keys, run to completion, then Update + View",
		Note: fmt.Sprintf("slowest key press of typing %q into go to anything over %d items (%d pages; key %d here): Update + View of the whole screen",
			gotoQuery, len(titles), ic.indexPages(), ko+1),
	}, nil
}

// newBubblesListOf is a bubbles/list whose items are titles.
func newBubblesListOf(titles []string, w, h int) list.Model {
	items := make([]list.Item, len(titles))
	for i, t := range titles {
		items[i] = bubblesItem{title: t}
	}
	d := list.NewDefaultDelegate()
	d.ShowDescription = false
	d.SetSpacing(0)
	l := list.New(items, d, w, h)
	fairPaginator(&l)
	st := l.FilterInput.Styles()
	st.Cursor.Blink = false
	l.FilterInput.SetStyles(st)
	return l
}
