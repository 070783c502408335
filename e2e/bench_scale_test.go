package e2e

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/list"
)

// The figures at the sizes agencies reach, measured from outside on the real binary:
// a key typed into go to anything in a real terminal (tmux) against the same key in
// the smallest Bubble Tea program, the peak RSS of the browser holding go to anything
// (VmHWM from /proc), and `funnels find` over a million items as a whole process
// against grep reading the same index file. The index is written with the index's own
// writing API (no crawl), once per run.

// scaleConfig sizes the figures at scale.
type scaleConfig struct {
	funnels, steps, pages int // the million-item index: funnels × steps × pages
	keyRounds             int // rounds of typing gotoQuery, key by key
	findRuns              int // runs of find, and of grep beside it
}

// testdataBin builds the program testdata/NAME into dir: keycounter (the smallest
// Bubble Tea program) or peakrss (a small starter that reports its child's peak RSS),
// built as make build builds funnels (without cgo), so its start is of the same kind.
func testdataBin(dir, name string) (string, error) {
	bin := filepath.Join(dir, name)
	build := exec.Command("go", "build", "-o", bin, "./testdata/"+name)
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building %s: %v\n%s", name, err, out)
	}
	return bin, nil
}

// benchEnv is the environment the binary finds the bench profile's index under dir in.
func benchEnv(dir string) []string {
	return []string{"HOME=" + dir, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "PATH=" + os.Getenv("PATH"), "FUNNELS_INSECURE_STORAGE=1"}
}

// benchSignIn is the sign-in flags under which the binary finds the bench index built
// for baseURL; token and location, when given, are the server's (a sandbox's).
func benchSignIn(baseURL string, tokenAndLocation ...string) []string {
	token, loc := "bench-token", benchLocation
	if len(tokenAndLocation) == 2 {
		token, loc = tokenAndLocation[0], tokenAndLocation[1]
	}
	return []string{"--profile", benchProfile, "--base-url", baseURL, "--token", token, "--location", loc}
}

// keyTimes is what typing the query into go to anything measured: per key of the
// query, its time to the screen in each round, in the browser and in the smallest
// Bubble Tea program; and the browser's peak RSS before and after go to anything.
type keyTimes struct {
	ours, counter         [][]time.Duration
	echo                  [][]time.Duration // per key, to the screen showing the query (before its matches)
	rssBefore, rssHolding float64           // MB
	total                 int
}

// measureGotoKeys starts the binary in tmux on the bench index under dir (its store
// is store), opens go to anything and types gotoQuery key by key for rounds rounds,
// each key timed from the key sent to the screen showing its query and its count of
// matches; between rounds the same keys go to the smallest Bubble Tea program in a
// terminal of its own, timed to the screen showing its count.
func measureGotoKeys(dir, baseURL string, store *index.Store, rounds int, tag string) (keyTimes, error) {
	var kt keyTimes
	keys := []rune(gotoQuery)
	counts := make([]int, len(keys))
	err := store.WithCatalog(context.Background(), func(c *index.Catalog) error {
		kt.total = c.Len()
		for k := range keys {
			counts[k] = len(list.RankCatalog(c, string(keys[:k+1])))
		}
		return nil
	})
	if err != nil {
		return kt, err
	}
	runtime.GC()
	counterBin, err := testdataBin(dir, "keycounter")
	if err != nil {
		return kt, err
	}
	env := append(benchEnv(dir), "TERM=xterm-256color")
	sock := fmt.Sprintf("bench-%d-%s", os.Getpid(), tag)
	br, err := startTmux(sock+"-browser", env, termW, termH, "exec "+shellCommand(benchSignIn(baseURL)...))
	if err != nil {
		return kt, err
	}
	defer br.close()
	kc, err := startTmux(sock+"-counter", env, termW, termH, "exec '"+counterBin+"'")
	if err != nil {
		return kt, err
	}
	defer kc.close()
	if err := br.waitFor(time.Minute, "Funnels", "folder"); err != nil {
		return kt, err
	}
	if err := kc.waitFor(time.Minute, "keys 0."); err != nil {
		return kt, err
	}
	if kt.rssBefore, err = br.peakRSS(); err != nil {
		return kt, err
	}
	if err := br.keys("C-p", false); err != nil {
		return kt, err
	}
	all := " " + strconv.Itoa(kt.total) + " items"
	if err := br.waitFor(5*time.Minute, all, gotoPlaceholder); err != nil {
		return kt, err
	}
	kt.ours, kt.counter, kt.echo = make([][]time.Duration, len(keys)), make([][]time.Duration, len(keys)), make([][]time.Duration, len(keys))
	pressed := 0
	for range rounds {
		for k, r := range keys {
			echo, d, err := br.keyToEcho(string(r), []string{"› " + string(keys[:k+1])},
				gotoSettled("› "+string(keys[:k+1]), fmt.Sprintf(" %d of %d items", counts[k], kt.total)))
			if err != nil {
				return kt, err
			}
			kt.ours[k], kt.echo[k] = append(kt.ours[k], d), append(kt.echo[k], echo)
		}
		for range keys {
			if err := br.keys("BSpace", false); err != nil {
				return kt, err
			}
		}
		if err := br.waitFor(time.Minute, all, gotoPlaceholder); err != nil {
			return kt, err
		}
		for k := range keys {
			pressed++
			d, err := kc.keyToScreen("x", "keys "+strconv.Itoa(pressed)+".")
			if err != nil {
				return kt, err
			}
			kt.counter[k] = append(kt.counter[k], d)
		}
	}
	kt.rssHolding, err = br.peakRSS()
	return kt, err
}

