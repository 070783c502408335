//go:build unix

package index

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/funnelsdev/funnels/client"
)

// TestANamedPipeAtTheIndexPathIsSetAside: an index path that is a named pipe (or a
// link, a directory) is refused without waiting for a writer that never comes, set
// aside, and the index begun anew as a file.
func TestANamedPipeAtTheIndexPathIsSetAside(t *testing.T) {
	for _, kind := range []string{"fifo", "symlink", "directory"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "index.db")
			var err error
			switch kind {
			case "fifo":
				err = syscall.Mkfifo(path, 0o600)
			case "symlink":
				err = os.Symlink(filepath.Join(dir, "elsewhere"), path)
			case "directory":
				err = os.Mkdir(path, 0o700)
			}
			if err != nil {
				t.Fatal(err)
			}
			s := Open(path, "key")
			within(t, "a read of a "+kind, func() {
				if _, err := s.Snapshot(ctxT(t)); err != nil {
					t.Errorf("read: %v", err)
				}
			})
			if n := s.Notice(); !strings.Contains(n, "not a file") {
				t.Errorf("notice %q", n)
			}
			within(t, "a write", func() {
				if err := s.SaveFunnels(ctxT(t), []client.Funnel{{ID: "f", Name: "F"}}); err != nil {
					t.Errorf("write: %v", err)
				}
			})
			if st, err := os.Lstat(path); err != nil || !st.Mode().IsRegular() {
				t.Errorf("the index was not begun anew as a file: %v", err)
			}
			if _, err := os.Lstat(path + ".damaged"); err != nil {
				t.Errorf("the %s was not set aside: %v", kind, err)
			}
		})
	}
}
