//go:build unix

package index

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// What is not a regular file where the catalog or the stamp file is kept — a named
// pipe, a link — is not waited on nor followed: the catalog is made from the records.
func TestACatalogPathThatIsNoFileIsNotRead(t *testing.T) {
	for _, kind := range []string{"fifo", "link"} {
		t.Run(kind, func(t *testing.T) {
			s := bigIndex(t)
			want, _ := s.Catalog(ctxT(t))
			for _, p := range []string{s.Path() + catalogSuffix, s.Path() + stampSuffix} {
				if err := os.Remove(p); err != nil {
					t.Fatal(err)
				}
				var err error
				if kind == "fifo" {
					err = syscall.Mkfifo(p, 0o600)
				} else {
					err = os.Symlink(filepath.Join(t.TempDir(), "elsewhere"), p)
				}
				if err != nil {
					t.Skip(err)
				}
			}
			done := make(chan error, 1)
			go func() {
				_, err := readCatalogFile(s.Path()+catalogSuffix, "k", true)
				if err == nil {
					_, ok := readStamp(s.Path())
					err = fmt.Errorf("stamp read: %v", ok)
				}
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil {
					t.Fatal("a catalog was read from what is not a file")
				}
			case <-time.After(5 * time.Second):
				t.Fatal("reading waited on a named pipe")
			}
			set, err := ReadCatalogSet(ctxT(t), []*Store{s})
			if err != nil || set.Len() != want.Len() {
				t.Fatalf("the set holds %d items, want %d (%v)", set.Len(), want.Len(), err)
			}
		})
	}
}
