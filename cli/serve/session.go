package serve

import (
	"context"
	"fmt"
	"io"
	"strconv"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	bm "charm.land/wish/v2/bubbletea"

	"github.com/funnelsdev/funnels/ui"
)

// Streams are one session's ends as the command line takes them.
type Streams struct {
	In          io.Reader
	Out, ErrOut io.Writer
	TTY         bool // the session has a terminal
	Width       int  // its columns; 0 without one
}

// Run is one session's run as the command line makes it: its streams, the
// environment it sees, and its gate to the shared clients.
type Run struct {
	Streams Streams
	Getenv  func(string) string
	Gate    *Gate
}

// Runner is the command line, handed to the server so this package need not import
// it: Command runs one command line (without the program's name) and returns its
// exit code; Browse opens the browser on the session's terminal.
type Runner interface {
	Command(ctx context.Context, run Run, args []string) int
	Browse(ctx context.Context, run Run, progOpts []tea.ProgramOption, remote *ui.Remote) int
}

// handle runs one session: the browser for `ssh -t HOST`, one funnels command for
// `ssh HOST COMMAND…`; its exit code reaches the ssh client.
func (s *Server) handle(sess ssh.Session) {
	p, _ := sess.Context().Value(personKey{}).(*Person)
	if p == nil {
		_ = sess.Exit(ExitRefused)
		return
	}
	if err := s.enter(p); err != nil {
		fmt.Fprintf(sess.Stderr(), "funnels: %v\n", err)
		_ = sess.Exit(ExitRefused)
		return
	}
	defer s.exit(p)
	name := sessionName(s.started, s.seq.Add(1))
	fp := Fingerprint(sess.PublicKey())
	fmt.Fprintf(s.set.Log, "funnels serve: %s %s (%s) from %s: %q\n", name, p.Name, fp, sess.RemoteAddr(), sess.RawCommand())
	gate := newGate(s.pool, p, fp, name)
	gate.dataDir = s.set.Dir
	defer gate.Close()
	code := s.run(sess, p, gate)
	fmt.Fprintf(s.set.Log, "funnels serve: %s ended: exit %d\n", name, code)
	_ = sess.Exit(code)
}

// Exit codes the server itself ends a session with (the command line's contract).
const (
	ExitRefused = 1 // the server refused the session (a limit)
	ExitUsage   = 2 // a session without a command and without a terminal
)

func (s *Server) run(sess ssh.Session, p *Person, gate *Gate) int {
	ctx := sess.Context()
	pty, windows, isPty := sess.Pty()
	args := sess.Command()
	if len(args) > 0 && args[0] == "funnels" {
		args = args[1:]
	}
	st := Streams{In: sess, Out: sess, ErrOut: sess.Stderr(), TTY: isPty}
	if isPty {
		st.Width = pty.Window.Width
	}
	run := Run{Streams: st, Getenv: s.environment(p, st.Width), Gate: gate}
	if len(args) == 0 {
		if !isPty {
			fmt.Fprintln(sess.Stderr(), "funnels: no shell here. Open the browser with 'ssh -t' (a terminal), or run a command: ssh HOST redirects list")
			return ExitUsage
		}
		remote := &ui.Remote{Sharing: gate.Sharing, Attach: func(send func(tea.Msg)) {
			go func() {
				for {
					select {
					case <-ctx.Done():
						return
					case w, ok := <-windows:
						if !ok {
							return
						}
						send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
					}
				}
			}()
		}}
		if p.Admin() {
			remote.Changes = changeLog{s.audit}
		}
		return s.runner.Browse(ctx, run, bm.MakeOptions(sess), remote)
	}
	// The command line decides, once it has parsed args, what the session may run
	// (the gate tells it who the person is): nothing here reads them.
	return s.runner.Command(ctx, run, args)
}

// environment is what a session's run sees of the server's environment: the
// operator's settings, with the person's first sub-account as the default one, and
// nothing that would write a debug log or pretend a terminal.
func (s *Server) environment(p *Person, width int) func(string) string {
	loc := p.DefaultLocation()
	return func(key string) string {
		switch key {
		case "FUNNELS_LOCATION_ID":
			if loc != "" {
				return loc
			}
		case "FUNNELS_DEBUG", "FUNNELS_FORCE_TTY":
			return ""
		case "COLUMNS":
			if width > 0 {
				return strconv.Itoa(width)
			}
			return ""
		}
		return s.set.Getenv(key)
	}
}
