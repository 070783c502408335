package e2e

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// tmuxCtl is a real terminal (tmux) driven through one control-mode client (tmux -C):
// keys are sent and the screen is read as commands on one open pipe, so a read of the
// screen costs a round trip to the tmux server, not the start of a process. That is
// what makes a key's time to the screen measurable to a fraction of a millisecond.
type tmuxCtl struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	quit  func()
	reply []string
}

// startTmux starts a tmux server of its own (socket) whose one pane, w×h, runs
// command (through sh) with env.
func startTmux(socket string, env []string, w, h int, command string) (*tmuxCtl, error) {
	if _, err := exec.LookPath("tmux"); err != nil {
		return nil, errSkip("tmux is not installed")
	}
	cmd := exec.Command("tmux", "-L", socket, "-f", "/dev/null", "-C", "new-session", "-s", "b",
		"-x", strconv.Itoa(w), "-y", strconv.Itoa(h), command)
	cmd.Env = env
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("tmux -C: %w", err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	t := &tmuxCtl{cmd: cmd, in: in, out: sc}
	t.quit = func() {
		_ = exec.Command("tmux", "-L", socket, "kill-server").Run()
		_ = in.Close()
		_ = cmd.Wait()
	}
	if _, err := t.block(); err != nil { // new-session's own reply
		t.quit()
		return nil, err
	}
	if _, err := t.run(fmt.Sprintf("refresh-client -C %dx%d", w, h)); err != nil {
		t.quit()
		return nil, err
	}
	return t, nil
}

// close ends the server and whatever its pane runs.
func (t *tmuxCtl) close() { t.quit() }

// run sends one command and returns what it printed.
func (t *tmuxCtl) run(command string) ([]string, error) {
	if _, err := io.WriteString(t.in, command+"\n"); err != nil {
		return nil, fmt.Errorf("tmux %s: %w", command, err)
	}
	lines, err := t.block()
	if err != nil {
		return nil, fmt.Errorf("tmux %s: %w", command, err)
	}
	return lines, nil
}

// block reads the next %begin … %end reply, passing over notifications (%output and
// the like come only between replies).
func (t *tmuxCtl) block() ([]string, error) {
	in := false
	t.reply = t.reply[:0]
	for t.out.Scan() {
		line := t.out.Text()
		switch {
		case !in && strings.HasPrefix(line, "%begin "):
			in = true
		case in && strings.HasPrefix(line, "%end "):
			return t.reply, nil
		case in && strings.HasPrefix(line, "%error "):
			return nil, fmt.Errorf("tmux: %s", strings.Join(t.reply, "\n"))
		case in:
			t.reply = append(t.reply, line)
		}
	}
	if err := t.out.Err(); err != nil {
		return nil, err
	}
	return nil, errors.New("tmux: the control client ended")
}

// screen is the pane's text now.
func (t *tmuxCtl) screen() (string, error) {
	lines, err := t.run("capture-pane -p -t b")
	return strings.Join(lines, "\n"), err
}

// keys types text literally (send-keys -l), or sends one named key (C-p, Enter).
func (t *tmuxCtl) keys(text string, literal bool) error {
	if literal {
		_, err := t.run("send-keys -t b -l " + strconv.Quote(text))
		return err
	}
	_, err := t.run("send-keys -t b " + text)
	return err
}

// waitFor reads the screen until it holds every text of want.
func (t *tmuxCtl) waitFor(timeout time.Duration, want ...string) error {
	start := time.Now()
	for {
		scr, err := t.screen()
		if err != nil {
			return err
		}
		if holdsAll(scr, want) {
			return nil
		}
		if time.Since(start) > timeout {
			return fmt.Errorf("timed out after %v waiting for %q in the terminal:\n%s", timeout, want, scr)
		}
	}
}

func holdsAll(scr string, want []string) bool {
	for _, w := range want {
		if !strings.Contains(scr, w) {
			return false
		}
	}
	return true
}

// keyToScreen types key and reads the screen until it holds every text of want: the
// time from the key sent to the screen showing what it changed.
func (t *tmuxCtl) keyToScreen(key string, want ...string) (time.Duration, error) {
	start := time.Now()
	if err := t.keys(key, true); err != nil {
		return 0, err
	}
	if err := t.waitFor(time.Minute, want...); err != nil {
		return 0, err
	}
	return time.Since(start), nil
}

// keyToEcho types key and reads the screen until it holds every text of echo, then
// until after holds of it: the times from the key sent to each.
func (t *tmuxCtl) keyToEcho(key string, echo []string, after func(screen string) bool) (toEcho, toAfter time.Duration, err error) {
	start := time.Now()
	if err := t.keys(key, true); err != nil {
		return 0, 0, err
	}
	if err := t.waitFor(time.Minute, echo...); err != nil {
		return 0, 0, err
	}
	toEcho = time.Since(start)
	if err := t.waitUntil(time.Minute, after); err != nil {
		return 0, 0, err
	}
	return toEcho, time.Since(start), nil
}

// waitUntil reads the screen until ok holds of it.
func (t *tmuxCtl) waitUntil(timeout time.Duration, ok func(screen string) bool) error {
	start := time.Now()
	for {
		scr, err := t.screen()
		if err != nil {
			return err
		}
		if ok(scr) {
			return nil
		}
		if time.Since(start) > timeout {
			return fmt.Errorf("timed out after %v waiting for the terminal to settle:\n%s", timeout, scr)
		}
	}
}

// gotoSettled reports whether go to anything's screen shows every text of want and
// no search under way: a count equal to the last query's is not yet the new one's
// while the footer says it is searching.
func gotoSettled(want ...string) func(screen string) bool {
	return func(scr string) bool { return holdsAll(scr, want) && !strings.Contains(scr, gotoSearching) }
}

// gotoSearching follows go to anything's count while its matches are of an earlier
// query than the one typed.
const gotoSearching = "searching…"

// panePID is the process id of what the pane runs.
func (t *tmuxCtl) panePID() (string, error) {
	lines, err := t.run("display-message -p -t b '#{pane_pid}'")
	if err != nil || len(lines) == 0 {
		return "", fmt.Errorf("the pane's process: %v", err)
	}
	return strings.TrimSpace(lines[0]), nil
}

// peakRSS is the peak resident set (VmHWM) of the process the pane runs, in MB.
func (t *tmuxCtl) peakRSS() (float64, error) {
	pid, err := t.panePID()
	if err != nil {
		return 0, err
	}
	hwm := vmHWM("/proc/" + pid + "/status")
	if hwm == 0 {
		return 0, errSkip("no VmHWM of the pane's process in /proc here")
	}
	return hwm, nil
}
