package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// measureStartupVersion is startup_version: `funnels --version` as a new process,
// start to exit, against the smallest Go program that prints a line: what every
// command costs before it does anything.
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
	var ours, base []time.Duration
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
	}
	return benchFigure{
		Name: "startup_version", Value: ms(median(ours)), Unit: "ms", Baseline: ms(median(base)),
		BaselineIs: "the smallest Go program that prints a line, started and ended the same way",
		Note:       fmt.Sprintf("the binary, `funnels --version`, start to exit, median of %d (slowest %.1f ms)", len(ours), ms(slicesMax(ours))),
	}, nil
}
