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
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/bubbles/v2/list"
	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/ui"
)

// benchUserAgent names the benchmarks to the sandbox, as the program names itself.
const benchUserAgent = "funnels/bench (+https://github.com/funnelsdev/funnels)"

// The measurements behind e2e/bench/report.json. Each figure is measured beside its
// baseline in the same run, in alternating rounds, and the median of the rounds is
// kept, so that a busy machine slows both alike and the ratio holds.

// benchConfig sizes a run: the full one of `make bench`, or the tiny one of the
// harness's own test.
type benchConfig struct {
	name          string
	sizes         []benchSize   // the items of the render and filter figures
	rounds        int           // alternating rounds of a timed pair
	roundTime     time.Duration // how long one round of one side runs
	filterRounds  int           // times the filter query is typed on each side
	startupRounds int
	ptyRounds     int // 0: no startup in a real terminal
	pacing        pacingConfig
	heapPages     int
	index         indexConfig
	crawlBig      crawlBigConfig // the crawl_100k figure's location and limit
	redirects     redirectsConfig
	scale         scaleConfig   // the figures over a million items
	findAll       findAllConfig // go to anything across sub-accounts (find_all_1m)
	fanout        fanoutConfig  // the crawl_100_subaccounts figure's agency
	wide          wideConfig    // the 10,000-funnel root (bench_wide_test.go)
	check         checkConfig   // the check_10k_urls figure's hosts and pages (bench_check_test.go)
	// noisy measures the figures at scale twice, the second time beside a busy core
	// (bench_noise_test.go); startRounds is how many browser starts the figures after
	// one take.
	noisy       bool
	startRounds int
}

// benchSize names an item count in the figures' names: render_100k.
type benchSize struct {
	label string
	n     int
}

type pacingConfig struct {
	requests, limit, workers int
	window                   time.Duration
}

var fullBench = benchConfig{
	name:          "full",
	sizes:         []benchSize{{"1k", 1_000}, {"10k", 10_000}, {"100k", 100_000}},
	rounds:        9,
	roundTime:     40 * time.Millisecond,
	filterRounds:  7,
	startupRounds: 15,
	ptyRounds:     7,
	pacing:        pacingConfig{requests: 1000, limit: 100, window: time.Second, workers: 8},
	heapPages:     100_000,
	index: indexConfig{
		firstFrameRounds: 9, firstFrameLatency: 300 * time.Millisecond,
		crawlFunnels: 1000, crawlPagesPer: 10, crawlLimit: 100, crawlWindow: time.Second,
		bigFunnels: 4000, bigSteps: 5, bigPages: 5, gotoRounds: 5,
		folderFunnels: 10_000, folderSteps: 10,
	},
	crawlBig:  crawlBigConfig{funnels: 1000, pagesPer: 100, limit: 500},
	redirects: redirectsConfig{rows: 2000, limit: 100, window: time.Second},
	scale:     scaleConfig{funnels: 10_000, steps: 9, pages: 10, keyRounds: 5, findRuns: 7},
	findAll:   findAllConfig{indexes: 100, funnels: 200, steps: 5, pages: 9, rounds: 5},
	// The service's own limits: 100 requests in 10 seconds per app and sub-account,
	// and the agency's bucket the same for its minting.
	fanout:      fanoutConfig{subAccounts: 101, limit: 100, window: 10 * time.Second, concurrency: 8, rounds: 7},
	wide:        wideConfig{funnels: 10_000, pagesPer: 10, limit: 500, rounds: 5},
	check:       checkConfig{hosts: 100, stepsPerHost: 100, delay: 50 * time.Millisecond, perHost: 4, rounds: 3},
	noisy:       true,
	startRounds: 5,
}