// gotoPlaceholder shows in go to anything's input while no query is typed.
const gotoPlaceholder = "a name, a path (/spring-offer)"

// every is all the times of per, in one slice.
func every(per [][]time.Duration) []time.Duration {
	var out []time.Duration
	for _, xs := range per {
		out = append(out, xs...)
	}
	return out
}

// slowestKey is the key whose median time is the largest, and that median.
func slowestKey(per [][]time.Duration) (time.Duration, int) {
	var w time.Duration
	at := 0
	for k, xs := range per {
		if m := median(xs); m > w {
			w, at = m, k
		}
	}
	return w, at
}

// gotoKeyScreenFigures are goto_key_LABEL_screen, the slowest key of the query in the
// binary in tmux from the key sent to the screen changed by it (the key in the query
// line), and goto_key_LABEL_results_screen, to the screen showing its matches counted;
// each key its median over the rounds, against the smallest Bubble Tea program's
// slowest. The terminal's own part (a frame's tick, tmux) is in both.
func gotoKeyScreenFigures(kt keyTimes, label string) []benchFigure {
	we, ke := slowestKey(kt.echo)
	wo, ko := slowestKey(kt.ours)
	wc, _ := slowestKey(kt.counter)
	return []benchFigure{{
		Name: "goto_key_" + label + "_screen", N: kt.total, Value: ms(we), Unit: "ms", Baseline: ms(wc),
		BaselineIs: "the same keys in the smallest Bubble Tea program (a key counter), measured the same way in the same run",
		Note: fmt.Sprintf("the binary in tmux %d×%d, each key of %q typed into go to anything over %d items, from the key sent (a tmux control client) to the screen changed by it (the key in the query line; its matches follow, goto_key_%s_results_screen); the slowest key (%d), median of %d rounds; median of every key %.1f ms (the counter's %.1f ms)",
			termW, termH, gotoQuery, kt.total, label, ke+1, len(kt.echo[0]), ms(median(every(kt.echo))), ms(median(every(kt.counter)))),
	}, {
		Name: "goto_key_" + label + "_results_screen", N: kt.total, Value: ms(wo), Unit: "ms", Baseline: ms(wc),
		BaselineIs: "the same keys in the smallest Bubble Tea program (a key counter), measured the same way in the same run",
		Note: fmt.Sprintf("informational: as goto_key_%s_screen, to the screen showing the query's matches and their count; the slowest key (%d), median of %d rounds; median of every key %.1f ms",
			label, ko+1, len(kt.ours[0]), ms(median(every(kt.ours)))),
	}}
}

