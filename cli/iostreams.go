package cli

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/term"
)

// IOStreams are the streams of one run and whether each is a terminal: the output
// rules (output.go, table.go) and the prompts decide by them, never by os.Stdout.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	InTTY, OutTTY, ErrTTY bool
	// Width is the number of columns of the terminal on Out; 0 when unknown.
	Width int
}

// systemStreams are the process's own streams. FUNNELS_FORCE_TTY makes standard
// output count as a terminal (tables with a header, prose on standard output) even
// when it is a pipe; a number there is the width to use.
func systemStreams(getenv func(string) string) *IOStreams {
	s := &IOStreams{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		InTTY:  term.IsTerminal(os.Stdin.Fd()),
		OutTTY: term.IsTerminal(os.Stdout.Fd()),
		ErrTTY: term.IsTerminal(os.Stderr.Fd()),
	}
	if s.OutTTY {
		if w, _, err := term.GetSize(os.Stdout.Fd()); err == nil {
			s.Width = w
		}
	}
	if force := strings.TrimSpace(getenv("FUNNELS_FORCE_TTY")); force != "" && force != "0" && !strings.EqualFold(force, "false") {
		s.OutTTY = true
		if w, err := strconv.Atoi(force); err == nil && w > 1 {
			s.Width = w
		}
	}
	return s
}

// Prose is where sentences for a person go: standard output on a terminal, standard
// error when standard output is a pipe (so a script reads only data there).
func (s *IOStreams) Prose() io.Writer {
	if s.OutTTY {
		return s.Out
	}
	return s.ErrOut
}

// TestStreams are streams for tests: stdin reads in, stdout and stderr collect what
// was written. Nothing is a terminal until the test says so.
func TestStreams(in string) (s *IOStreams, stdout, stderr *bytes.Buffer) {
	stdout, stderr = &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: strings.NewReader(in), Out: stdout, ErrOut: stderr}, stdout, stderr
}
