package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// term is one tmux server with one window running a command: a real terminal of a
// fixed size that keys can be sent to and the screen read from, colours included.
type term struct {
	socket string
	w, h   int
}

// startTerm starts argv in a detached tmux session of w×h cells with env set.
func startTerm(socket string, w, h int, env []string, argv ...string) (*term, error) {
	t := &term{socket: socket, w: w, h: h}
	_ = t.run("kill-server")
	args := []string{"new-session", "-d", "-s", "shot", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h)}
	// Through env(1), not tmux's -e: tmux sets TERM itself, and the program would then
	// pick a poorer colour profile than the picture's.
	argv = append(append([]string{"env"}, env...), argv...)
	args = append(args, strings.Join(quoteAll(argv), " "))
	// The previous scene's server may still be going away: try a few times.
	var err error
	for try := 0; try < 10; try++ {
		if err = t.run(args...); err == nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		return nil, err
	}
	// Keep the pane after the program exits, so a crash is seen instead of a vanished session.
	_ = t.run("set-option", "-t", "shot", "remain-on-exit", "on")
	return t, nil
}

func (t *term) run(args ...string) error {
	cmd := exec.Command("tmux", append([]string{"-L", t.socket, "-f", "/dev/null"}, args...)...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("tmux %s: %v: %s", strings.Join(args, " "), err, errb.String())
	}
	return nil
}

func (t *term) output(args ...string) (string, error) {
	out, err := exec.Command("tmux", append([]string{"-L", t.socket, "-f", "/dev/null"}, args...)...).Output()
	return string(out), err
}

// plain is the screen as text; ansi the same with its colours (SGR sequences). Both
// show a spinner in one fixed frame: an animation must not keep a screen from settling
// or make two runs' pictures differ.
func (t *term) plain() string {
	s, _ := t.output("capture-pane", "-p", "-t", "shot")
	return stillSpinner(s)
}

func (t *term) ansi() string {
	s, _ := t.output("capture-pane", "-e", "-p", "-t", "shot")
	return stillSpinner(s)
}

// stillSpinner draws every braille spinner glyph (U+2800–U+28FF) as one frame.
func stillSpinner(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 0x2801 && r <= 0x28FF {
			return '•' // the pictures' font has no braille
		}
		return r
	}, s)
}

// keys sends tmux key names ("Down", "Enter", "Escape", "q").
func (t *term) keys(keys ...string) error {
	for _, k := range keys {
		if err := t.run("send-keys", "-t", "shot", k); err != nil {
			return err
		}
		time.Sleep(40 * time.Millisecond) // a person's pace: one key, one frame
	}
	return nil
}

// text types literal text.
func (t *term) text(s string) error {
	for _, r := range s {
		if err := t.run("send-keys", "-t", "shot", "-l", string(r)); err != nil {
			return err
		}
		time.Sleep(25 * time.Millisecond)
	}
	return nil
}

// waitFor waits until every want is on the screen and the screen has stopped
// changing, so a picture never catches a half-drawn frame.
func (t *term) waitFor(timeout time.Duration, want ...string) (string, error) {
	return t.waitUntil(timeout, strings.Join(want, " + "), func(s string) bool {
		for _, w := range want {
			if !strings.Contains(s, w) {
				return false
			}
		}
		return true
	})
}

func (t *term) waitUntil(timeout time.Duration, what string, ok func(string) bool) (string, error) {
	deadline := time.Now().Add(timeout)
	prev := ""
	for time.Now().Before(deadline) {
		s := t.plain()
		if ok(s) && s == prev {
			return s, nil
		}
		prev = s
		time.Sleep(120 * time.Millisecond)
	}
	return "", fmt.Errorf("waited %s for %s; the screen shows:\n%s", timeout, what, t.plain())
}

func (t *term) resize(w, h int) error {
	t.w, t.h = w, h
	return t.run("resize-window", "-t", "shot", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h))
}

func (t *term) close() { _ = t.run("kill-server") }

func quoteAll(argv []string) []string {
	out := make([]string, len(argv))
	for i, a := range argv {
		out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return out
}
