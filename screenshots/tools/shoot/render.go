package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// windowBG is the picture's background; the terminal's "default background" is drawn
// in it, so the screenshot looks like the terminal did.
const (
	windowBG = "#1b1f27"
	lightBG  = "#f7f7f5"
)

// defaultBG matches SGR parameters that reset the background (49) inside a sequence.
var defaultBG = regexp.MustCompile(`\x1b\[([0-9;]*)m`)

// fixANSI makes tmux's capture renderable by freeze, which ignores SGR 49 ("default
// background") and so would smear a highlighted row's background across the screen:
// 49 becomes an explicit background of windowBG.
func fixANSI(s, bg string) string {
	var r, g, b int
	fmt.Sscanf(bg, "#%02x%02x%02x", &r, &g, &b)
	explicit := fmt.Sprintf("48;2;%d;%d;%d", r, g, b)
	s = defaultBG.ReplaceAllStringFunc(s, func(seq string) string {
		params := strings.Split(seq[2:len(seq)-1], ";")
		changed := false
		for i := 0; i < len(params); i++ {
			switch params[i] {
			case "38", "48": // skip the colour's own parameters
				if i+1 < len(params) && params[i+1] == "2" {
					i += 4
				} else if i+1 < len(params) && params[i+1] == "5" {
					i += 2
				}
			case "49":
				params[i] = explicit
				changed = true
			}
		}
		if !changed {
			return seq
		}
		return "\x1b[" + strings.Join(params, ";") + "m"
	})
	// Every line starts on the window's background.
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "\x1b[" + explicit + "m" + l + "\x1b[0m"
	}
	return strings.Join(lines, "\n") + "\n"
}

// renderPNG turns a colour capture into out (a .png) with freeze.
func renderPNG(freeze, ansi, out, bg string) error {
	tmp, err := os.CreateTemp("", "shot-*.ansi")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(fixANSI(ansi, bg)); err != nil {
		return err
	}
	tmp.Close()
	cmd := exec.Command(freeze, tmp.Name(), "--language", "ansi", "--output", out,
		"--background", bg, "--window", "--padding", "20", "--margin", "0",
		"--border.radius", "8", "--font.size", "14", "--line-height", "1.2")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("freeze %s: %v: %s", filepath.Base(out), err, b)
	}
	return nil
}
