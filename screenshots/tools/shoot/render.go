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
// in it, and its "default foreground" in windowFG, so the screenshot looks like the
// terminal did.
const (
	windowBG = "#1b1f27"
	lightBG  = "#f7f7f5"
	// The terminal's foreground on each: the theme's text colours.
	windowFG = "#d8dee9"
	lightFG  = "#1f2430"
)

// defaultBG matches SGR parameters that reset the background (49) inside a sequence.
var defaultBG = regexp.MustCompile(`\x1b\[([0-9;]*)m`)

// fixANSI makes tmux's capture renderable by freeze, which draws it otherwise than a
// terminal would in three ways:
//   - it ignores SGR 49 ("default background") and so would smear a highlighted
//     row's background across the screen: 49 becomes an explicit background of bg;
//   - it ignores SGR 39 ("default foreground"), so text after it kept the colour
//     before it: 39 becomes the terminal's foreground, fg;
//   - a sequence that sets only attributes (tmux writes "bold" alone when the colour
//     has not changed) starts freeze's text over in its own colour: the colour in
//     force is written into it again.
func fixANSI(s, bg, fg string) string {
	explicitBG := rgbParams("48", bg)
	explicitFG := rgbParams("38", fg)
	cur := "" // the foreground in force, as SGR parameters; "" = the terminal's
	s = defaultBG.ReplaceAllStringFunc(s, func(seq string) string {
		params := strings.Split(seq[2:len(seq)-1], ";")
		var out []string
		setsFG, attrs := false, false
		for i := 0; i < len(params); i++ {
			p := params[i]
			switch {
			case p == "38" || p == "48":
				n := 1
				if i+1 < len(params) && params[i+1] == "2" {
					n = 4
				} else if i+1 < len(params) && params[i+1] == "5" {
					n = 2
				}
				end := min(len(params), i+n+1)
				if p == "38" {
					cur, setsFG = strings.Join(params[i:end], ";"), true
				}
				out = append(out, params[i:end]...)
				i = end - 1
				continue
			case p == "49":
				p = explicitBG
			case p == "39":
				cur, setsFG, p = "", true, explicitFG
			case p == "" || p == "0":
				cur = ""
			case len(p) == 2 && (p[0] == '3' || p[0] == '9') && p[1] >= '0' && p[1] <= '7':
				cur, setsFG = p, true
			default:
				attrs = true
			}
			out = append(out, p)
		}
		if attrs && !setsFG && cur != "" {
			out = append(out, cur)
		}
		return "\x1b[" + strings.Join(out, ";") + "m"
	})
	// Every line starts on the window's background.
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "\x1b[" + explicitBG + "m" + l + "\x1b[0m"
	}
	return strings.Join(lines, "\n") + "\n"
}

// rgbParams are the SGR parameters of the colour hex (#rrggbb) as kind (38 or 48).
func rgbParams(kind, hex string) string {
	var r, g, b int
	fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b)
	return fmt.Sprintf("%s;2;%d;%d;%d", kind, r, g, b)
}

// renderPNG turns a colour capture into out (a .png) with freeze.
func renderPNG(freeze, ansi, out, bg, fg string) error {
	tmp, err := os.CreateTemp("", "shot-*.ansi")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(fixANSI(ansi, bg, fg)); err != nil {
		return err
	}
	tmp.Close()
	cmd := exec.Command(freeze, tmp.Name(), "--language", "ansi", "--output", out,
		"--background", bg, "--window", "--padding", "20", "--margin", "0",
		"--border.radius", "8", "--font.size", "14", "--line-height", "1.2")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("freeze %s: %v: %s", filepath.Base(out), err, b)
	}
	return shrinkPNG(out)
}
