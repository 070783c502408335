package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sweeping reports whether the exhaustive sweeps run whole: make sweep sets
// FUNNELS_SWEEP=1 (without the race detector, after make test in CI). In make test
// each sweep runs a fixed sample of itself, so a regression in the common case is
// still caught in the first minutes.
func sweeping() bool { return os.Getenv("FUNNELS_SWEEP") != "" }

// TestEverySweepIsInMakeSweep: a test file of ui/ or e2e/ that samples a sweep
// (calls sweeping) declares a test the Makefile's SWEEPS names, and every name there
// is a test that exists, so no sweep is left to its sample alone.
func TestEverySweepIsInMakeSweep(t *testing.T) {
	mk, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^SWEEPS := (.+)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("the Makefile has no SWEEPS := line")
	}
	named := map[string]bool{}
	for _, n := range strings.Split(string(m[1]), "|") {
		named[strings.TrimSpace(n)] = false
	}
	decl := regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`)
	for _, dir := range []string{"../ui", "."} {
		files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			samples := filepath.Base(f) != "sweep_test.go" && strings.Contains(string(src), "sweeping()")
			listed := false
			for _, d := range decl.FindAllSubmatch(src, -1) {
				if _, ok := named[string(d[1])]; ok {
					named[string(d[1])], listed = true, true
				}
			}
			if samples && !listed {
				t.Errorf("%s samples a sweep, but none of its tests is in the Makefile's SWEEPS", f)
			}
		}
	}
	for n, found := range named {
		if !found {
			t.Errorf("the Makefile's SWEEPS names %s, a test that is not in ui/ or e2e/", n)
		}
	}
}
