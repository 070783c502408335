package cmdutil

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
	// Width is the number of columns of the terminal on Out, ErrWidth on ErrOut; 0
	// when unknown (not a terminal).
	Width, ErrWidth int
}

// DefaultWidth is the width of a terminal that does not tell its size.
const DefaultWidth = 80

// SystemStreams are the process's own streams. A terminal's width is its own, else
// COLUMNS, else 80. FUNNELS_FORCE_TTY makes standard output count as a terminal
// (tables with a header, prose on standard output) even when it is a pipe; a number
// there is the width to use (else COLUMNS; else the width is unknown).
func SystemStreams(getenv func(string) string) *IOStreams {
	s := &IOStreams{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		InTTY:  term.IsTerminal(os.Stdin.Fd()),
		OutTTY: term.IsTerminal(os.Stdout.Fd()),
		ErrTTY: term.IsTerminal(os.Stderr.Fd()),
	}
	columns, _ := strconv.Atoi(strings.TrimSpace(getenv("COLUMNS")))
	columns = max(columns, 0)
	if s.OutTTY {
		s.Width = terminalWidth(os.Stdout.Fd(), columns)
	}
	if s.ErrTTY {
		s.ErrWidth = terminalWidth(os.Stderr.Fd(), columns)
	}
	if force := strings.TrimSpace(getenv("FUNNELS_FORCE_TTY")); force != "" && force != "0" && !strings.EqualFold(force, "false") {
		s.OutTTY = true
		if w, err := strconv.Atoi(force); err == nil && w > 1 {
			s.Width = w
		} else if s.Width == 0 {
			s.Width = columns
		}
	}
	return s
}

// terminalWidth is the width of the terminal on fd: its own, else columns (COLUMNS),
// else defaultWidth.
func terminalWidth(fd uintptr, columns int) int {
	if w, _, err := term.GetSize(fd); err == nil && w > 0 {
		return w
	}
	if columns > 0 {
		return columns
	}
	return DefaultWidth
}

// Prose is where sentences for a person go: standard output on a terminal, standard
// error when standard output is a pipe (so a script reads only data there).
func (s *IOStreams) Prose() io.Writer {
	if s.OutTTY {
		return s.Out
	}
	return s.ErrOut
}

// proseWidth is the width of the terminal Prose writes to; 0 when unknown.
func (s *IOStreams) proseWidth() int {
	if s.OutTTY {
		return s.Width
	}
	return s.errWidth()
}

// errWidth is the width of the terminal on ErrOut; 0 when it is not one. A terminal
// whose width is not known takes standard output's when that is a terminal (the
// same one, as a rule), else DefaultWidth.
func (s *IOStreams) errWidth() int {
	switch {
	case !s.ErrTTY:
		return 0
	case s.ErrWidth > 0:
		return s.ErrWidth
	case s.OutTTY && s.Width > 0:
		return s.Width
	}
	return DefaultWidth
}

// TestStreams are streams for tests: stdin reads in, stdout and stderr collect what
// was written. Nothing is a terminal until the test says so.
func TestStreams(in string) (s *IOStreams, stdout, stderr *bytes.Buffer) {
	stdout, stderr = &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: strings.NewReader(in), Out: stdout, ErrOut: stderr}, stdout, stderr
}
