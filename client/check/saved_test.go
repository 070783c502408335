package check

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// A run cut short is kept; the next run takes its answers and asks only the rest,
// so every address is asked once over both.
func TestResumeAfterCancel(t *testing.T) {
	count := newHostCounter()
	var slowGate atomic.Bool
	slowGate.Store(true)
	site := startTestSite(t, count.wrap(func(w http.ResponseWriter, r *http.Request) {
		if r.Host == "slow.check.test" && slowGate.Load() {
			<-r.Context().Done()
			return
		}
		page(w, r)
	}))
	var log dialLog
	opts := site.options(&log)
	loc := Location{ID: "L", Steps: append(steps("fast.check.test", 30), steps("slow.check.test", 5)...)}
	path := SavedPath(filepath.Join(t.TempDir(), "index", "L-abc.db"))
	if !strings.HasSuffix(path, "L-abc.check.json") {
		t.Fatalf("path %s", path)
	}

	ctx, cancel := context.WithCancel(context.Background())
	opts.Progress = func(p Progress) {
		if p.Done >= 31 { // the fast host's steps and its root
			cancel()
		}
	}
	first, err := Run(ctx, []Location{loc}, opts)
	if !errors.Is(err, context.Canceled) || first[0].Complete {
		t.Fatalf("first run: %v complete %v", err, first[0].Complete)
	}
	saved, err := LoadSaved(path)
	if err != nil || saved.Damaged || saved.Last != nil {
		t.Fatalf("load of nothing: %+v %v", saved, err)
	}
	saved.Record(first[0])
	if err := saved.Write(path); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("file %v %v", fi, err)
	}

	slowGate.Store(false)
	saved, err = LoadSaved(path)
	if err != nil {
		t.Fatal(err)
	}
	opts.Resume = saved.Resume(time.Now(), DefaultResumeWithin)
	if len(opts.Resume) < 30 {
		t.Fatalf("%d answers to resume from", len(opts.Resume))
	}
	count.mu.Lock()
	before := maps.Clone(count.perURL)
	count.mu.Unlock()
	var last Progress
	opts.Progress = func(p Progress) { last = p }
	second, err := Run(ctxT(t), []Location{loc}, opts)
	if err != nil || !second[0].Complete {
		t.Fatalf("second run: %v", err)
	}
	if last.Reused != len(opts.Resume) || last.Done != last.Total {
		t.Errorf("progress %+v", last)
	}
	// What the first run kept is not asked again; what it was asking when it was
	// cut short is.
	count.mu.Lock()
	for _, a := range opts.Resume {
		u := strings.TrimPrefix(a.URL, "https://")
		if count.perURL[u] != before[u] {
			t.Errorf("%s asked again", u)
		}
	}
	if len(count.perURL) != 30+5+2 {
		t.Errorf("%d addresses asked over both runs", len(count.perURL))
	}
	count.mu.Unlock()
	if got := problems(second[0]); len(got) != 0 {
		t.Errorf("found %v", got)
	}
	saved.Record(second[0])
	if saved.Partial != nil || saved.Last == nil || saved.Resume(time.Now(), time.Hour) != nil {
		t.Errorf("a complete run keeps no answers: %+v", saved)
	}
	// Too old an interruption is not resumed.
	old := &Saved{Partial: &SavedPartial{Started: time.Now().Add(-2 * time.Hour), Answers: first[0].Answers}}
	if old.Resume(time.Now(), time.Hour) != nil {
		t.Error("resumed answers two hours old")
	}
}

// --since-last: what a run found that the last complete one did not, what went,
// and what changed severity.
func TestSinceLast(t *testing.T) {
	sb, info := sitesSandbox(t, sandbox.Options{})
	loc := sb.Server.SubAccounts()[0]
	store := indexOf(t, sb, loc)
	var log dialLog
	opts := sitesOptions(t, info, &log)
	path := filepath.Join(t.TempDir(), "L.check.json")

	first, err := Run(ctxT(t), []Location{locationOf(t, store, loc)}, opts)
	if err != nil {
		t.Fatal(err)
	}
	saved, _ := LoadSaved(path)
	if d := saved.SinceLast(first[0]); len(d.New) != len(seededFaults) || !d.Previous.IsZero() {
		t.Errorf("with no last run: %d new", len(d.New))
	}
	saved.Record(first[0])
	if err := saved.Write(path); err != nil {
		t.Fatal(err)
	}

	if err := sb.Server.MoveSeededStep(); err != nil {
		t.Fatal(err)
	}
	recrawl(t, sb, loc, store)
	opts.WarnCertDays, opts.FailCertDays = 30, 1 // the short certificate is now a warning
	second, err := Run(ctxT(t), []Location{locationOf(t, store, loc)}, opts)
	if err != nil {
		t.Fatal(err)
	}
	saved, err = LoadSaved(path)
	if err != nil || saved.Last == nil {
		t.Fatal(err)
	}
	d := saved.SinceLast(second[0])
	var news, changed []string
	for _, f := range d.New {
		news = append(news, brief(f))
	}
	for _, f := range d.Changed {
		changed = append(changed, brief(f))
	}
	if !slices.Equal(news, movedFaults) || len(d.Resolved) != 0 || d.Same != len(seededFaults)-1 ||
		!slices.Equal(changed, []string{"warning cert-expiry domain webinars.lakesidefit.com fix=renew the certificate"}) {
		t.Errorf("new %v\nchanged %v\nresolved %d, same %d", news, changed, len(d.Resolved), d.Same)
	}
	if !d.Previous.Equal(saved.Last.Ended) || d.Previous.IsZero() {
		t.Errorf("previous %v", d.Previous)
	}
	// Back the other way, what the move brought is resolved.
	saved.Record(second[0])
	if back := saved.SinceLast(first[0]); len(back.Resolved) != len(movedFaults) {
		t.Errorf("resolved %d", len(back.Resolved))
	}
}

// A file that is not a saved check is taken as none, and said to be damaged.
func TestLoadSavedDamaged(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"junk": "{not json", "other": `{"version": 99}`} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := LoadSaved(p)
		if err != nil || !s.Damaged || s.Last != nil {
			t.Errorf("%s: %+v %v", name, s, err)
		}
	}
	if s, err := LoadSaved(dir); err != nil || !s.Damaged {
		t.Errorf("a directory: %+v %v", s, err)
	}
}

// RemoveSaved removes the checks beside an index and what a write left half-done,
// and nothing else; removing them twice is no error.
func TestRemoveSaved(t *testing.T) {
	dir := t.TempDir()
	index := filepath.Join(dir, "LOC-1a2b.db")
	keep := []string{index, filepath.Join(dir, "LOC-1a2b.db.clean"), filepath.Join(dir, "OTHER-9f9f.check.json")}
	gone := []string{SavedPath(index), SavedPath(index) + ".123456"}
	for _, p := range append(slices.Clone(keep), gone...) {
		if err := os.WriteFile(p, []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		if err := RemoveSaved(index); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range gone {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there", p)
		}
	}
	for _, p := range keep {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed", p)
		}
	}
}
