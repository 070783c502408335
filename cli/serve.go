package cli

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/serve"
	"github.com/funnelsdev/funnels/cli/team"
	"github.com/funnelsdev/funnels/ui"
)

// ServeOptions are what `funnels serve` works from.
type ServeOptions struct {
	Addr         string
	Data         string
	IdleTimeout  time.Duration
	MaxSessions  int
	MaxPerPerson int
	AuditKeep    time.Duration
}

// defaultServeAddr listens on this machine only: people reach it through ssh to the
// machine (or a tunnel) until the operator opens it wider with --addr :23234.
const defaultServeAddr = "127.0.0.1:23234"

func newCmdServe(f *cmdutil.Factory) *cmdutil.Command {
	opts := &ServeOptions{}
	cmd := &cobra.Command{
		Use:   "serve --data DIR",
		Short: "Serve the browser and the commands to a team over ssh",
		Long: `Answers ssh for the people added with 'funnels serve user add': 'ssh -t -p 23234 HOST'
opens the browser, 'ssh -p 23234 HOST redirects list' runs a command, on the
sub-accounts each person was granted, with the profiles signed in on this machine.
No token leaves it. All sessions on one sub-account share one rate-limit budget and
one index, and every write is kept in the audit log ('funnels audit').

The data directory holds the host key (made the first time), the people file and
the audit log, each readable by this user only.`,
		Example: `funnels serve --data ~/funnels-serve
funnels serve --data ~/funnels-serve --addr :23234 --idle-timeout 30m`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return serveRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.Addr, "addr", defaultServeAddr, "where to listen (HOST:PORT; :23234 for every interface)")
	team.AddDataFlag(cmd, &opts.Data)
	fl.DurationVar(&opts.IdleTimeout, "idle-timeout", 30*time.Minute, "end a connection nothing came through for this long (0: never)")
	fl.IntVar(&opts.MaxSessions, "max-sessions", 64, "sessions open at once, in all (0: no limit)")
	fl.IntVar(&opts.MaxPerPerson, "max-sessions-per-person", 8, "sessions one person may have open at once (0: no limit)")
	fl.DurationVar(&opts.AuditKeep, "audit-keep", 400*24*time.Hour, "how long the audit log keeps an entry (0: for ever)")
	users := team.NewCmdServeUser(f)
	cmd.AddCommand(users.Cobra)
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionMore, Machine: cmdutil.Serves, Files: []cmdutil.File{{Flag: "data", Writes: true}},
		SSH: cmdutil.NotOffered("it starts a server"), Verbs: []*cmdutil.Command{users}}
}

func serveRun(ctx context.Context, f *cmdutil.Factory, opts *ServeOptions) error {
	dir, err := cmdutil.DataDir(f, opts.Data)
	if err != nil {
		return err
	}
	set := serve.Settings{Addr: opts.Addr, Dir: dir, IdleTimeout: opts.IdleTimeout, MaxSessions: opts.MaxSessions,
		MaxPerPerson: opts.MaxPerPerson, AuditKeep: opts.AuditKeep, Log: f.IO.ErrOut, Getenv: sessionEnv(f)}
	srv, err := serve.New(set, serveRunner{parent: f})
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	// Local runs on this machine write to the server's audit log from now on.
	store, err := f.Store()
	if err == nil {
		err = auditlog.MarkServed(store.Dir(), dir)
	}
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	fmt.Fprintf(f.IO.Out, "funnels serve: listening on %s\nhost key %s\n", srv.Addr(), srv.Fingerprint)
	if err := srv.Serve(ctx); err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("serve: %w", err))
	}
	return nil
}

// sessionEnv is the environment the server's sessions start from: the operator's,
// with the global flags serve was started with over it, so `funnels serve --profile
// clinic` serves the clinic profile.
func sessionEnv(f *cmdutil.Factory) func(string) string {
	fl := f.Flags
	set := map[string]string{}
	for k, v := range map[string]string{"FUNNELS_PROFILE": fl.Profile, "FUNNELS_BASE_URL": fl.BaseURL, "FUNNELS_TOKEN": fl.Token,
		"FUNNELS_LOCATION_ID": fl.Location, "FUNNELS_API_VERSION": fl.APIVersion} {
		if v != "" {
			set[k] = v
		}
	}
	for k, on := range map[string]bool{"FUNNELS_READONLY": fl.ReadOnly, "FUNNELS_INSECURE_STORAGE": fl.InsecureStorage, "FUNNELS_TRUST_BASE_URL": fl.TrustBaseURL} {
		if on {
			set[k] = "1"
		}
	}
	return func(k string) string {
		if v, ok := set[k]; ok {
			return v
		}
		return f.Getenv(k)
	}
}

// serveRunner runs the server's sessions through this command tree.
type serveRunner struct{ parent *cmdutil.Factory }

// factory is a session's Factory: its streams, its environment and its gate.
func (r serveRunner) factory(run serve.Run) *cmdutil.Factory {
	st := run.Streams
	ios := &cmdutil.IOStreams{In: st.In, Out: st.Out, ErrOut: st.ErrOut, InTTY: st.TTY, OutTTY: st.TTY, ErrTTY: st.TTY}
	if st.TTY {
		ios.Width, ios.ErrWidth = max(st.Width, 1), max(st.Width, 1)
	}
	f := cmdutil.NewFactory(ios, run.Getenv, r.parent.Version)
	f.Keyring, f.Gate = r.parent.Keyring, run.Gate
	return f
}

func (r serveRunner) Command(ctx context.Context, run serve.Run, args []string) int {
	return Run(ctx, r.factory(run), args)
}

func (r serveRunner) Browse(ctx context.Context, run serve.Run, progOpts []tea.ProgramOption, remote *ui.Remote) int {
	return BrowseRemote(ctx, r.factory(run), progOpts, remote)
}
