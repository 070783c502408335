package e2e

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/funnelsdev/funnels/client/funneltree"
)

// The figures of funnels as files: `funnels export --cached` of the big index (the
// go-to figures' 100,000 pages, written with the index's own API) and `funnels diff`
// of two such exports with 1% of the pages changed, each the whole process, time and
// peak RSS, against reading the same files' bytes once (cat of every file, one
// process), measured in alternating rounds.

// processRun is one process run: how long it took and its peak RSS in MB.
type processRun struct {
	took time.Duration
	rss  float64
}

// runProcess runs cmd, timed, with its peak RSS: the VmHWM of its own image, read
// from /proc while it runs (the kernel's ru_maxrss of a child also counts the memory
// of the process that started it, which would floor a small process at the size of
// this one); a process that ended before it could be read gets the kernel's figure.
func runProcess(cmd *exec.Cmd) (processRun, error) {
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return processRun{}, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	status := filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "status")
	peak := 0.0
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		if hwm := vmHWM(status); hwm > peak {
			peak = hwm
		}
		select {
		case err := <-done:
			took := time.Since(t0)
			if err != nil {
				return processRun{}, fmt.Errorf("%s: %v\n%.2000s", cmd.Args[0], err, out.String())
			}
			if peak == 0 { // ended before it could be read: the kernel's figure, high as it may be
				ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
				if ru == nil {
					return processRun{}, fmt.Errorf("no peak RSS of %s on %s", cmd.Args[0], runtime.GOOS)
				}
				peak = float64(ru.Maxrss) / 1e3
			}
			return processRun{took: took, rss: peak}, nil
		case <-tick.C:
		}
	}
}

// vmHWM is the peak resident size in MB that a /proc status file gives (0: none).
func vmHWM(status string) float64 {
	data, err := os.ReadFile(status)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1e3
		}
	}
	return 0
}

// catFiles is a process reading the bytes of every file under the dirs once.
func catFiles(dirs ...string) (*exec.Cmd, int64, error) {
	var files []string
	var size int64
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, p)
				if st, err := d.Info(); err == nil {
					size += st.Size()
				}
			}
			return err
		})
		if err != nil {
			return nil, 0, err
		}
	}
	return exec.Command("cat", files...), size, nil
}

// timeAgainstCat runs the command make gives and then cat over dirs (what it wrote or
// read), in alternating rounds, and returns the medians of each.
func timeAgainstCat(rounds int, make func() *exec.Cmd, dirs ...string) (val, base processRun, size int64, err error) {
	var vt, bt []time.Duration
	var vr, br []float64
	for range rounds {
		v, err := runProcess(make())
		if err != nil {
			return val, base, 0, err
		}
		cat, n, err := catFiles(dirs...)
		if err != nil {
			return val, base, 0, err
		}
		b, err := runProcess(cat)
		if err != nil {
			return val, base, 0, err
		}
		size = n
		vt, bt, vr, br = append(vt, v.took), append(bt, b.took), append(vr, v.rss), append(br, b.rss)
	}
	return processRun{median(vt), medianF(vr)}, processRun{median(bt), medianF(br)}, size, nil
}

// measureExportFigures measures export_100k and diff_100k over the big index in dir.
func measureExportFigures(dir, baseURL string, ic indexConfig, label string) ([]benchFigure, error) {
	env := []string{"HOME=" + dir, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "PATH=" + os.Getenv("PATH"), "FUNNELS_INSECURE_STORAGE=1"}
	exported := filepath.Join(dir, "export-a")
	export := func() *exec.Cmd {
		cmd := exec.Command(binPath, "export", "--cached", "-o", exported, "--profile", benchProfile, "--base-url", baseURL,
			"--token", "bench-token", "--location", benchLocation)
		cmd.Env = env
		return cmd
	}
	rounds := max(3, ic.gotoRounds/2)
	ev, eb, size, err := timeAgainstCat(rounds, export, exported)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}

	changed := filepath.Join(dir, "export-b")
	n, err := changePages(exported, changed, 100)
	if err != nil {
		return nil, fmt.Errorf("diff: %w", err)
	}
	diff := func() *exec.Cmd {
		cmd := exec.Command(binPath, "diff", exported, changed, "--json", "summary")
		cmd.Env = env
		return cmd
	}
	dv, db, dsize, err := timeAgainstCat(rounds, diff, exported, changed)
	if err != nil {
		return nil, fmt.Errorf("diff: %w", err)
	}
	pages := ic.indexPages()
	return []benchFigure{{
		Name: "export_" + label, N: pages, Value: ms(ev.took), Unit: "ms", Baseline: ms(eb.took),
		BaselineIs: fmt.Sprintf("cat of the files written (%d MB), one process: reading their bytes once", size>>20),
		Note: fmt.Sprintf("the binary, `funnels export --cached` of an index of %d funnels and %d pages to YAML, start to exit, median of %d",
			ic.bigFunnels, pages, rounds),
	}, {
		Name: "rss_export_" + label, N: pages, Value: ev.rss, Unit: "MB", Baseline: eb.rss,
		BaselineIs: "the peak RSS of the cat of the same files",
		Note:       "peak RSS of the export process (its VmHWM, read while it runs), median of the runs",
	}, {
		Name: "diff_" + label, N: pages, Value: ms(dv.took), Unit: "ms", Baseline: ms(db.took),
		BaselineIs: fmt.Sprintf("cat of both exports' files (%d MB), one process: reading their bytes once", dsize>>20),
		Note: fmt.Sprintf("the binary, `funnels diff A B --json summary` of two exports of %d pages, %d of them (1%%) renamed, start to exit, median of %d",
			pages, n, rounds),
	}, {
		Name: "rss_diff_" + label, N: pages, Value: dv.rss, Unit: "MB", Baseline: db.rss,
		BaselineIs: "the peak RSS of the cat of the same files",
		Note:       "peak RSS of the diff process (its VmHWM, read while it runs), median of the runs",
	}}, nil
}

// changePages writes the export in from again as to with one page in every every
// renamed, and returns how many.
func changePages(from, to string, every int) (int, error) {
	t, err := funneltree.Read(from)
	if err != nil {
		return 0, err
	}
	i, n := 0, 0
	for fi := range t.Funnels {
		for si := range t.Funnels[fi].Steps {
			for pi := range t.Funnels[fi].Steps[si].Pages {
				if i%every == 0 {
					t.Funnels[fi].Steps[si].Pages[pi].Name += " (edited)"
					n++
				}
				i++
			}
		}
	}
	return n, funneltree.Write(to, t, funneltree.YAML, false)
}
