package login

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// readToken reads the token for `login --with-token` from stdin: everything when it
// is piped, one line when it is a terminal — typed without echo, so the token never
// shows on the screen (or in a screencast), and no Ctrl-D is needed.
func readToken(ctx context.Context, ios *cmdutil.IOStreams) (string, error) {
	if f, ok := ios.In.(*os.File); ok && term.IsTerminal(f.Fd()) {
		fmt.Fprint(ios.ErrOut, "Paste the private integration token and press Enter (it is not shown): ")
		line, err := readHiddenLine(ctx, f)
		fmt.Fprintln(ios.ErrOut)
		if err != nil {
			return "", err
		}
		if strings.TrimSpace(line) == "" {
			return "", errors.New("no token typed; paste it at the prompt, or pipe it in: funnels login --with-token < token.txt")
		}
		return line, nil
	}
	data, err := io.ReadAll(io.LimitReader(ios.In, 64<<10))
	if err != nil {
		return "", fmt.Errorf("reading the token from standard input: %w", err)
	}
	if strings.TrimSpace(string(data)) == "" {
		return "", errors.New("no token on standard input; pipe it in: funnels login --with-token < token.txt")
	}
	return string(data), nil
}

// readHiddenLine reads one line from the terminal f with echo off. Ctrl-C (which
// cancels ctx) gives the terminal back as it was and returns at once.
func readHiddenLine(ctx context.Context, f *os.File) (string, error) {
	fd := f.Fd()
	saved, err := term.GetState(fd)
	if err != nil {
		return "", fmt.Errorf("reading the token: %w", err)
	}
	type result struct {
		line []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		line, err := term.ReadPassword(fd)
		done <- result{line, err}
	}()
	select {
	case r := <-done:
		if r.err != nil && !errors.Is(r.err, io.EOF) {
			return "", fmt.Errorf("reading the token: %w", r.err)
		}
		return string(r.line), nil
	case <-ctx.Done():
		_ = term.Restore(fd, saved)
		return "", fmt.Errorf("reading the token: %w", ctx.Err())
	}
}

// askLocation asks for the location id on a terminal: standard input when it is one,
// otherwise the controlling terminal when standard error (where the question shows)
// is one — the token may have been piped in. Without a terminal it says so. Ctrl-C
// (which cancels ctx) returns at once.
func askLocation(ctx context.Context, ios *cmdutil.IOStreams) (string, error) {
	var in io.Reader
	if f, ok := ios.In.(*os.File); ok && term.IsTerminal(f.Fd()) {
		in = f
	} else if f, ok := ios.ErrOut.(*os.File); ok && term.IsTerminal(f.Fd()) {
		tty, err := os.Open("/dev/tty")
		if err != nil {
			return "", errors.New("no terminal to ask on")
		}
		defer tty.Close()
		in = tty
	} else {
		return "", errors.New("no terminal to ask on")
	}
	type answer struct {
		id  string
		err error
	}
	done := make(chan answer, 1)
	go func() {
		id, err := auth.AskLocation(in, ios.ErrOut)
		done <- answer{id, err}
	}()
	select {
	case a := <-done:
		return a.id, a.err
	case <-ctx.Done():
		fmt.Fprintln(ios.ErrOut)
		return "", ctx.Err()
	}
}