// tinyBench runs every figure on a few items in well under a second, so the harness is
// exercised by `make test`; its numbers mean nothing.
var tinyBench = benchConfig{
	name:          "tiny",
	sizes:         []benchSize{{"1k", 60}, {"10k", 120}, {"100k", 240}},
	rounds:        2,
	roundTime:     time.Millisecond,
	filterRounds:  1,
	startupRounds: 1,
	// A limit the client's first burst (before it learns the limit) cannot trip.
	pacing:    pacingConfig{requests: 24, limit: 20, window: 200 * time.Millisecond, workers: 4},
	heapPages: 240,
	index: indexConfig{
		firstFrameRounds: 1, firstFrameLatency: 50 * time.Millisecond,
		crawlFunnels: 20, crawlPagesPer: 3, crawlLimit: 1000, crawlWindow: time.Second,
		bigFunnels: 20, bigSteps: 4, bigPages: 3, gotoRounds: 1,
		folderFunnels: 30, folderSteps: 2,
	},
	crawlBig:    crawlBigConfig{funnels: 20, pagesPer: 3, limit: 1000},
	redirects:   redirectsConfig{rows: 20, limit: 1000, window: time.Second},
	scale:       scaleConfig{funnels: 20, steps: 4, pages: 3, keyRounds: 1, findRuns: 1},
	findAll:     findAllConfig{indexes: 3, funnels: 4, steps: 2, pages: 2, rounds: 1},
	fanout:      fanoutConfig{subAccounts: 6, limit: 1000, window: 100 * time.Millisecond, concurrency: 3, rounds: 1},
	wide:        wideConfig{funnels: 30, pagesPer: 2, limit: 1000, rounds: 1},
	check:       checkConfig{hosts: 3, stepsPerHost: 4, delay: 5 * time.Millisecond, perHost: 4, rounds: 1},
	startRounds: 1,
}

// termW×termH is the terminal of every UI figure.
const termW, termH = 120, 40

// filterQuery is typed one key at a time in the filter figures.
const filterQuery = "spring sale 26"

// timePair times a and b (one operation per call) in alternating rounds and returns
// the median time per operation of each side.
func timePair(rounds int, round time.Duration, a, b func()) (ta, tb time.Duration) {
	na, nb := calibrate(a, round), calibrate(b, round)
	var xa, xb []time.Duration
	for range rounds {
		xa = append(xa, timeN(a, na))
		xb = append(xb, timeN(b, nb))
	}
	return median(xa), median(xb)
}

// calibrate is how many calls of f fill one round.
func calibrate(f func(), round time.Duration) int {
	best := time.Hour
	for range 3 {
		start := time.Now()
		f()
		best = min(best, time.Since(start))
	}
	return max(1, min(100_000, int(round/max(best, time.Microsecond))))
}

// timeN is the mean time of one of n calls of f, after a collection so that neither
// side pays for the other's garbage.
func timeN(f func(), n int) time.Duration {
	runtime.GC()
	start := time.Now()
	for range n {
		f()
	}
	return time.Since(start) / time.Duration(n)
}

