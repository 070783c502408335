package index

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
)

// loadCheckpoint reads the checkpoint of a crawl left part way; found is false when
// there is none (no crawl, or the last one ended whole).
func (s *Store) loadCheckpoint(ctx context.Context) (cp checkpoint, found bool, err error) {
	_, err = s.view(ctx, func(tx *bolt.Tx) error {
		raw := tx.Bucket(bMeta).Get(mCrawl)
		if raw == nil {
			return nil
		}
		if json.Unmarshal(raw, &cp) != nil || cp.Started == 0 {
			cp = checkpoint{} // a checkpoint that cannot be read: crawl from the start
			return nil
		}
		found = true
		return nil
	})
	if found && cp.Started > millis(s.now()) {
		cp, found = checkpoint{}, false // begun in the future: a clock or a file that lies; crawl from the start
	}
	return cp.bounded(), found, err
}

// bounded is the checkpoint with what it claims kept to what a crawl could have
// written: offsets of the funnel list a crawl reads, no negative count, no end or
// count past the cap. A checkpoint is read from a file, and a file may lie.
func (cp checkpoint) bounded() checkpoint {
	limit := maxFunnelPages * funnelPageSize
	cp.FunnelPages = boundFunnelPages(cp.FunnelPages)
	cp.FunnelCount = min(max(cp.FunnelCount, -1), limit)
	cp.FunnelEnd = min(max(cp.FunnelEnd, 0), limit)
	cp.Requests = max(cp.Requests, 0)
	cp.ElapsedMS = max(cp.ElapsedMS, 0)
	cp.FunnelsPagedSeen = max(cp.FunnelsPagedSeen, 0)
	return cp
}

// putCheckpoint writes where the crawl is.
func (w *Writer) putCheckpoint(cp checkpoint) error {
	raw, err := json.Marshal(cp)
	if err != nil {
		return fmt.Errorf("index: checkpoint: %w", err)
	}
	return w.tx.Bucket(bMeta).Put(mCrawl, raw)
}

// funnelsToPage lists the funnels this crawl found (seen since it began at started,
// Unix ms) whose pages it has not read yet, in id order.
func (s *Store) funnelsToPage(ctx context.Context, started int64) ([]string, error) {
	var ids []string
	_, err := s.view(ctx, func(tx *bolt.Tx) error {
		at := tx.Bucket(bAt)
		return tx.Bucket(bFunnels).ForEach(func(k, _ []byte) error {
			id := string(k)
			if seenAt(at, stampFunnel, id) >= started && seenAt(at, stampPages, id) < started {
				ids = append(ids, id)
			}
			return nil
		})
	})
	return ids, err
}

// rateMeter counts the crawl's requests in the last rate-limit window.
type rateMeter struct {
	at []time.Time // when requests finished, oldest first, as many as their count
}

func (m *rateMeter) add(t time.Time, n int) {
	for range n {
		m.at = append(m.at, t)
	}
	if len(m.at) > 4096 {
		m.at = append(m.at[:0], m.at[len(m.at)-2048:]...)
	}
}

// inWindow is how many requests finished in the window before now.
func (m *rateMeter) inWindow(now time.Time, window time.Duration) int {
	n := 0
	for i := len(m.at) - 1; i >= 0 && now.Sub(m.at[i]) <= window; i-- {
		n++
	}
	return n
}

// use is the share of the limit used over the last window (or since start, when the
// crawl is younger than a window).
func (m *rateMeter) use(now, start time.Time, window time.Duration, limit int) float64 {
	span := min(now.Sub(start), window)
	if span < window/10 || limit <= 0 {
		return 0
	}
	allowed := float64(limit) * span.Seconds() / window.Seconds()
	return min(float64(m.inWindow(now, window))/allowed, 1)
}

// perSecond is the crawl's pace over the last window.
func (m *rateMeter) perSecond(now, start time.Time, window time.Duration) float64 {
	span := min(now.Sub(start), window)
	if span < window/10 {
		return 0
	}
	return float64(m.inWindow(now, window)) / span.Seconds()
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// mkdirFor makes the directory of path (0700).
func mkdirFor(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	return nil
}
