package index

import (
	"errors"
	"io/fs"
	"os"
)

// releaseCrawlLock is unlock for the crawl lock at lock beside the index at path: a
// crawl that wrote nothing (refused before its first batch) leaves no index, and then
// its lock file goes too, removed while still held so no other crawl holds it.
func releaseCrawlLock(path, lock string, unlock func()) func() {
	return func() {
		if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
			_ = os.Remove(lock)
		}
		unlock()
	}
}
