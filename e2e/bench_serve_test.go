package e2e

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// serveBench sizes the team server's figures: sessions hammering one sub-account
// for a while at a limit, key presses timed over ssh, and browsers held open for
// the server's memory.
type serveBench struct {
	hammer      time.Duration
	sessions    int
	limit       int
	window      time.Duration
	frameRounds int
	memSessions int
}

// serveBenchOf is the team server's figures' size in cfg; tiny runs them in seconds.
func serveBenchOf(cfg benchConfig) serveBench {
	if cfg.name == "tiny" {
		return serveBench{hammer: 500 * time.Millisecond, sessions: 2, limit: 1000, window: time.Second, frameRounds: 2, memSessions: 2}
	}
	return serveBench{hammer: 30 * time.Second, sessions: 20, limit: 100, window: 10 * time.Second, frameRounds: 41, memSessions: 20}
}

// measureServeFigures measures the team server's figures: serve_pacing and
// serve_pacing_429s (sessions sharing one budget against processes pacing alone),
// serve_frame and serve_frame_p95 (a key to the screen over ssh against the local
// browser) and serve_mem_per_session (against one local browser).
func measureServeFigures(cfg benchConfig, say func(string, ...any)) ([]benchFigure, error) {
	for _, tool := range []string{"ssh", "tmux"} {
		if _, err := exec.LookPath(tool); err != nil {
			return nil, errSkip(tool + " is not installed")
		}
	}
	sc := serveBenchOf(cfg)
	say("serve_pacing: %d sessions for %v at %d per %v …", sc.sessions, sc.hammer, sc.limit, sc.window)
	figs, err := measureServePacing(sc)
	if err != nil {
		return nil, err
	}
	say("serve_frame, serve_mem_per_session: %d key presses, %d browsers …", sc.frameRounds, sc.memSessions)
	more, err := measureServeFrameAndMemory(sc)
	return append(figs, more...), err
}

// benchServer is a sandbox served by `funnels serve` to people p0…pN-1, each able
// to read its sub-account, in an environment of its own.
type benchServer struct {
	sb   *sandbox.Running
	env  []string
	srv  *serveProc
	keys []string
	home string
}

func startBenchServer(people int, opts sandbox.Options) (*benchServer, error) {
	sb, err := sandbox.Start("", opts)
	if err != nil {
		return nil, err
	}
	b := &benchServer{sb: sb}
	if b.home, err = os.MkdirTemp("", "funnels-bench-serve-"); err != nil {
		b.close()
		return nil, err
	}
	b.env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + b.home, "TERM=xterm-256color", "FUNNELS_INSECURE_STORAGE=1",
		"XDG_CONFIG_HOME=" + filepath.Join(b.home, "config"), "XDG_STATE_HOME=" + filepath.Join(b.home, "state"),
		"XDG_CACHE_HOME=" + filepath.Join(b.home, "cache"),
		"FUNNELS_BASE_URL=" + sb.URL, "FUNNELS_TOKEN=" + sb.Server.DemoToken(), "FUNNELS_LOCATION_ID=" + sb.Server.LocationID()}
	roles := map[string]string{}
	for i := range people {
		roles["p"+strconv.Itoa(i)] = "read"
	}
	dir := filepath.Join(b.home, "serve")
	keys, _, err := addPeople(b.env, dir, b.home, sb.Server.LocationID(), roles)
	if err != nil {
		b.close()
		return nil, err
	}
	for i := range people {
		b.keys = append(b.keys, keys["p"+strconv.Itoa(i)])
	}
	if b.srv, err = startServeProc(b.env, dir); err != nil {
		b.close()
		return nil, err
	}
	return b, nil
}

func (b *benchServer) close() {
	if b.srv != nil {
		b.srv.stop()
	}
	_ = b.sb.Close()
	if b.home != "" {
		_ = os.RemoveAll(b.home)
	}
}

// hammerResult is what the sessions of one hammering saw.
type hammerResult struct {
	elapsed                      time.Duration
	commands, surfaced429, other int
	served, server429            int // answers of the sandbox: 200s and 429s
}

