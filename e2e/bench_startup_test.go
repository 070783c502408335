package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// measureStartupVersion is startup_version: `funnels --version` as a new process,
// start to exit, against the smallest Go program that prints a line: what every
// command costs before it does anything. Beside them, in turn, a program that links
// every package funnels imports and only prints a line: the start no change to
// funnels's own code can go under while it links them (the note says it).
func measureStartupVersion(rounds int) (benchFigure, error) {
	dir, err := os.MkdirTemp("", "funnels-bench-startup-")
	if err != nil {
		return benchFigure{}, err
	}
	defer os.RemoveAll(dir)
	hello, err := testdataBin(dir, "hello")
	if err != nil {
		return benchFigure{}, err
	}
	linked, err := linkedBin(dir)
	if err != nil {
		return benchFigure{}, err
	}
	env := []string{"HOME=" + dir, "XDG_CONFIG_HOME=" + dir, "XDG_STATE_HOME=" + dir, "XDG_CACHE_HOME=" + dir, "PATH=" + os.Getenv("PATH")}
	run := func(want string, argv ...string) (time.Duration, error) {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env = env
		t0 := time.Now()
		out, err := cmd.Output()
		took := time.Since(t0)
		if err != nil || !strings.Contains(string(out), want) {
			return 0, fmt.Errorf("%s: %v: %q", strings.Join(argv, " "), err, out)
		}
		return took, nil
	}
	var ours, base, floor []time.Duration
	for range max(3, rounds) {
		d, err := run("funnels", binPath, "--version")
		if err != nil {
			return benchFigure{}, err
		}
		ours = append(ours, d)
		if d, err = run("hello", hello); err != nil {
			return benchFigure{}, err
		}
		base = append(base, d)
		if d, err = run("hello", linked); err != nil {
			return benchFigure{}, err
		}
		floor = append(floor, d)
	}
	return benchFigure{
		Name: "startup_version", Value: ms(median(ours)), Unit: "ms", Baseline: ms(median(base)),
		BaselineIs: "the smallest Go program that prints a line, started and ended the same way",
		Note: fmt.Sprintf("the binary, `funnels --version`, start to exit, median of %d (slowest %.1f ms); a program that links every package funnels imports and only prints a line: %.1f ms (%.2f× the baseline)",
			len(ours), ms(slicesMax(ours)), ms(median(floor)), ms(median(floor))/ms(median(base))),
	}, nil
}

// linkedBin builds into dir a program that imports every package funnels's own
// packages import, and only prints a line: their initialisations, the runtime's start
// and the size of what they link, without any work of funnels's own. It is made in a
// folder of testdata, inside the module, so each import is of the version funnels
// builds with, and built as make build builds funnels (without cgo).
func linkedBin(dir string) (string, error) {
	module, err := exec.Command("go", "list", "-m").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %w", err)
	}
	list, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}`, "../...").Output()
	if err != nil {
		return "", fmt.Errorf("go list the imports: %w", err)
	}
	own := strings.TrimSpace(string(module))
	var src strings.Builder
	src.WriteString("package main\n\nimport (\n\t\"fmt\"\n")
	for _, p := range slices.Compact(slices.Sorted(slices.Values(strings.Fields(string(list))))) {
		if p != "fmt" && p != "C" && p != own && !strings.HasPrefix(p, own+"/") {
			fmt.Fprintf(&src, "\t_ %q\n", p)
		}
	}
	src.WriteString(")\n\nfunc main() { fmt.Println(\"hello\") }\n")
	gen, err := os.MkdirTemp("testdata", "linked-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(gen)
	if err := os.WriteFile(filepath.Join(gen, "main.go"), []byte(src.String()), 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "linked")
	build := exec.Command("go", "build", "-o", bin, "./"+filepath.ToSlash(gen))
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the linked program: %v\n%s", err, out)
	}
	return bin, nil
}

// TestBenchStartupFigure measures startup_version alone (FUNNELS_BENCH_FIGURE=startup),
// for a quick look without the whole of make bench, which measures it with the rest.
func TestBenchStartupFigure(t *testing.T) {
	if os.Getenv("FUNNELS_BENCH_FIGURE") != "startup" {
		t.Skip("set FUNNELS_BENCH_FIGURE=startup to measure startup_version")
	}
	f, err := measureStartupVersion(fullBench.startupRounds)
	if err != nil {
		t.Fatal(err)
	}
	logFigures(t, f)
}