// measureGotoKeyModel is goto_key_LABEL: gotoQuery typed key by key into go to
// anything over the index (its catalog read from the file, as the binary reads it),
// each key's Update and View of the whole screen timed, beside one strings.Contains of
// the same query over every key of the same catalog, the least any filter that reads
// every key does.
func measureGotoKeyModel(store *index.Store, items, rounds int, label string) (benchFigure, error) {
	d, err := openGotoOf(store, items)
	if err != nil {
		return benchFigure{}, err
	}
	cat, err := store.Catalog(context.Background())
	if err != nil {
		return benchFigure{}, err
	}
	keys := []rune(gotoQuery)
	counts := make([]int, len(keys))
	for k := range keys {
		counts[k] = len(list.RankCatalog(cat, string(keys[:k+1])))
	}
	ours, scan := make([][]time.Duration, len(keys)), make([][]time.Duration, len(keys))
	hits := 0
	for range rounds {
		runtime.GC()
		for k, r := range keys {
			// Update and View of the key, and of its matches where they are found off
			// the update loop (a list this long), until the screen counts them.
			start := time.Now()
			d.send(keyMsg(string(r)))
			if err := d.waitUntil(gotoSettled(fmt.Sprintf(" %d of %d items", counts[k], items)), time.Minute); err != nil {
				return benchFigure{}, fmt.Errorf("goto: the query did not filter: %w", err)
			}
			ours[k] = append(ours[k], time.Since(start))
		}
		for range keys {
			d.send(keyMsg("backspace"))
		}
		if err := d.waitFor(gotoPlaceholder, time.Minute); err != nil {
			return benchFigure{}, err
		}
		if err := d.waitUntil(func(v string) bool { return !strings.Contains(v, " of "+strconv.Itoa(items)) }, time.Minute); err != nil {
			return benchFigure{}, err
		}
		runtime.GC()
		for k := range keys {
			q := string(keys[:k+1])
			start := time.Now()
			for i := range cat.Len() {
				if strings.Contains(cat.Key(i), q) {
					hits++
				}
			}
			scan[k] = append(scan[k], time.Since(start))
		}
	}
	wo, ko := slowestKey(ours)
	ws, _ := slowestKey(scan)
	return benchFigure{
		Name: "goto_key_" + label, N: items, Value: ms(wo), Unit: "ms", Baseline: ms(ws),
		BaselineIs: "one strings.Contains of the query over every key of the same catalog (no fuzzy match, no ranking, nothing drawn): the least a filter reading every key does",
		Note: fmt.Sprintf("each key of %q typed into go to anything over %d items read from the index file: Update + View of the whole screen until it counts the key's matches (found off the update loop in a list this long), in process (%d processors); the slowest key (%d), median of %d rounds; median of every key %.1f ms",
			gotoQuery, items, runtime.GOMAXPROCS(0), ko+1, rounds, ms(median(every(ours)))),
	}, nil
}

// keyToScreenFigures are key_to_screen_LABEL (the median key of the query against the
// smallest Bubble Tea program's median) and rss_browser_LABEL.
func keyToScreenFigures(kt keyTimes, label string) []benchFigure {
	wo, _ := slowestKey(kt.ours)
	return []benchFigure{{
		Name: "key_to_screen_" + label, N: kt.total, Value: ms(median(every(kt.ours))), Unit: "ms", Baseline: ms(median(every(kt.counter))),
		BaselineIs: "the smallest Bubble Tea program (a key counter) in the same terminal, its keys timed the same way in the same run",
		Note: fmt.Sprintf("the binary in tmux %d×%d: every key of %q typed into go to anything over %d items, key sent (a tmux control client) to the screen showing the query and its count, median of %d keys; slowest key %.1f ms",
			termW, termH, gotoQuery, kt.total, len(every(kt.ours)), ms(wo)),
	}, {
		Name: "rss_browser_" + label, N: kt.total, Value: kt.rssHolding, Unit: "MB", Baseline: kt.rssBefore,
		BaselineIs: "the same process's peak before go to anything was opened (the root painted from the index)",
		Note:       fmt.Sprintf("peak RSS (VmHWM from /proc) of the binary in tmux after go to anything opened over %d items and the query typed", kt.total),
	}}
}

// measureBrowserFigures are key_to_screen_LABEL and rss_browser_LABEL over the index
// of the index figures (none where tmux is not installed).
func measureBrowserFigures(dir, baseURL string, store *index.Store, ic indexConfig, label string) ([]benchFigure, error) {
	kt, err := measureGotoKeys(dir, baseURL, store, max(1, ic.gotoRounds), label)
	var skip errSkip
	switch {
	case errors.As(err, &skip):
		return nil, nil
	case err != nil:
		return nil, err
	}
	return keyToScreenFigures(kt, label), nil
}

// findRun runs `funnels find` over the bench index under dir (through peakrss), timed
// whole, with its peak RSS.
func findRun(dir, peakrss, baseURL, query string, tokenAndLocation ...string) (time.Duration, float64, error) {
	return timeProcess(dir, peakrss, benchEnv(dir), func(out []byte) error {
		if strings.Contains(string(out), "not built") {
			return errors.New("the index was not found")
		}
		return nil
	}, append([]string{binPath, "find", query, "--limit", "20"}, benchSignIn(baseURL, tokenAndLocation...)...)...)
}

