package e2e

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/creack/pty"
)

// ptyRun is one run of the binary on a pseudo-terminal: everything it wrote, in
// the order the terminal got it, and its exit code.
type ptyRun struct {
	args   []string
	code   int
	output string
}

// runInPty runs the binary with args in env on a terminal cols wide (standard input,
// output and error all the terminal, as at a person's shell). It answers what a
// terminal answers — the background colour and device attributes a program asks
// for — and "no" (enter) to a question, so nothing waits on a person.
func runInPty(t *testing.T, env []string, cols int, args ...string) ptyRun {
	t.Helper()
	cmd := exec.Command(binPath, args...)
	cmd.Env = env
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: uint16(cols), Rows: 40})
	if err != nil {
		t.Fatalf("funnels %q on a terminal: %v", args, err)
	}
	defer f.Close()
	timer := time.AfterFunc(time.Minute, func() { _ = cmd.Process.Kill() })
	defer timer.Stop()
	var out bytes.Buffer
	answered := map[string]int{}
	answers := []struct{ asked, answer string }{
		{"\x1b]11;?", "\x1b]11;rgb:1e1e/1e1e/2e2e\x1b\\"}, // the background colour: dark
		{"\x1b[c", "\x1b[?62;22c"},                        // primary device attributes
		{"[y/N]", "\r"},                                   // a question: no
	}
	buf := make([]byte, 32<<10)
	for {
		n, err := f.Read(buf)
		out.Write(buf[:n])
		for _, a := range answers {
			if asked := strings.Count(out.String(), a.asked); asked > answered[a.asked] {
				answered[a.asked] = asked
				_, _ = f.WriteString(a.answer)
			}
		}
		if err != nil {
			break // the program ended: its side of the terminal closed
		}
	}
	code := 0
	var ee *exec.ExitError
	if err := cmd.Wait(); errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("funnels %q: %v", args, err)
	}
	return ptyRun{args: args, code: code, output: out.String()}
}

// overflowing are the lines of a terminal's output wider than cols: each line as
// the terminal draws it, a carriage return starting it again from the left.
func overflowing(output string, cols int) []string {
	var over []string
	for _, line := range strings.Split(output, "\n") {
		for _, drawn := range strings.Split(line, "\r") {
			if ansi.StringWidth(drawn) > cols {
				over = append(over, drawn)
			}
		}
	}
	return over
}

// paddedLines are the lines of piped output that end in a space.
func paddedLines(output string) []string {
	var padded []string
	for _, line := range strings.Split(output, "\n") {
		if plain := ansi.Strip(line); strings.HasSuffix(plain, " ") {
			padded = append(padded, line)
		}
	}
	return padded
}