// hammer runs `folders` again and again from each of workers callers until d has
// passed: run(i) is caller i's command. The sandbox's log gives what it answered.
func hammer(sb *sandbox.Running, workers int, d time.Duration, run func(i int) *exec.Cmd) hammerResult {
	sb.Server.ResetLog()
	var res hammerResult
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for i := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Since(start) < d {
				cmd := run(i)
				out, err := cmd.CombinedOutput()
				mu.Lock()
				res.commands++
				var ee *exec.ExitError
				switch {
				case err == nil:
				case errors.As(err, &ee) && strings.Contains(string(out), "429"):
					res.surfaced429++
				default:
					res.other++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	for _, r := range sb.Server.Requests() {
		switch r.Status {
		case 200:
			res.served++
		case 429:
			res.server429++
		}
	}
	return res
}

// measureServePacing hammers one sub-account from sc.sessions ssh sessions of one
// server (one shared client, one pacer), then from as many local processes, each
// pacing alone as two people on one client do without the server.
func measureServePacing(sc serveBench) ([]benchFigure, error) {
	b, err := startBenchServer(sc.sessions, sandbox.Options{Limit: sc.limit, Window: sc.window})
	if err != nil {
		return nil, err
	}
	defer b.close()
	ours := hammer(b.sb, sc.sessions, sc.hammer, func(i int) *exec.Cmd {
		cmd := exec.Command("ssh", append(sshOptions(b.srv.port, b.keys[i]), "127.0.0.1", "folders", "--json")...)
		cmd.Env = b.env
		return cmd
	})
	// A fresh window for the processes: the sandbox's counts start again.
	time.Sleep(sc.window)
	alone := hammer(b.sb, sc.sessions, sc.hammer, func(int) *exec.Cmd {
		cmd := exec.Command(binPath, "folders", "--json")
		cmd.Env = b.env
		return cmd
	})
	limitRate := float64(sc.limit) / sc.window.Seconds()
	describe := func(r hammerResult) string {
		return fmt.Sprintf("%d commands in %.1f s: %d answered, %d 429s answered by the service, %d surfaced, %d other failures",
			r.commands, r.elapsed.Seconds(), r.served, r.server429, r.surfaced429, r.other)
	}
	return []benchFigure{{
		Name: "serve_pacing", N: ours.commands, Value: float64(ours.served) / ours.elapsed.Seconds(), Unit: "req/s", Baseline: limitRate,
		BaselineIs: fmt.Sprintf("the sandbox's limit, %d per %v", sc.limit, sc.window),
		Note:       fmt.Sprintf("%d ssh sessions of one server on one sub-account: %s", sc.sessions, describe(ours)),
	}, {
		Name: "serve_pacing_429s", N: ours.commands, Value: float64(ours.surfaced429), Unit: "429s", Baseline: float64(alone.server429),
		BaselineIs: fmt.Sprintf("429s the service answered %d local processes each pacing alone", sc.sessions),
		Note:       fmt.Sprintf("served: %s; processes alone: %s", describe(ours), describe(alone)),
	}}, nil
}

// benchTerm is a tmux server of the figures, with sessions named by the caller.
type benchTerm struct {
	socket string
	env    []string
}

func (bt benchTerm) tmux(args ...string) (string, error) {
	cmd := exec.Command("tmux", append([]string{"-L", bt.socket, "-f", "/dev/null"}, args...)...)
	cmd.Env = bt.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("tmux %s: %w: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// open runs command (sh) in a new termW×termH session and waits for want on it.
func (bt benchTerm) open(name, command, want string) error {
	if _, err := bt.tmux("new-session", "-d", "-s", name, "-x", strconv.Itoa(termW), "-y", strconv.Itoa(termH), "sh", "-c", command); err != nil {
		return err
	}
	_, err := bt.waitScreen(name, 30*time.Second, func(scr string) bool { return strings.Contains(scr, want) })
	return err
}

// waitScreen polls session name's screen until cond holds, and says how long it took.
func (bt benchTerm) waitScreen(name string, limit time.Duration, cond func(string) bool) (time.Duration, error) {
	start := time.Now()
	for {
		scr, err := bt.tmux("capture-pane", "-p", "-t", name)
		if err != nil {
			return 0, err
		}
		if cond(scr) {
			return time.Since(start), nil
		}
		if time.Since(start) > limit {
			return 0, fmt.Errorf("timed out on %s; the screen shows:\n%s", name, scr)
		}
		time.Sleep(time.Millisecond)
	}
}

// cursorRow is the row of the screen the selection marker is on (-1: none).
func cursorRow(scr string) int {
	for i, line := range strings.Split(scr, "\n") {
		if strings.Contains(line, "▸") {
			return i
		}
	}
	return -1
}

// keyFrames presses j and k in turn on session name, timing each from the key to the
// screen with the selection moved.
func (bt benchTerm) keyFrames(name string, rounds int) ([]time.Duration, error) {
	var out []time.Duration
	for r := range rounds {
		scr, err := bt.tmux("capture-pane", "-p", "-t", name)
		if err != nil {
			return nil, err
		}
		before := cursorRow(scr)
		start := time.Now()
		if _, err := bt.tmux("send-keys", "-t", name, map[bool]string{true: "j", false: "k"}[r%2 == 0]); err != nil {
			return nil, err
		}
		if _, err := bt.waitScreen(name, 10*time.Second, func(s string) bool { return cursorRow(s) != before }); err != nil {
			return nil, err
		}
		out = append(out, time.Since(start))
	}
	return out, nil
}

// measureServeFrameAndMemory times key presses in the browser over `ssh -tt` and in
// the local browser on the same sandbox, then holds browsers open over ssh for the
// server's memory per session, against one local browser's.
func measureServeFrameAndMemory(sc serveBench) ([]benchFigure, error) {
	b, err := startBenchServer(sc.memSessions, sandbox.Options{})
	if err != nil {
		return nil, err
	}
	defer b.close()
	bt := benchTerm{socket: fmt.Sprintf("funnels-bench-serve-%d", os.Getpid()), env: b.env}
	defer func() { _, _ = bt.tmux("kill-server") }()
	const want = "Lead Generation"
	sshCommand := func(key string) string {
		return "exec ssh -tt " + strings.Join(sshOptions(b.srv.port, key), " ") + " 127.0.0.1"
	}
	if err := bt.open("local", "exec '"+binPath+"' --no-cache", want); err != nil {
		return nil, err
	}
	if err := bt.open("s0", sshCommand(b.keys[0]), want); err != nil {
		return nil, err
	}
	local, err := bt.keyFrames("local", sc.frameRounds)
	if err != nil {
		return nil, err
	}
	served, err := bt.keyFrames("s0", sc.frameRounds)
	if err != nil {
		return nil, err
	}
	pid, err := bt.tmux("display-message", "-p", "-t", "local", "#{pane_pid}")
	if err != nil {
		return nil, err
	}
	localRSS, err := rssMB(strings.TrimSpace(pid))
	if err != nil {
		return nil, err
	}
	idle, err := rssMB(strconv.Itoa(b.srv.pid()))
	if err != nil {
		return nil, err
	}
	for i := 1; i < sc.memSessions; i++ {
		if err := bt.open("s"+strconv.Itoa(i), sshCommand(b.keys[i]), want); err != nil {
			return nil, err
		}
	}
	time.Sleep(time.Second) // the sessions' first loads settle
	busy, err := rssMB(strconv.Itoa(b.srv.pid()))
	if err != nil {
		return nil, err
	}
	note := fmt.Sprintf("j/k in the folders pane, tmux %d×%d, %d presses each; the selection's row polled every millisecond", termW, termH, sc.frameRounds)
	return []benchFigure{{
		Name: "serve_frame", N: sc.frameRounds, Value: ms(median(served)), Unit: "ms", Baseline: ms(median(local)),
		BaselineIs: "the same key in the local browser on the same sandbox (median)", Note: note,
	}, {
		Name: "serve_frame_p95", N: sc.frameRounds, Value: ms(p95(served)), Unit: "ms", Baseline: ms(p95(local)),
		BaselineIs: "the same key in the local browser on the same sandbox (95th percentile)", Note: note,
	}, {
		Name: "serve_mem_per_session", N: sc.memSessions, Value: (busy - idle) / float64(sc.memSessions-1), Unit: "MB", Baseline: localRSS,
		BaselineIs: "the resident memory of one local browser on the same sandbox",
		Note: fmt.Sprintf("the server's resident memory with one browser over ssh: %.1f MB; with %d: %.1f MB; the growth per browser after the first",
			idle, sc.memSessions, busy),
	}}, nil
}

// p95 is the 95th percentile of xs (nearest rank).
func p95(xs []time.Duration) time.Duration {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[max(0, (len(s)*95+99)/100-1)]
}

// rssMB is the resident memory of process pid in MB.
func rssMB(pid string) (float64, error) { return procMB(pid, "VmRSS") }

// procMB is the field of /proc/PID/status that counts kB (VmRSS now, VmHWM the
// most ever), in MB.
func procMB(pid, field string) (float64, error) {
	data, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0, errSkip("no /proc: " + err.Error())
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1024, err
		}
	}
	return 0, fmt.Errorf("no %s for process %s", field, pid)
}
