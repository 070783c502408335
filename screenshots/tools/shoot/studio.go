package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// studio holds what every scene needs: the binaries and where pictures go.
type studio struct {
	bin, freeze, out string
}

// scene is one picture (and, for the walk-through, a recording).
type scene struct {
	name   string // file name without .png
	w, h   int
	light  bool                     // the light theme, on a light background
	server bool                     // against `funnels sandbox` (faults can be injected) instead of --demo
	args   []string                 // more arguments of `funnels --demo` ("--surface", "public")
	timed  bool                     // the picture is of a moment the play waits for: keep the countdowns
	play   func(*take) error        // drives the program to the moment of the picture
	cast   func(*take, *cast) error // when set, the scene also records screenshots/walkthrough.cast
}

// take is one run of a scene.
type take struct {
	*term
	sandboxURL string
}

const wait = 15 * time.Second

func (s *studio) shoot(sc scene) error {
	home, err := os.MkdirTemp("", "funnels-shot-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(home)
	env := append(homeEnv(home), "TERM=xterm-256color", "COLORTERM=truecolor", "LANG=C.UTF-8", "TZ=UTC")
	if sc.light {
		dir := filepath.Join(home, "config", "funnels")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte("[ui]\ntheme = \"light\"\n"), 0o600); err != nil {
			return err
		}
	}
	argv := append([]string{s.bin, "--demo"}, sc.args...)
	tk := &take{}
	if sc.server {
		url, stop, err := s.startSandbox(env)
		if err != nil {
			return err
		}
		defer stop()
		tk.sandboxURL = url
		argv = []string{s.bin, "--base-url", url, "--token", sandboxToken, "--location", "LakesideFit2026Loc01"}
	}
	if sc.cast != nil {
		t, err := s.open(sc, env, argv, tk)
		if err != nil {
			return err
		}
		c := newCast(sc.w, sc.h)
		err = sc.cast(tk, c)
		t.close()
		if err != nil {
			return fmt.Errorf("%s cast: %w", sc.name, err)
		}
		if err := c.write(filepath.Join(s.out, "walkthrough.cast")); err != nil {
			return err
		}
	}
	t, err := s.open(sc, env, argv, tk)
	if err != nil {
		return err
	}
	defer t.close()
	if sc.play != nil {
		if err := sc.play(tk); err != nil {
			return fmt.Errorf("%s: %w", sc.name, err)
		}
	}
	if !sc.timed {
		// The status bar counts down to the rate limit's reset; once it has passed the
		// bar is the same on every run.
		if _, err := t.waitUntil(20*time.Second, "the rate-limit window to reset", func(s string) bool {
			return !strings.Contains(lastLine(s), "resets in")
		}); err != nil {
			return fmt.Errorf("%s: %w", sc.name, err)
		}
	}
	bg, fg := windowBG, windowFG
	if sc.light {
		bg, fg = lightBG, lightFG
	}
	return renderPNG(s.freeze, t.ansi(), filepath.Join(s.out, sc.name+".png"), bg, fg)
}

// open starts a fresh program for the scene and waits for its first screen of data.
func (s *studio) open(sc scene, env, argv []string, tk *take) (*term, error) {
	// A tmux server of this run's own: two runs at once (two checkouts) must not
	// kill or read each other's terminals.
	t, err := startTerm("funnels-shot-"+strconv.Itoa(os.Getpid()), sc.w, sc.h, env, argv...)
	if err != nil {
		return nil, err
	}
	tk.term = t
	if _, err := t.waitFor(wait, "Spring Sale 2026"); err != nil {
		t.close()
		return nil, err
	}
	return t, nil
}

// sandboxToken is the fixed token the scenes' sandbox accepts.
const sandboxToken = "pit-screenshots-demo-token"

// homeEnv points HOME and every XDG directory into home, so a take reads and writes
// nothing of the user's own: no config, no sign-in, no sandbox state and no local
// index in the real cache.
func homeEnv(home string) []string {
	return []string{
		"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_DATA_HOME=" + filepath.Join(home, "data"),
	}
}

// startSandbox runs `funnels sandbox` on a free loopback port with the scene's
// environment env, keeping nothing after it ends.
func (s *studio) startSandbox(env []string) (url string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(s.bin, "sandbox", "--addr", addr, "--token", sandboxToken, "--ephemeral")
	cmd.Env = append(os.Environ(), env...)
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	url = "http://" + addr
	for i := 0; i < 100; i++ {
		if r, err := http.Get(url + "/_sandbox/requests"); err == nil {
			r.Body.Close()
			return url, func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	return "", nil, fmt.Errorf("the sandbox did not start on %s", addr)
}

// inject asks the scene's sandbox to fail the next count requests with status.
func (tk *take) inject(status, count int) error {
	r, err := http.Post(fmt.Sprintf("%s/_sandbox/fail?status=%d&count=%d", tk.sandboxURL, status, count), "application/json", nil)
	if err != nil {
		return err
	}
	return r.Body.Close()
}
