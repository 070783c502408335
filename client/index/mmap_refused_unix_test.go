//go:build linux

package index

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestAMappingRefusedForMemoryIsNotDamage: an index larger than the address space a
// process may still take (a small server, a memory limit) cannot be mapped. That is
// the system's refusal, not a fault of the file: the read fails with the system's
// error and the file stays where it is, to be read once memory allows. The read runs
// in a helper process whose address space is limited, so the limit touches nothing
// else.
func TestAMappingRefusedForMemoryIsNotDamage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index.db")
	s := Open(path, "key")
	if err := s.Update(ctxT(t), func(w *Writer) error { return w.PutFolder(Folder{ID: "f1", Name: "Spring"}) }); err != nil {
		t.Fatal(err)
	}
	// As bbolt grows a file: the same pages, then room, which a read maps whole.
	if err := os.Truncate(path, 1<<30); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMappingRefusedHelper$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "FUNNELS_INDEX_HELPER=map", "HELPER_INDEX="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("helper: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "refused: ") {
		t.Fatalf("the helper's read was not refused:\n%s", out)
	}
	if _, err := os.Stat(path + ".damaged"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the file was set aside: %v\n%s", err, out)
	}
	l, err := s.Listing(ctxT(t), "")
	if err != nil || len(l.Folders) != 1 || s.Notice() != "" {
		t.Fatalf("read with memory enough: %+v, %v, notice %q", l, err, s.Notice())
	}
}

// TestMappingRefusedHelper is the helper's body: it limits its own address space to
// a little more than it holds, then reads the index named in its environment.
func TestMappingRefusedHelper(t *testing.T) {
	if os.Getenv("FUNNELS_INDEX_HELPER") != "map" {
		t.Skip("the helper process of TestAMappingRefusedForMemoryIsNotDamage")
	}
	size := vmSize(t)
	lim := syscall.Rlimit{Cur: size + 256<<20, Max: size + 256<<20}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		t.Fatal(err)
	}
	s := Open(os.Getenv("HELPER_INDEX"), "key")
	_, err := s.Listing(ctxT(t), "")
	var dmg *damageError
	switch notice := s.Notice(); {
	case errors.As(err, &dmg) || notice != "":
		t.Fatalf("refused as damage: %v (notice %q)", err, notice)
	case err == nil:
		t.Fatal("read a gigabyte's mapping under a limit of 256 MB more than the process held")
	case !errors.Is(err, syscall.ENOMEM):
		t.Fatalf("refused, but not for memory: %v", err)
	}
	t.Logf("refused: %v", err)
}

// vmSize is the address space this process holds, in bytes.
func vmSize(t *testing.T) uint64 {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmSize:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmSize in /proc/self/status")
	return 0
}
