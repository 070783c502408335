package e2e

import (
	"debug/elf"
	"runtime"
	"testing"
)

// TestBenchProgramsAreBuiltAsFunnelsIs: the programs the bench measures funnels
// against are static binaries as funnels is (make build: without cgo), so a figure
// compares two starts of the same kind, not one that runs the dynamic loader too.
func TestBenchProgramsAreBuiltAsFunnelsIs(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads the ELF program headers")
	}
	dir := t.TempDir()
	bins := map[string]string{"funnels": binPath}
	for _, name := range []string{"hello", "keycounter", "peakrss"} {
		bin, err := testdataBin(dir, name)
		if err != nil {
			t.Fatal(err)
		}
		bins[name] = bin
	}
	for name, bin := range bins {
		f, err := elf.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP {
				t.Errorf("%s is linked to run under the dynamic loader: built with cgo", name)
			}
		}
		f.Close()
	}
}
