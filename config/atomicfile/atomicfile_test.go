package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteReplacesWholeOrNotAtAll: a write that lands replaces the file with its
// mode; one that fails leaves the old file and no temporary file beside it.
func TestWriteReplacesWholeOrNotAtAll(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "users.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	st, serr := os.Stat(path)
	if err != nil || serr != nil || string(b) != "new" || st.Mode().Perm() != 0o600 {
		t.Fatalf("after a write: %q %v, mode %v", b, err, st.Mode())
	}
	boom := errors.New("disk full")
	err = WriteWith(path, 0o600, func(w io.Writer) error {
		_, _ = w.Write([]byte("half"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("a failed write: %v, want the writer's error", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("a failed write left %q, want the file as it was", b)
	}
	if left, _ := os.ReadDir(dir); len(left) != 1 {
		t.Errorf("a failed write left %d files in the folder, want only the file", len(left))
	}
	if err := Write(filepath.Join(dir, "none", "x"), nil, 0o600); err == nil {
		t.Error("a write into a folder that is not there succeeded")
	}
}
