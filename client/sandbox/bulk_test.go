package sandbox

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestBulkAddsFunnelsAfterTheSeed: Bulk adds its funnels (each with its pages) after
// the seed, whose records stay as they were, and the same Bulk serves the same ids.
func TestBulkAddsFunnelsAfterTheSeed(t *testing.T) {
	plain := New(Options{}).primary().store.d
	a, b := New(Options{Bulk: Bulk{Funnels: 30, PagesPerFunnel: 4}}).primary().store.d, New(Options{Bulk: Bulk{Funnels: 30, PagesPerFunnel: 4}}).primary().store.d
	if len(a.funnels) != len(plain.funnels)+30 || len(a.pages) != len(plain.pages)+120 {
		t.Fatalf("%d funnels, %d pages; want %d and %d", len(a.funnels), len(a.pages), len(plain.funnels)+30, len(plain.pages)+120)
	}
	for i, f := range plain.funnels {
		if a.funnels[i].ID != f.ID {
			t.Fatalf("the seed's funnel %d changed id", i)
		}
	}
	last := a.funnels[len(a.funnels)-1]
	if last.ID != b.funnels[len(b.funnels)-1].ID || last.Name != "Bulk Funnel 0030" || len(last.Steps) != 4 ||
		len(last.Steps[3].Pages) != 1 || a.pageByID[last.Steps[3].Pages[0]] == nil {
		t.Fatalf("bulk funnel %+v", last)
	}
	r := startT(t, Options{Bulk: Bulk{Funnels: 30, PagesPerFunnel: 4}})
	_, body, err := raw(t, r, "/funnels/funnel/list?limit=1&name=bulk")
	if err != nil {
		t.Fatal(err)
	}
	var list struct{ Count int }
	if err := json.Unmarshal(body, &list); err != nil || list.Count != 30 {
		t.Fatalf("the funnel list counts %d bulk funnels (%v): %s", list.Count, err, body)
	}
}

// TestFixedLatencyDelaysEveryAnswer: FixedLatency holds every API answer at least that
// long (the random Latency adds to it), and the control API sets it.
func TestFixedLatencyDelaysEveryAnswer(t *testing.T) {
	r := startT(t, Options{Faults: Faults{FixedLatency: 150 * time.Millisecond}})
	for range 3 {
		start := time.Now()
		if _, _, err := raw(t, r, "/funnels/funnel/list"); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d < 150*time.Millisecond {
			t.Fatalf("answered after %v, before the fixed latency", d)
		}
	}
	f, msg := parseFaults(func(k string) string { return map[string]string{"fixed_latency": "2s"}[k] })
	if msg != "" || f.FixedLatency != 2*time.Second {
		t.Fatalf("fixed_latency=2s read as %+v %q", f, msg)
	}
	if _, msg := parseFaults(func(k string) string { return map[string]string{"fixed_latency": "-1s"}[k] }); !strings.Contains(msg, "fixed_latency") {
		t.Fatalf("a negative fixed_latency: %q", msg)
	}
}

func TestBulkRedirectsOverTheAttachedDomains(t *testing.T) {
	d := withBulk(seeded(), Bulk{Redirects: 13})
	if got := len(d.urlRedirects); got != 8+13 {
		t.Fatalf("%d redirects, want the 8 seeded and 13 more", got)
	}
	hosts := map[string]bool{}
	for _, r := range d.urlRedirects[8:] {
		if d.domainByHost(r.Domain) == nil || r.Action != "url" || r.PathLowercase != r.Path {
			t.Errorf("bulk redirect %+v", *r)
		}
		hosts[r.Domain] = true
	}
	if len(hosts) != 6 {
		t.Errorf("on %d domains, want all 6", len(hosts))
	}
}