func median(xs []time.Duration) time.Duration {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// loadFolder starts the browser on a bigAPI folder of n funnels and waits until they
// are all listed.
func loadFolder(n int) (*driver, func(), error) {
	srv, c, err := startBigAPI(&bigAPI{Funnels: n})
	if err != nil {
		return nil, nil, err
	}
	d := newDriver(ui.Options{Client: c, Profile: "bench", Theme: "dark"}, termW, termH)
	if err := d.waitFor("1/"+strconv.Itoa(n), time.Minute); err != nil {
		srv.Close()
		return nil, nil, err
	}
	return d, srv.Close, nil
}

// measureRender is one cursor move (down for 50 rows, then up for 50, so the view
// scrolls both ways): Update and View of the whole screen, the first pane holding n
// funnels, beside bubbles/list holding the same.
func measureRender(cfg benchConfig, sz benchSize) (benchFigure, error) {
	d, stop, err := loadFolder(sz.n)
	if err != nil {
		return benchFigure{}, err
	}
	defer stop()
	l := newBubblesList(sz.n, termW, termH)
	down, up := keyMsg("down"), keyMsg("up")
	var i, j int
	ours := func() {
		i++
		_, _ = d.m.Update(pick(i/50%2 == 0, down, up)) // the commands (a debounced page load) are IO, not drawing
		_ = d.m.View()
	}
	theirs := func() {
		j++
		l, _ = l.Update(pick(j/50%2 == 0, down, up))
		_ = l.View()
	}
	to, tb := timePair(cfg.rounds, cfg.roundTime, ours, theirs)
	return benchFigure{
		Name: "render_" + sz.label, N: sz.n, Value: ms(to), Unit: "ms", Baseline: ms(tb),
		BaselineIs: "bubbles/list, same items and terminal (" + strconv.Itoa(termW) + "×" + strconv.Itoa(termH) + "), Update + View of one cursor move",
		Note:       "Update + View of the whole screen (three panes, header, footer, status bar); median of alternating rounds",
	}, nil
}

// measureFilter types filterQuery into the first pane's filter, one key press (Update
// and View) at a time, beside bubbles/list, whose key press includes running its
// filter command to completion and giving the result to Update. The figure is the
// slowest key of the query (each key's time the median of the rounds).
func measureFilter(cfg benchConfig, sz benchSize) (benchFigure, error) {
	d, stop, err := loadFolder(sz.n)
	if err != nil {
		return benchFigure{}, err
	}
	defer stop()
	l := newBubblesList(sz.n, termW, termH)
	keys := []rune(filterQuery)
	ours := make([][]time.Duration, len(keys))
	theirs := make([][]time.Duration, len(keys))
	for range cfg.filterRounds {
		_, _ = d.m.Update(keyMsg("/"))
		for k, r := range keys {
			start := time.Now()
			_, _ = d.m.Update(keyMsg(string(r)))
			_ = d.m.View()
			ours[k] = append(ours[k], time.Since(start))
		}
		if got := d.screen(); !strings.Contains(got, " of "+strconv.Itoa(sz.n)) {
			return benchFigure{}, fmt.Errorf("filter_%s: the query did not filter:\n%s", sz.label, got)
		}
		_, _ = d.m.Update(keyMsg("esc"))
		if got := d.screen(); strings.Contains(got, " of "+strconv.Itoa(sz.n)) {
			return benchFigure{}, fmt.Errorf("filter_%s: esc did not clear the filter:\n%s", sz.label, got)
		}
		runtime.GC()

		l = bubblesKey(l, keyMsg("/"))
		for k, r := range keys {
			start := time.Now()
			l = bubblesKey(l, keyMsg(string(r)))
			theirs[k] = append(theirs[k], time.Since(start))
		}
		if len(l.VisibleItems()) == len(l.Items()) && sz.n > 100 {
			return benchFigure{}, fmt.Errorf("filter_%s: bubbles/list did not filter", sz.label)
		}
		l = bubblesKey(l, keyMsg("esc"))
		if l.FilterState() != list.Unfiltered {
			return benchFigure{}, fmt.Errorf("filter_%s: esc did not clear bubbles/list's filter", sz.label)
		}
		runtime.GC()
	}
	worst := func(per [][]time.Duration) (time.Duration, time.Duration, int) {
		var w, sum time.Duration
		at := 0
		for k, xs := range per {
			m := median(xs)
			sum += m
			if m > w {
				w, at = m, k
			}
		}
		return w, sum / time.Duration(len(per)), at
	}
	wo, mo, ko := worst(ours)
	wb, mb, _ := worst(theirs)
	return benchFigure{
		Name: "filter_" + sz.label, N: sz.n, Value: ms(wo), Unit: "ms", Baseline: ms(wb),
		BaselineIs: "bubbles/list's filter (sahilm/fuzzy over every item in a command, run to completion, then Update + View)",
		Note: fmt.Sprintf("slowest key press of typing %q (key %d here); mean per key %.3f ms, bubbles/list %.3f ms",
			filterQuery, ko+1, ms(mo), ms(mb)),
	}, nil
}

// measureStartup is `funnels --demo` from start to the first frame with data, in
// process: the embedded sandbox started, the client built (cli.StartDemo), ui.New, its
// Init commands run and their answers given to Update until View shows a seeded
// funnel. The baseline starts the same sandbox and reads the same folder with one
// bare net/http GET.
func measureStartup(cfg benchConfig) (benchFigure, error) {
	var ours, base, starts []time.Duration
	for range cfg.startupRounds {
		runtime.GC()
		start := time.Now()
		dm, err := cli.StartDemo(client.NewTransport(), benchUserAgent, sandbox.SurfaceSeed, false)
		if err != nil {
			return benchFigure{}, err
		}
		d := newDriver(ui.Options{Client: dm.Client, Profile: "demo", LocationID: dm.Sandbox.Server.LocationID(), Demo: true}, termW, termH)
		err = d.waitFor("Spring Sale 2026", 30*time.Second)
		ours = append(ours, time.Since(start))
		_ = dm.Sandbox.Close()
		if err != nil {
			return benchFigure{}, err
		}

		runtime.GC()
		start = time.Now()
		started, err := bareDemoGET()
		if err != nil {
			return benchFigure{}, err
		}
		base = append(base, time.Since(start))
		starts = append(starts, started.Sub(start))
	}
	to, tb := median(ours), median(base)
	return benchFigure{
		Name: "startup_demo", Value: ms(to), Unit: "ms", Baseline: ms(tb),
		BaselineIs: "start the same sandbox and GET the root folder's entities with bare net/http",
		Note: fmt.Sprintf("in process, median of %d, slowest %.1f ms; the sandbox's start is %.1f ms of both",
			len(ours), ms(slices.Max(ours)), ms(median(starts))),
	}, nil
}

// bareDemoGET starts a demo sandbox and reads the root folder with net/http alone. It
// returns when the sandbox was serving.
func bareDemoGET() (started time.Time, err error) {
	sb, err := sandbox.Start("127.0.0.1:0", sandbox.Options{})
	if err != nil {
		return started, err
	}
	started = time.Now()
	defer sb.Close()
	req, err := http.NewRequest(http.MethodGet, sb.URL+"/funnels/funnel/folder/entities?locationId="+sb.Server.LocationID(), nil)
	if err != nil {
		return started, err
	}
	req.Header.Set("Version", client.DefaultAPIVersion)
	req.Header.Set("Authorization", "Bearer "+sb.Server.DemoToken())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return started, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return started, err
	}
	if !strings.Contains(string(body), "Spring Sale 2026") {
		return started, fmt.Errorf("bare GET: status %d, no seeded funnel in %.200s", res.StatusCode, body)
	}
	return started, nil
}

