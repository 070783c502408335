//go:build !unix

package auth

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// lockFile, where flock does not exist, creates path exclusively and removes it to
// unlock. A lock older than two minutes is taken to be left by a crashed process.
func lockFile(ctx context.Context, path string) (unlock func(), err error) {
	for wait := 5 * time.Millisecond; ; wait = min(wait*2, 100*time.Millisecond) {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			_ = f.Close()
			return func() { _ = os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if info, err := os.Stat(path); err == nil && time.Since(info.ModTime()) > 2*time.Minute {
			_ = os.Remove(path)
			continue
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("another funnels process holds the lock: %w", ctx.Err())
		case <-time.After(wait):
		}
	}
}
