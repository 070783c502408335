package index

import (
	"context"
	"errors"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// openTurn is how long one try at bbolt's file lock lasts: bbolt's own wait cannot
// be called off, so the lock is asked for in turns this short, and ctx is looked at
// between them.
const openTurn = 100 * time.Millisecond

// openBolt opens the bbolt file at path through openFile, waiting for its lock at
// most wait and no longer than ctx lasts (then ctx's error); a wait that runs out is
// bbolt's ErrTimeout.
func openBolt(ctx context.Context, path string, writable bool, wait time.Duration, openFile func(string, int, os.FileMode) (*os.File, error)) (*bolt.DB, error) {
	deadline := time.Now().Add(wait)
	for {
		turn := max(min(openTurn, time.Until(deadline)), time.Millisecond) // 0 would wait for ever
		db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: turn, ReadOnly: !writable, NoStatistics: true, OpenFile: openFile})
		if !errors.Is(err, berrors.ErrTimeout) || !time.Now().Before(deadline) {
			return db, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
}