// timeProcess runs argv with env to its end through peakrss, timed whole, with its
// peak RSS in MB (VmHWM as the kernel kept it when it ended); check looks at what it
// printed.
func timeProcess(dir, peakrss string, env []string, check func([]byte) error, argv ...string) (time.Duration, float64, error) {
	f, err := os.CreateTemp(dir, "peakrss-")
	if err != nil {
		return 0, 0, err
	}
	_ = f.Close()
	defer os.Remove(f.Name())
	cmd := exec.Command(peakrss, append([]string{f.Name()}, argv...)...)
	cmd.Env = env
	t0 := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(t0)
	if err == nil {
		err = check(out)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %v\n%.2000s", strings.Join(argv, " "), err, out)
	}
	b, err := os.ReadFile(f.Name())
	if err != nil {
		return 0, 0, err
	}
	kb, err := strconv.Atoi(string(b))
	if err != nil {
		return 0, 0, fmt.Errorf("peakrss wrote %q: %w", b, err)
	}
	return took, float64(kb) / 1e3, nil
}

// findQuery is what the find figure at scale looks for.
const findQuery = "spring sale"

// measureFindScale is find_LABEL and rss_find_LABEL: `funnels find` over the index
// under dir, against grep reading the same file for the same words (case aside), in
// alternating runs.
func measureFindScale(dir, baseURL string, store *index.Store, items, runs int, label string) ([]benchFigure, error) {
	peakrss, err := testdataBin(dir, "peakrss")
	if err != nil {
		return nil, err
	}
	grep, err := exec.LookPath("grep")
	if err != nil {
		return nil, errSkip("no grep here")
	}
	var ours, theirs []time.Duration
	var rss, grepRSS []float64
	for range runs {
		d, r, err := findRun(dir, peakrss, baseURL, findQuery)
		if err != nil {
			return nil, err
		}
		ours, rss = append(ours, d), append(rss, r)
		d, r, err = timeProcess(dir, peakrss, benchEnv(dir), func([]byte) error { return nil }, grep, "-c", "-i", findQuery, store.Path())
		if err != nil {
			return nil, err
		}
		theirs, grepRSS = append(theirs, d), append(grepRSS, r)
	}
	st, err := os.Stat(store.Path())
	if err != nil {
		return nil, err
	}
	return []benchFigure{{
		Name: "find_" + label, N: items, Value: ms(median(ours)), Unit: "ms", Baseline: ms(median(theirs)),
		BaselineIs: fmt.Sprintf("grep -c -i %q over the same index file (%.0f MB), start to exit", findQuery, float64(st.Size())/1e6),
		Note: fmt.Sprintf("the binary, `funnels find %q --limit 20` over %d items, start to exit, median of %d (slowest %.0f ms)",
			findQuery, items, len(ours), ms(slices.Max(ours))),
	}, {
		Name: "rss_find_" + label, N: items, Value: medianF(rss), Unit: "MB", Baseline: medianF(grepRSS),
		BaselineIs: "grep's peak RSS over the same file",
		Note:       "peak RSS of the find process (ru_maxrss, the kernel's VmHWM when it ended, read by a small starter), median of the runs",
	}}, nil
}

