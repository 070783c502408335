package e2e

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui"
	flist "github.com/funnelsdev/funnels/ui/list"
)

// The figure of go to anything across sub-accounts: an agency of many sub-accounts,
// each with a local index written straight through the index's writing API (no
// server), opened in the browser with a switcher that knows where the indexes are;
// tab turns the box to "all sub-accounts" and a query is typed into it one key at a
// time, beside the same filter over the same keys held as one slice.

// findAllConfig sizes the figure: indexes sub-accounts, each of funnels funnels of
// steps steps of pages pages.
type findAllConfig struct {
	indexes, funnels, steps, pages int
	rounds                         int
}

// items is how many items of go to anything one index holds: its funnels, steps,
// pages and its one folder and one domain.
func (c findAllConfig) items() int {
	return c.funnels*(1+c.steps) + c.funnels*c.steps*c.pages + 2
}

// findAllSwitcher is an agency whose sub-accounts are the fixture's indexes.
type findAllSwitcher struct {
	c      *client.Client
	stores []*index.Store
}

func findAllName(i int) string { return fmt.Sprintf("agency/Client%03d", i) }

func (s *findAllSwitcher) List(context.Context) ([]ui.Account, error) {
	out := make([]ui.Account, len(s.stores))
	for i := range s.stores {
		out[i] = ui.Account{Name: findAllName(i), Profile: "agency", LocationName: fmt.Sprintf("Client %03d Fitness", i), Kind: "minted"}
	}
	return out, nil
}

func (s *findAllSwitcher) Open(_ context.Context, name string) (ui.Opened, error) {
	for i, st := range s.stores {
		if findAllName(i) == name {
			return ui.Opened{Client: s.c, Profile: name, Index: st}, nil
		}
	}
	return ui.Opened{}, fmt.Errorf("no sub-account %s", name)
}

func (s *findAllSwitcher) Indexes(context.Context, []ui.Account) map[string]*index.Store {
	out := map[string]*index.Store{}
	for i, st := range s.stores {
		out[findAllName(i)] = st
	}
	return out
}

// writeFindAllIndexes writes the fixture's indexes under dir, each with its catalog
// kept (as a whole crawl leaves it) and marked crawled.
func writeFindAllIndexes(dir string, fc findAllConfig) ([]*index.Store, error) {
	ctx := context.Background()
	now := time.Now()
	stores := make([]*index.Store, fc.indexes)
	for x := range stores {
		loc := fmt.Sprintf("findall%03d", x)
		st := index.Open(filepath.Join(dir, loc+".db"), index.KeyOf(benchBaseURL, loc))
		err := st.Update(ctx, func(w *index.Writer) error {
			folder := benchID('d', x)
			if err := w.PutFolder(index.Folder{ID: folder, Name: "Campaigns " + strconv.Itoa(x), Type: "funnel", At: now.UnixMilli()}); err != nil {
				return err
			}
			for fi := range fc.funnels {
				n := x*fc.funnels + fi
				f := client.Funnel{ID: benchID('f', n), Name: benchName(n), Type: "funnel", URL: "/f" + strconv.Itoa(n),
					DomainName: "www.client" + strconv.Itoa(x) + ".example.com", StepsKnown: true, DateUpdated: now, ParentID: folder}
				var pages []index.Page
				for s := range fc.steps {
					sn := n*fc.steps + s
					step := client.Step{ID: benchID('s', sn), Name: benchWords[(s+x)%len(benchWords)] + " Step",
						URL: "/f" + strconv.Itoa(n) + "-" + strconv.Itoa(s), Type: "optin_funnel_page", Sequence: s + 1}
					for p := range fc.pages {
						pn := sn*fc.pages + p
						pg := index.PageOf(f.ID, client.Page{ID: benchID('p', pn), StepID: step.ID, Name: benchName(pn), DateUpdated: now}, now)
						step.Pages = append(step.Pages, pg.ID)
						pages = append(pages, pg)
					}
					f.Steps = append(f.Steps, step)
				}
				if err := w.PutFunnel(index.FunnelOf(f, now)); err != nil {
					return err
				}
				if err := w.ReplacePages(f.ID, "", pages); err != nil {
					return err
				}
			}
			return w.MarkCrawled()
		})
		if err != nil {
			return nil, fmt.Errorf("index %d: %w", x, err)
		}
		if _, err := st.Catalog(ctx); err != nil { // kept in the file, as after a crawl
			return nil, fmt.Errorf("index %d: %w", x, err)
		}
		stores[x] = st
	}
	return stores, nil
}

