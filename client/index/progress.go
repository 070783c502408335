package index

import (
	"fmt"
	"strings"
	"time"
)

// Phase is what a crawl is doing.
type Phase string

// The phases of a crawl, in order.
const (
	PhaseWaiting Phase = "waiting" // another process is crawling this index; this one waits for it
	PhaseFolders Phase = "folders" // the folder tree, one folder-entities request per folder
	PhaseFunnels Phase = "funnels" // the funnel list, 100 funnels (with their steps) a request
	PhasePages   Phase = "pages"   // every funnel's pages, 20 a request, and the redirects
	PhaseDone    Phase = "done"
)

// Progress is how a crawl is going, for a progress bar.
type Progress struct {
	Phase Phase
	// What this crawl has read so far (a resumed crawl counts its earlier runs' records
	// only in Funnels and FunnelsTotal).
	Folders, Funnels, Pages, Redirects int
	FunnelsTotal                       int // the funnels of the location; 0 until the funnel list says
	FunnelsPaged                       int // funnels whose pages are read
	Requests                           int // requests sent, earlier runs of this crawl included
	Errors                             int // items that failed and are left for the next crawl
	Resumed                            bool
	Elapsed                            time.Duration // earlier runs included
	Left                               time.Duration // an estimate; 0 when none can be made yet
	// RateUse is the share of the rate limit the crawl used over the last window (0–1).
	RateUse float64
	Notes   []string // what the crawl could not read and why (a family refused to this token)
	Done    bool
}

// Items is every record read.
func (p Progress) Items() int { return p.Folders + p.Funnels + p.Pages + p.Redirects }

// Fraction is how far the crawl is, 0–1, by requests done against those still needed.
func (p Progress) Fraction() float64 {
	if p.Done {
		return 1
	}
	if p.FunnelsTotal == 0 {
		return 0
	}
	// The pages of each funnel are most of the work; the funnel list and the folders
	// come first and count as a tenth.
	f := 0.1 + 0.9*float64(p.FunnelsPaged)/float64(p.FunnelsTotal)
	if p.Phase == PhaseFolders || p.Phase == PhaseFunnels {
		f = 0.1 * float64(p.Funnels) / float64(p.FunnelsTotal)
	}
	return min(max(f, 0), 0.999)
}

// Line is the progress in one line: "pages · 4,210 items · 312 requests · 91% of the
// rate limit · about 1m20s left".
func (p Progress) Line() string {
	var b strings.Builder
	b.WriteString(string(p.Phase))
	if p.FunnelsTotal > 0 && p.Phase == PhasePages {
		fmt.Fprintf(&b, " %d/%d funnels", p.FunnelsPaged, p.FunnelsTotal)
	}
	fmt.Fprintf(&b, " · %s items · %s requests", Thousands(p.Items()), Thousands(p.Requests))
	if p.RateUse > 0 {
		fmt.Fprintf(&b, " · %d%% of the rate limit", int(p.RateUse*100+0.5))
	}
	switch {
	case p.Done:
		fmt.Fprintf(&b, " · took %s", roundDuration(p.Elapsed))
	case p.Left > 0:
		fmt.Fprintf(&b, " · about %s left", roundDuration(p.Left))
	}
	if p.Errors > 0 {
		fmt.Fprintf(&b, " · %d failed", p.Errors)
	}
	return b.String()
}

// roundDuration is d to the second (a tenth below ten seconds).
func roundDuration(d time.Duration) string {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// Thousands writes n with commas: 12,345.
func Thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return s
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