// measureScaleFigures writes the million-item index (timed: the build is said in the
// progress) and measures go to anything's open and keys and find over it, twice (as
// the machine is and beside a busy core), then go to anything and find right after a
// browser start against a live server.
func measureScaleFigures(cfg benchConfig, say func(string, ...any)) ([]benchFigure, error) {
	sc := cfg.scale
	dir, err := os.MkdirTemp("", "funnels-bench-scale-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	live, err := startBenchLive()
	if err != nil {
		return nil, err
	}
	defer live.off()
	ic := indexConfig{bigFunnels: sc.funnels, bigSteps: sc.steps, bigPages: sc.pages}
	items := gotoItems(ic)
	const label = "1m"
	t0 := time.Now()
	store, _, err := bigIndex(dir, ic, live.url())
	if err != nil {
		return nil, fmt.Errorf("the %s index: %w", label, err)
	}
	if _, err := store.Catalog(context.Background()); err != nil { // as a crawl's end makes it
		return nil, err
	}
	say("  the %s index (%d items) written and its catalog made in %v", label, items, time.Since(t0).Round(time.Millisecond))
	figs, err := measureTwice(cfg, indexFiles(store.Path()), func() ([]benchFigure, error) {
		return measureScaleTwice(dir, live.url(), store, sc, items, label, say)
	})
	if err != nil {
		return nil, err
	}
	say("goto_open_after_start_%s, find_after_start_%s (a browser start against a live server before each) …", label, label)
	af, err := measureAfterStart(dir, live, store, items, cfg.startRounds, label, figs)
	if err := skipped(err, "the figures after a browser start", say); err != nil {
		return nil, err
	}
	return append(figs, af...), nil
}

// measureScaleTwice is the figures at scale measured twice: go to anything's open,
// find, the binary's keys in a terminal and its memory, the keys in process.
func measureScaleTwice(dir, baseURL string, store *index.Store, sc scaleConfig, items int, label string, say func(string, ...any)) ([]benchFigure, error) {
	say("goto_open_%s …", label)
	of, err := measureGotoOpenScale(store, items, sc.keyRounds, label)
	if err != nil {
		return nil, fmt.Errorf("goto_open_%s: %w", label, err)
	}
	say("find_%s (the binary, beside grep) …", label)
	figs, err := measureFindScale(dir, baseURL, store, items, sc.findRuns, label)
	if err != nil {
		return nil, fmt.Errorf("find_%s: %w", label, err)
	}
	figs = append(figs, of)
	say("goto_key_%s (the binary in tmux) …", label)
	kt, err := measureGotoKeys(dir, baseURL, store, sc.keyRounds, label)
	var skip errSkip
	switch {
	case errors.As(err, &skip):
		say("  goto_key_%s_screen skipped: %v", label, err)
	case err != nil:
		return nil, fmt.Errorf("goto_key_%s_screen: %w", label, err)
	default:
		figs = append(append(figs, gotoKeyScreenFigures(kt, label)...), firstKeyFigure(kt, label), keyToScreenFigures(kt, label)[1])
	}
	say("goto_key_%s (in process) …", label)
	gf, err := measureGotoKeyModel(store, items, sc.keyRounds, label)
	if err != nil {
		return nil, fmt.Errorf("goto_key_%s: %w", label, err)
	}
	return append(figs, gf), nil
}

// measureGotoOpenScale is goto_open_LABEL at scale: ctrl+p until go to anything lists
// every item, the catalog kept, the median of rounds; against one open with no catalog
// kept (made from the records).
func measureGotoOpenScale(store *index.Store, items, rounds int, label string) (benchFigure, error) {
	if err := forgetCatalog(store); err != nil {
		return benchFigure{}, err
	}
	cold, err := gotoOpenOnce(store, items)
	if err != nil {
		return benchFigure{}, err
	}
	var warm []time.Duration
	for range max(3, rounds) {
		w, err := gotoOpenOnce(store, items)
		if err != nil {
			return benchFigure{}, err
		}
		warm = append(warm, w)
	}
	return benchFigure{
		Name: "goto_open_" + label, N: items, Value: ms(median(warm)), Unit: "ms", Baseline: ms(cold),
		BaselineIs: "the same open with no catalog kept: made from the records, as every open did before there was one",
		Note:       fmt.Sprintf("ctrl+p in a browser just started until go to anything shows all %d items, in process, median of %d", items, len(warm)),
	}, nil
}

// firstKeyFigure is goto_first_key_LABEL_screen: the first key typed into go to
// anything in the process (the first of the first round), which the median over
// rounds leaves out, against the smallest Bubble Tea program's first.
func firstKeyFigure(kt keyTimes, label string) benchFigure {
	return benchFigure{
		Name: "goto_first_key_" + label + "_screen", N: kt.total, Value: ms(kt.ours[0][0]), Unit: "ms", Baseline: ms(kt.counter[0][0]),
		BaselineIs: "the first key in the smallest Bubble Tea program, measured the same way in the same run",
		Note: fmt.Sprintf("the binary in tmux %d×%d: the first key of %q typed into go to anything over %d items in the process, from the key sent to the screen showing its matches counted (%.1f ms to the key in the query line)",
			termW, termH, gotoQuery, kt.total, ms(kt.echo[0][0])),
	}
}

// TestBenchScaleFigures measures the figures at scale and those of the binary in tmux
// over the index figures' index alone (FUNNELS_BENCH_SCALE=1), for a quick look
// without the whole of make bench.
func TestBenchScaleFigures(t *testing.T) {
	if os.Getenv("FUNNELS_BENCH_SCALE") == "" {
		t.Skip("set FUNNELS_BENCH_SCALE=1 to measure the figures at scale")
	}
	figs, err := measureScaleFigures(fullBench, t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	store, _, err := bigIndex(dir, fullBench.index, benchBaseURL)
	if err != nil {
		t.Fatal(err)
	}
	bf, err := measureBrowserFigures(dir, benchBaseURL, store, fullBench.index, "100k")
	if err != nil {
		t.Fatal(err)
	}
	figs = append(figs, bf...)
	logFigures(t, figs...)
}