// measureFindAll is find_all_1m and the peak RSS beside it, measured twice (as the
// machine is, and beside a busy core with the indexes' files out of the page cache).
func measureFindAll(cfg benchConfig, say func(string, ...any)) ([]benchFigure, error) {
	fc := cfg.findAll
	dir, err := os.MkdirTemp("", "funnels-bench-findall-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	say("find_all: writing %d indexes of %d items …", fc.indexes, fc.items())
	t0 := time.Now()
	stores, err := writeFindAllIndexes(dir, fc)
	if err != nil {
		return nil, err
	}
	built := time.Since(t0)
	var files []string
	for _, st := range stores {
		files = append(files, indexFiles(st.Path())...)
	}
	return measureTwice(cfg, files, func() ([]benchFigure, error) { return measureFindAllOf(stores, fc, built) })
}

// measureFindAllOf is find_all_1m and its RSS over stores (fc's indexes, written in
// built).
func measureFindAllOf(stores []*index.Store, fc findAllConfig, built time.Duration) ([]benchFigure, error) {
	total := fc.indexes * fc.items()
	c, err := client.New(client.Options{BaseURL: benchBaseURL, LocationID: "findall000", MaxRetries: -1})
	if err != nil {
		return nil, err
	}

	// What each key matches, known before and let go (the peak is of the browser).
	keys := []rune(gotoQuery)
	counts := make([]int, len(keys))
	set, err := index.ReadCatalogSet(context.Background(), stores)
	if err != nil {
		return nil, err
	}
	for k := range keys {
		counts[k] = len(flist.RankCatalogSet(set, string(keys[:k+1])))
	}
	set = nil
	runtime.GC()
	debug.FreeOSMemory()
	resetPeakRSS()
	before := procStatusMB("VmRSS")
	d := newDriver(ui.Options{Client: c, Profile: "agency", Theme: "dark", Index: stores[0],
		Switcher: &findAllSwitcher{c: c, stores: stores}, Account: findAllName(0)}, termW, termH)
	d.send(ctrlP)
	if err := d.waitFor(strconv.Itoa(fc.items())+" items", 5*time.Minute); err != nil {
		return nil, err
	}
	t1 := time.Now()
	d.send(keyMsg("tab"))
	if err := d.waitFor(fmt.Sprintf("%d items in %d sub-accounts", total, fc.indexes), 5*time.Minute); err != nil {
		return nil, err
	}
	opened := time.Since(t1)

	per := make([][]time.Duration, len(keys))
	var all []time.Duration
	for range fc.rounds {
		for k, r := range keys {
			// Update and View of the key, and of its matches where they are found off
			// the update loop (a list this long), until the screen counts them.
			start := time.Now()
			d.send(keyMsg(string(r)))
			if err := d.waitUntil(gotoSettled(fmt.Sprintf(" %d of %d items in %d sub-accounts", counts[k], total, fc.indexes)), time.Minute); err != nil {
				return nil, fmt.Errorf("find_all: the query did not filter: %w", err)
			}
			per[k] = append(per[k], time.Since(start))
			all = append(all, per[k][len(per[k])-1])
		}
		for range keys {
			d.send(keyMsg("backspace"))
		}
		if err := d.waitUntil(func(v string) bool {
			return strings.Contains(v, fmt.Sprintf("%d items in", total)) && !strings.Contains(v, " of ")
		}, time.Minute); err != nil {
			return nil, err
		}
		runtime.GC()
	}
	peak := procStatusMB("VmHWM")
	slowest, at := time.Duration(0), 0
	for k, xs := range per {
		if m := median(xs); m > slowest {
			slowest, at = m, k
		}
	}

	// The baseline: the same filter over the same keys as one slice, nothing merged
	// or drawn.
	if set, err = index.ReadCatalogSet(context.Background(), stores); err != nil {
		return nil, err
	}
	flat, masks := make([]string, set.Len()), make([]uint64, set.Len())
	for i := range flat {
		flat[i] = set.Key(i)
		masks[i] = flist.Mask(flat[i])
	}
	var l flist.List
	l.SetMaskedKeys(flat, masks)
	base := make([][]time.Duration, len(keys))
	for range fc.rounds {
		for k := range keys {
			start := time.Now()
			l.SetQuery(string(keys[:k+1]))
			base[k] = append(base[k], time.Since(start))
		}
		l.SetQuery("")
		runtime.GC()
	}
	baseSlowest := time.Duration(0)
	for _, xs := range base {
		baseSlowest = max(baseSlowest, median(xs))
	}
	runtime.KeepAlive(d)
	return []benchFigure{{
		Name: "find_all_1m", N: total, Value: ms(slowest), Unit: "ms", Baseline: ms(baseSlowest),
		BaselineIs: "ui/list's filter alone over the same keys held as one slice (no merge, no drawing)",
		Note: fmt.Sprintf("slowest key press (median of %d rounds; key %d) of typing %q into go to anything, scope all sub-accounts, over %d items in %d indexes: Update + View of the whole screen until it counts the key's matches (found off the update loop in a list this long); every key: median %.1f ms, max %.1f ms; tab to the scope read every index in %.0f ms; the fixture was written in %.1f s",
			fc.rounds, at+1, gotoQuery, total, fc.indexes, ms(median(all)), ms(slicesMax(all)), ms(opened), built.Seconds()),
	}, {
		Name: "rss_find_all_1m", N: total, Value: peak, Unit: "MB", Baseline: before,
		BaselineIs: "the process's RSS before go to anything opened (the fixture written, collected)",
		Note:       "peak RSS (VmHWM, reset before the browser started) of the whole test process while go to anything read every index and the query was typed",
	}}, nil
}

// resetPeakRSS makes the kernel's peak RSS of this process start again from now.
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// procStatusMB is a size field of /proc/self/status in MB (0 where there is none).
func procStatusMB(field string) float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			return kb / 1000
		}
	}
	return 0
}

// The figure's harness on a tiny agency: both figures come out, the query filtered
// across every index (measureFindAll checks the screen), the baseline measured.
func TestFindAllFigure(t *testing.T) {
	figs, err := measureFindAll(tinyBench, t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != 2 || figs[0].Name != "find_all_1m" || figs[0].Value <= 0 || figs[0].Baseline <= 0 ||
		figs[1].Name != "rss_find_all_1m" || figs[1].N != 3*tinyBench.findAll.items() {
		t.Fatalf("figures %+v", figs)
	}
}
