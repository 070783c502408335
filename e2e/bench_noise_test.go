package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	"golang.org/x/sys/unix"
)

// The figures at 100,000 and a million items are measured twice: once as the machine
// is, and once with a neighbour — one core kept busy by a process that spins, and the
// index's files dropped from the page cache first (posix_fadvise DONTNEED, where the
// kernel allows) — as a shared machine of our kind often is. The figure kept is the
// slower of the two, so its goal applies to it; both stay in the report.

// noise is a neighbour: a process spinning on one core.
type noise struct{ cmd *exec.Cmd }

// startNoise drops files from the page cache and starts a process that spins until
// stopped.
func startNoise(files ...string) (*noise, error) {
	for _, f := range files {
		dropFromCache(f)
	}
	cmd := exec.Command("sh", "-c", "while :; do :; done")
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("the spinning neighbour: %w", err)
	}
	return &noise{cmd: cmd}, nil
}

func (n *noise) stop() {
	_ = n.cmd.Process.Kill()
	_ = n.cmd.Wait()
}

// dropFromCache asks the kernel to drop path's pages from the page cache (a file not
// there, or a kernel that does not, is left as it is).
func dropFromCache(path string) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	_ = f.Sync()
	_ = unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED)
}

// indexFiles are the files of the index at path that a reader reads.
func indexFiles(path string) []string { return []string{path, path + ".catalog", path + ".clean"} }

// measureTwice measures figures as the machine is and, when cfg says so, again beside
// a neighbour that drops files from the page cache, and keeps each figure's slower
// run, both values in it (Quiet, Noisy).
func measureTwice(cfg benchConfig, files []string, measure func() ([]benchFigure, error)) ([]benchFigure, error) {
	quiet, err := measure()
	if err != nil || !cfg.noisy {
		return quiet, err
	}
	n, err := startNoise(files...)
	if err != nil {
		return nil, err
	}
	noisy, err := measure()
	n.stop()
	if err != nil {
		return nil, fmt.Errorf("beside a busy core: %w", err)
	}
	return slowerOf(quiet, noisy), nil
}

// slowerOf pairs the figures of two runs by name and keeps each pair's slower: the
// lower rate, or the higher time or size.
func slowerOf(quiet, noisy []benchFigure) []benchFigure {
	byName := map[string]benchFigure{}
	for _, f := range noisy {
		byName[f.Name] = f
	}
	out := make([]benchFigure, 0, len(quiet))
	for _, q := range quiet {
		n, ok := byName[q.Name]
		if !ok {
			out = append(out, q)
			continue
		}
		worse := n
		if higherIsBetter(q.Unit) == (n.Value > q.Value) {
			worse = q
		}
		qv, nv := q.Value, n.Value
		worse.Quiet, worse.Noisy = &qv, &nv
		worse.Note = strings.TrimSpace(worse.Note + fmt.Sprintf(" [as the machine was: %s %s; beside a busy core, the index's files dropped from the page cache: %s %s; the slower kept]",
			num(round3(qv)), q.Unit, num(round3(nv)), n.Unit))
		out = append(out, worse)
	}
	return out
}

// higherIsBetter reports whether a larger value of unit is the better (a rate).
func higherIsBetter(unit string) bool { return strings.HasSuffix(unit, "/s") }