// measureStartupPTY runs the real binary in a real terminal (tmux): from the key that
// starts `funnels --demo` to the screen showing a seeded funnel. The baseline is the
// same terminal printing that name with printf, which is what the apparatus itself
// costs (starting a process, tmux drawing, capture-pane polling).
func measureStartupPTY(cfg benchConfig, bin string) (benchFigure, error) {
	if _, err := exec.LookPath("tmux"); err != nil {
		return benchFigure{}, errSkip("tmux is not installed")
	}
	home, err := os.MkdirTemp("", "funnels-bench-")
	if err != nil {
		return benchFigure{}, err
	}
	defer os.RemoveAll(home)
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "TERM=dumb",
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_STATE_HOME=" + filepath.Join(home, "state")}
	const want = "Spring Sale 2026"
	var ours, base []time.Duration
	for r := range cfg.ptyRounds {
		d, err := ptyTime(env, fmt.Sprintf("bench-%d-%d", os.Getpid(), r), "exec '"+bin+"' --demo", want)
		if err != nil {
			return benchFigure{}, err
		}
		ours = append(ours, d)
		d, err = ptyTime(env, fmt.Sprintf("bench-%d-%db", os.Getpid(), r), "printf '"+want+"\\n'; sleep 60", want)
		if err != nil {
			return benchFigure{}, err
		}
		base = append(base, d)
	}
	to, tb := median(ours), median(base)
	return benchFigure{
		Name: "startup_demo_pty", Value: ms(to), Unit: "ms", Baseline: ms(tb),
		BaselineIs: "the same terminal showing the same text printed by printf (process start, tmux, polling)",
		Note:       fmt.Sprintf("bin/funnels --demo in tmux %d×%d, median of %d", termW, termH, len(ours)),
	}, nil
}

