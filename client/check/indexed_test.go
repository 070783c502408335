package check

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// RunIndexed reads each target's index, keeps each result beside it and says what
// changed since the last one; a target never crawled is said so and the others are
// checked all the same.
func TestRunIndexed(t *testing.T) {
	sb, info := sitesSandbox(t, sandbox.Options{})
	lakeside, summit := sb.Server.SubAccounts()[0], sb.Server.SubAccounts()[1]
	dir := t.TempDir()
	targets := []Target{
		{ID: lakeside.ID, Name: lakeside.Name, Store: indexOf(t, sb, lakeside), SavedPath: filepath.Join(dir, "lakeside.check.json")},
		{ID: "NeverCrawled", Store: index.Open(filepath.Join(dir, "never.db"), "k"), SavedPath: filepath.Join(dir, "never.check.json")},
		{ID: summit.ID, Name: summit.Name, Store: indexOf(t, sb, summit), SavedPath: filepath.Join(dir, "summit.check.json")},
	}
	var log dialLog
	opts := sitesOptions(t, info, &log)
	first, err := RunIndexed(ctxT(t), targets, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(first[1].Err, ErrNoIndex) || first[1].Result != nil {
		t.Errorf("never crawled: %+v", first[1])
	}
	if first[0].Err != nil || len(first[0].Since.New) != len(seededFaults) || !first[0].State.Exists ||
		first[2].Err != nil || len(first[2].Since.New) != 1 {
		t.Fatalf("first: %+v\n%+v", first[0].Err, first[2].Err)
	}
	for _, p := range []string{targets[0].SavedPath, targets[2].SavedPath} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("not kept: %v", err)
		}
	}
	if _, err := os.Stat(targets[1].SavedPath); err == nil {
		t.Error("a check kept for an index that was never crawled")
	}

	// Cut short, the next call goes on from what was answered.
	ctx, cancel := context.WithCancel(context.Background())
	opts.Progress = func(p Progress) {
		if p.Done > 20 {
			cancel()
		}
	}
	cut, err := RunIndexed(ctx, targets[:1], opts)
	if !errors.Is(err, context.Canceled) || cut[0].Result.Complete || len(cut[0].Since.Resolved) != 0 {
		t.Fatalf("cut: %v %+v", err, cut[0].Since)
	}
	var last Progress
	opts.Progress = func(p Progress) { last = p }
	again, err := RunIndexed(ctxT(t), targets[:1], opts)
	if err != nil || !again[0].Result.Complete || last.Reused < 20 {
		t.Fatalf("again: %v %+v", err, last)
	}
	if d := again[0].Since; len(d.New) != 0 || len(d.Resolved) != 0 || d.Same != len(seededFaults) ||
		!slices.Equal(problems(again[0].Result), seededFaults) {
		t.Errorf("since the first run: %+v", d)
	}
}
