package index

import (
	"fmt"
	"os"
	"sort"
	"testing"
	"time"
)

func TestZZTwoProcesses(t *testing.T) {
	sb := fastSandbox(t, bulkOpts())
	s := newStore(t, sb)
	a, b := startHelper(t, sb, s), startHelper(t, sb, s)
	done := make(chan error, 2)
	go func() { done <- a.Wait() }()
	go func() { done <- b.Wait() }()
	for finished := 0; finished < 2; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("helper: %v", err)
			}
			finished++
		default:
			if _, err := s.Listing(ctxT(t), ""); err != nil {
				t.Fatalf("read: %v", err)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	snap := snapshot(t, s)
	if len(snap.Pages) == bulkPages {
		return
	}
	per := map[string]int{}
	for _, p := range snap.Pages {
		per[p.FunnelID]++
	}
	var lines []string
	for _, f := range snap.Funnels {
		lines = append(lines, fmt.Sprintf("%s %q pages %d", f.ID, f.Name, per[f.ID]))
	}
	sort.Strings(lines)
	fmt.Fprintf(os.Stderr, "ZZFAIL pages %d funnels %d\n", len(snap.Pages), len(snap.Funnels))
	for _, r := range sb.Server.Requests() {
		if r.Status != 200 {
			fmt.Fprintf(os.Stderr, "ZZREQ %s %s %d\n", r.Method, r.Path, r.Status)
		}
	}
	for _, l := range lines {
		if per[l[:20]] == 0 {
			fmt.Fprintln(os.Stderr, "ZZNOPAGES", l)
		}
	}
	t.Fatalf("pages %d", len(snap.Pages))
}