// ptyTime starts a tmux server whose one pane waits for Enter and then runs command,
// presses Enter and polls the screen until it shows want.
func ptyTime(env []string, socket, command, want string) (time.Duration, error) {
	tmux := func(args ...string) (string, error) {
		cmd := exec.Command("tmux", append([]string{"-L", socket, "-f", "/dev/null"}, args...)...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	defer func() { _, _ = tmux("kill-server") }()
	if out, err := tmux("new-session", "-d", "-s", "b", "-x", strconv.Itoa(termW), "-y", strconv.Itoa(termH),
		"sh", "-c", "read _; "+command); err != nil {
		return 0, fmt.Errorf("tmux new-session: %v: %s", err, out)
	}
	if _, err := tmux("capture-pane", "-p", "-t", "b"); err != nil {
		return 0, err
	}
	start := time.Now()
	if out, err := tmux("send-keys", "-t", "b", "Enter"); err != nil {
		return 0, fmt.Errorf("tmux send-keys: %v: %s", err, out)
	}
	for {
		scr, err := tmux("capture-pane", "-p", "-t", "b")
		if err != nil {
			return 0, err
		}
		if strings.Contains(scr, want) {
			return time.Since(start), nil
		}
		if time.Since(start) > 30*time.Second {
			return 0, fmt.Errorf("timed out waiting for %q in the terminal:\n%s", want, scr)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// errSkip marks a figure that cannot be measured on this machine.
type errSkip string

func (e errSkip) Error() string { return string(e) }

// skipped says so when err is a figure this machine cannot measure (nil is returned:
// the run goes on without it), and returns any other error, naming what.
func skipped(err error, what string, say func(string, ...any)) error {
	var skip errSkip
	switch {
	case errors.As(err, &skip):
		say("  %s skipped: %v", what, err)
		return nil
	case err != nil:
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// pacingResult is one run of the pacing figures.
type pacingResult struct {
	elapsed               time.Duration
	ok, surfaced429       int // answers, and 429s the caller saw
	otherErrs             int
	retried429, server429 int // 429s retried inside the client, and 429s the server answered
	firstErr              error
}

// measurePacing sends the same requests (GET the root folder) through our client and
// through a naive one (plain net/http, no pacing, no retries), each with the same
// number of concurrent callers, against a fresh sandbox limited to limit per window.
func measurePacing(cfg benchConfig) ([]benchFigure, error) {
	pc := cfg.pacing
	ours, err := pacingOurs(pc)
	if err != nil {
		return nil, err
	}
	naive, err := pacingNaive(pc)
	if err != nil {
		return nil, err
	}
	limitRate := float64(pc.limit) / pc.window.Seconds()
	through := float64(ours.ok) / ours.elapsed.Seconds()
	pacing := benchFigure{
		Name: "pacing", N: pc.requests, Value: through, Unit: "req/s", Baseline: limitRate,
		BaselineIs: fmt.Sprintf("the sandbox's limit, %d per %v", pc.limit, pc.window),
		Note: fmt.Sprintf("%d requests by %d callers in %.2f s: %d answered, %d 429s surfaced, %d other errors; the server answered %d 429s (%d retried inside the client)",
			pc.requests, pc.workers, ours.elapsed.Seconds(), ours.ok, ours.surfaced429, ours.otherErrs, ours.server429, ours.retried429),
	}
	if ours.firstErr != nil {
		pacing.Note += "; first error: " + ours.firstErr.Error()
	}
	trips := benchFigure{
		Name: "pacing_429s", N: pc.requests, Value: float64(ours.surfaced429), Unit: "429s", Baseline: float64(naive.server429),
		BaselineIs: "429s a naive client (net/http, as fast as it can, no pacing) trips on the same requests",
		Note: fmt.Sprintf("ours: %d surfaced, %d at the server; naive: %d of %d refused in %.2f s",
			ours.surfaced429, ours.server429, naive.server429, pc.requests, naive.elapsed.Seconds()),
	}
	return []benchFigure{pacing, trips}, nil
}

func pacingOurs(pc pacingConfig) (pacingResult, error) {
	sb, err := sandbox.Start("", sandbox.Options{Limit: pc.limit, Window: pc.window})
	if err != nil {
		return pacingResult{}, err
	}
	defer sb.Close()
	// Built as the program builds it: the client learns the limit and the window from
	// the first answer's headers.
	c, err := client.New(client.Options{
		BaseURL: sb.URL, LocationID: sb.Server.LocationID(), UserAgent: benchUserAgent,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
	})
	if err != nil {
		return pacingResult{}, err
	}
	var res pacingResult
	var retried atomic.Int64
	unsub := c.Subscribe(func(e client.Event) {
		if re, ok := e.(client.RetryEvent); ok && re.StatusCode == http.StatusTooManyRequests {
			retried.Add(1)
		}
	})
	defer unsub()
	var mu sync.Mutex
	res.elapsed = fanOut(pc, func() {
		_, _, err := c.FolderEntities(context.Background(), "", "", "")
		mu.Lock()
		defer mu.Unlock()
		var apiErr *client.APIError
		switch {
		case err == nil:
			res.ok++
		case errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusTooManyRequests:
			res.surfaced429++
		default:
			res.otherErrs++
		}
		if err != nil && res.firstErr == nil {
			res.firstErr = err
		}
	})
	res.retried429 = int(retried.Load())
	res.server429 = count429(sb)
	return res, nil
}

func pacingNaive(pc pacingConfig) (pacingResult, error) {
	sb, err := sandbox.Start("", sandbox.Options{Limit: pc.limit, Window: pc.window})
	if err != nil {
		return pacingResult{}, err
	}
	defer sb.Close()
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: pc.workers}}
	defer hc.CloseIdleConnections()
	url := sb.URL + "/funnels/funnel/folder/entities?locationId=" + sb.Server.LocationID()
	var res pacingResult
	var mu sync.Mutex
	res.elapsed = fanOut(pc, func() {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Version", client.DefaultAPIVersion)
		req.Header.Set("Authorization", "Bearer "+sb.Server.DemoToken())
		r, err := hc.Do(req)
		status := 0
		if err == nil {
			_, _ = io.Copy(io.Discard, r.Body)
			r.Body.Close()
			status = r.StatusCode
		}
		mu.Lock()
		defer mu.Unlock()
		switch status {
		case http.StatusOK:
			res.ok++
		case http.StatusTooManyRequests:
			res.surfaced429++
		default:
			res.otherErrs++
		}
	})
	res.server429 = count429(sb)
	return res, nil
}

// fanOut makes pc.requests calls of do from pc.workers goroutines and returns how
// long they took.
func fanOut(pc pacingConfig, do func()) time.Duration {
	jobs := make(chan struct{}, pc.requests)
	for range pc.requests {
		jobs <- struct{}{}
	}
	close(jobs)
	var wg sync.WaitGroup
	start := time.Now()
	for range pc.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				do()
			}
		}()
	}
	wg.Wait()
	return time.Since(start)
}

func count429(sb *sandbox.Running) int {
	n := 0
	for _, r := range sb.Server.Requests() {
		if r.Status == http.StatusTooManyRequests {
			n++
		}
	}
	return n
}

// measureHeap loads n pages into the pages pane the way the browser does (the client
// reads them 20 per request from a server sending the service's JSON and decodes them
// into client.Page; the loader turns them into the pane's rows) and reports the heap
// in use after a collection. The baseline is the heap holding nothing but the raw
// JSON of those pages. A second, informational figure is the heap holding the
// decoded []client.Page that ListAllPages returns, before the UI keeps its rows.
func measureHeap(cfg benchConfig, label string) ([]benchFigure, error) {
	n := cfg.heapPages
	api := &bigAPI{Pages: n}
	srv, c, err := startBigAPI(api)
	if err != nil {
		return nil, err
	}
	defer srv.Close()

	// The baseline: every answer's body, kept as it came.
	var raw [][]byte
	jsonBytes := 0
	for off := 0; off < n; off += 20 {
		res, err := http.Get(srv.URL + "/funnels/page?funnelId=" + bigFunnelID + "&limit=20&offset=" + strconv.Itoa(off))
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			return nil, err
		}
		raw = append(raw, b)
		jsonBytes += len(b)
	}
	base := heapInUse()
	runtime.KeepAlive(raw)
	raw = nil

	// The decoded records, as the client hands them over.
	pages, _, err := c.ListAllPages(context.Background(), client.ListPagesParams{FunnelID: bigFunnelID, StepID: bigStepID})
	if err != nil {
		return nil, err
	}
	if len(pages) != n {
		return nil, fmt.Errorf("heap: %d pages decoded, want %d", len(pages), n)
	}
	decoded := heapInUse()
	runtime.KeepAlive(pages)
	pages = nil

	// The browser: the pages of the one step of the one funnel, in the third pane.
	d := newDriver(ui.Options{Client: c, Profile: "bench", Theme: "dark", Debounce: -1}, termW, termH)
	if err := d.waitFor("1/"+strconv.Itoa(n), 5*time.Minute); err != nil {
		return nil, err
	}
	kept := heapInUse()
	runtime.KeepAlive(d)

	mb := func(b uint64) float64 { return float64(b) / 1e6 }
	return []benchFigure{{
		Name: "heap_" + label, N: n, Value: mb(kept), Unit: "MB", Baseline: mb(base),
		BaselineIs: fmt.Sprintf("HeapInuse holding only the raw JSON of the pages (%.1f MB of JSON)", mb(uint64(jsonBytes))),
		Note:       "runtime.MemStats.HeapInuse after GC, the whole test process, with the pages in the browser's pages pane",
	}, {
		Name: "heap_" + label + "_decoded", N: n, Value: mb(decoded), Unit: "MB", Baseline: mb(base),
		BaselineIs: "as heap_" + label,
		Note:       "informational: HeapInuse after GC holding the []client.Page that ListAllPages returns (Raw included), which the browser turns into rows and drops",
	}}, nil
}

// heapInUse is HeapInuse after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var st runtime.MemStats
	runtime.ReadMemStats(&st)
	return st.HeapInuse
}

// pick returns a when cond holds, else b.
func pick[T any](cond bool, a, b T) T {
	if cond {
		return a
	}
	return b
}
