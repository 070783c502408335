package cmdutil

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrCancelled is a question answered no: nothing was done, the person knows it
// already, so nothing more is reported; the exit code is 2.
var ErrCancelled = Told(ExitUsage, errors.New("cancelled"))

// CanAsk reports whether a person can answer a question: standard input is a
// terminal. A script (standard input a pipe or a file) is never asked.
func (f *Factory) CanAsk() bool { return f.IO.InTTY }

// Confirm asks a yes-or-no question on standard error and reads the answer from
// standard input. The default is no: enter, "n", anything but "y" or "yes", the end
// of input. The prompt says so. An interrupt (ctx) stops the wait at once.
func (f *Factory) Confirm(ctx context.Context, question string) (bool, error) {
	fmt.Fprintf(f.IO.ErrOut, "%s [y/N] (enter: no) ", question)
	type answer struct {
		line string
		err  error
	}
	got := make(chan answer, 1)
	go func() {
		line, err := bufio.NewReader(f.IO.In).ReadString('\n')
		got <- answer{line, err}
	}()
	select {
	case a := <-got:
		if a.err != nil && a.err != io.EOF {
			fmt.Fprintln(f.IO.ErrOut)
			return false, fmt.Errorf("reading the answer: %w", a.err)
		}
		if a.err == io.EOF {
			fmt.Fprintln(f.IO.ErrOut) // the answer's line was not ended
		}
		switch strings.ToLower(strings.TrimSpace(a.line)) {
		case "y", "yes":
			return true, nil
		}
		return false, nil
	case <-ctx.Done():
		fmt.Fprintln(f.IO.ErrOut)
		return false, fmt.Errorf("waiting for an answer: %w", ctx.Err())
	}
}
