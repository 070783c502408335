package serve

import (
	"context"
	"fmt"
	"io"
	"strconv"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	bm "charm.land/wish/v2/bubbletea"

	"github.com/funnelsdev/funnels/cli/auditlog"
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
	n := s.seq.Add(1)
	ctx, end := context.WithCancel(sess.Context())
	defer end()
	defer s.track(n, end)()
	name := sessionName(s.started, n)
	fp := Fingerprint(sess.PublicKey())
	fmt.Fprintf(s.set.Log, "funnels serve: %s %s (%s) from %s: %s\n", name, p.Name, fp, sess.RemoteAddr(), auditlog.LoggedCommand(sess.Command()))
	gate := newGate(s.pool, p, fp, name)
	gate.dataDir = s.set.Dir
	defer gate.Close()
	code := s.run(ctx, sess, p, gate)
	if why := s.stopped(); why != nil {
		// After the run: a browser has given the terminal back, so the line shows.
		fmt.Fprintf(sess.Stderr(), "funnels: the team server is stopping (%v): this session ended; connect again once it is back\n", why)
		code = max(code, ExitRefused)
	}
	fmt.Fprintf(s.set.Log, "funnels serve: %s ended: exit %d\n", name, code)
	_ = sess.Exit(code)
}

// Exit codes the server itself ends a session with (the command line's contract).
const (
	ExitRefused = 1 // the server refused the session (a limit), or ended it (stopping)
	ExitUsage   = 2 // a session without a command and without a terminal
)

func (s *Server) run(ctx context.Context, sess ssh.Session, p *Person, gate *Gate) int {
	pty, changes, isPty := sess.Pty()
	args := sess.Command()
	if len(args) > 0 && args[0] == "funnels" {
		args = args[1:]
	}
	st := Streams{In: sess, Out: sess, ErrOut: sess.Stderr(), TTY: isPty}
	var wins *windows
	if isPty {
		// Taken from the start, browser or command: a change nobody takes holds up
		// the session's connection.
		wins = watchWindows(pty.Window, changes)
		st.Width = wins.size().Width
	}
	run := Run{Streams: st, Getenv: s.environment(p, st.Width), Gate: gate}
	if len(args) == 0 {
		if !isPty {
			fmt.Fprintln(sess.Stderr(), "funnels: no shell here. Open the browser with 'ssh -t' (a terminal), or run a command: ssh HOST redirects list")
			return ExitUsage
		}
		browsing, stop := context.WithCancel(ctx)
		defer stop()
		remote := &ui.Remote{Sharing: gate.Sharing, Attach: func(send func(tea.Msg)) {
			go wins.follow(browsing, func(w ssh.Window) { send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height}) })
		}}
		if p.Admin() {
			remote.Changes = changeLog{s.audit}
		}
		first := wins.size()
		progOpts := append(bm.MakeOptions(sess),
			tea.WithWindowSize(first.Width, first.Height), // over the size asked for
			// The server's signals are the server's: a browser that took SIGTERM
			// would wait to be told to quit after its session had already ended.
			tea.WithoutSignalHandler())
		return s.runner.Browse(browsing, run, progOpts, remote)
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
