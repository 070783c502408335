package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client/sandbox"
)

const sandboxUsage = `Usage: funnels sandbox [flags]

Serves the funnels API with seeded demo data on a loopback address, in the
foreground, until Ctrl-C. It prints its base URL, tokens and a ready-made
'funnels login' command. Its tokens, OAuth client and the OAuth tokens it issues
are kept in the state directory, so they stay the same from start to start and
profiles signed in to it keep working; the data starts from the seed each time.

Example:
  funnels sandbox --addr 127.0.0.1:8484 --limit 20 --error-rate 0.1 --dialect bare,camel

Flags:
`

// cmdSandbox runs `funnels sandbox`.
func cmdSandbox(ctx context.Context, env *cliEnv, args []string) int {
	fs := flag.NewFlagSet("funnels sandbox", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	addr := fs.String("addr", "127.0.0.1:8484", "listen on `HOST:PORT` (loopback hosts only)")
	limit := fs.Int("limit", 100, "requests per window per token")
	window := fs.Duration("window", 10*time.Second, "rate-limit `window`")
	ttl := fs.Duration("token-ttl", 24*time.Hour, "lifetime of OAuth access tokens")
	latency := fs.Duration("latency", 0, "random extra delay, up to this, on every API request")
	errorRate := fs.Float64("error-rate", 0, "share (0..1) of API requests answered 500/502/503")
	dropRate := fs.Float64("drop-rate", 0, "share (0..1) of API requests whose connection is dropped")
	truncateRate := fs.Float64("truncate-rate", 0, "share (0..1) of API answers cut in half")
	token := fs.String("token", "", "full-scope demo `token` (default: a random pit-… token)")
	readOnly := fs.String("readonly-token", "", "read-only `token` (default: a random pit-… token)")
	dialect := fs.String("dialect", "", "answer in other shapes: comma-separated `list` of bare, wrapped, plain-ids, camel, string-numbers")
	stateDir := fs.String("state-dir", "", "keep the tokens here across restarts (`DIR`; default $XDG_STATE_HOME/funnels/sandbox)")
	ephemeral := fs.Bool("ephemeral", false, "keep nothing: new random tokens on every start")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), sandboxUsage)
		fs.PrintDefaults()
	}
	if code, done := parseWithHelp(env, fs, args); done {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(env.Stderr, "funnels sandbox: "+format+"\n", a...)
		return exitUsage
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected argument %q (see --help)", fs.Arg(0))
	}
	if err := sandbox.CheckLoopback(*addr); err != nil {
		return usageErr("refusing --addr %s: the sandbox only listens on a loopback host (127.0.0.1, ::1 or localhost)", *addr)
	}
	switch {
	case *limit < 1:
		return usageErr("--limit must be at least 1")
	case *window <= 0:
		return usageErr("--window must be a positive duration such as 10s")
	case *ttl <= 0:
		return usageErr("--token-ttl must be a positive duration such as 24h")
	case *latency < 0:
		return usageErr("--latency must not be negative")
	}
	for name, v := range map[string]float64{"--error-rate": *errorRate, "--drop-rate": *dropRate, "--truncate-rate": *truncateRate} {
		if !(v >= 0 && v <= 1) {
			return usageErr("%s must be a number from 0 to 1", name)
		}
	}
	d, err := parseDialect(*dialect)
	if err != nil {
		return usageErr("%v", err)
	}
	if strings.ContainsAny(*token+*readOnly, " \t\r\n") {
		return usageErr("tokens must not contain spaces")
	}

	if *stateDir == "" && !*ephemeral {
		store, err := auth.DefaultStore(env.Getenv)
		if err != nil {
			fmt.Fprintf(env.Stderr, "funnels sandbox: %v (or pass --state-dir or --ephemeral)\n", err)
			return exitInternal
		}
		*stateDir = filepath.Join(store.Dir(), "sandbox")
	}
	if *ephemeral {
		*stateDir = ""
	}
	run, err := sandbox.Start(*addr, sandbox.Options{
		Limit: *limit, Window: *window, AccessTokenTTL: *ttl,
		Faults:    sandbox.Faults{Latency: *latency, ErrorRate: *errorRate, DropRate: *dropRate, TruncateRate: *truncateRate},
		Dialect:   d,
		DemoToken: *token, ReadOnlyToken: *readOnly,
		StateDir: *stateDir,
		Logf:     func(format string, a ...any) { fmt.Fprintf(env.Stderr, "funnels "+format+"\n", a...) },
	})
	if err != nil {
		if errors.Is(err, sandbox.ErrStateDir) {
			fmt.Fprintf(env.Stderr, "funnels %v (or pass --ephemeral)\n", err)
			return exitInternal
		}
		if errors.Is(err, syscall.EADDRINUSE) {
			fmt.Fprintf(env.Stderr, "funnels sandbox: %s is already in use (another sandbox?); pick another with --addr\n", *addr)
		} else {
			fmt.Fprintf(env.Stderr, "funnels sandbox: cannot serve on %s: %v\n", *addr, err)
		}
		return exitAPI
	}
	printSandboxInfo(env.Stdout, run, *stateDir)
	<-ctx.Done()
	if err := run.Close(); err != nil {
		fmt.Fprintf(env.Stderr, "funnels sandbox: shutting down: %v\n", err)
	}
	fmt.Fprintln(env.Stderr, "funnels sandbox: stopped")
	return exitOK
}

// printSandboxInfo prints the name: value lines scripts read, then a hint for people.
func printSandboxInfo(w io.Writer, run *sandbox.Running, stateDir string) {
	s, base := run.Server, run.URL
	fmt.Fprintf(w, "base_url: %s\n", base)
	fmt.Fprintf(w, "token: %s\n", s.DemoToken())
	fmt.Fprintf(w, "readonly_token: %s\n", s.ReadOnlyToken())
	fmt.Fprintf(w, "location_id: %s\n", s.LocationID())
	fmt.Fprintf(w, "client_id: %s\n", s.ClientID())
	fmt.Fprintf(w, "client_secret: %s\n", s.ClientSecret())
	fmt.Fprintf(w, "login: funnels login --profile sandbox --base-url %s --auth-url %s/oauth/chooselocation --token-url %s/oauth/token --client-id %s --client-secret %s --location %s --no-browser\n",
		base, base, base, s.ClientID(), s.ClientSecret(), s.LocationID())
	if stateDir != "" {
		fmt.Fprintf(w, "kept: %s (the same tokens on every start, so sandbox profiles keep working; delete it, or pass --ephemeral, for new ones)\n", sandbox.KeepPath(stateDir))
	} else {
		fmt.Fprintln(w, "kept: nothing (--ephemeral: these tokens end with this run)")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "try: curl -H \"Version: 2021-07-28\" -H \"Authorization: Bearer %s\" %s/funnels/funnel/list\n", s.DemoToken(), base)
	fmt.Fprintln(w, "Serving until Ctrl-C. Request log: "+base+"/_sandbox/requests")
}

// parseDialect reads the --dialect list.
func parseDialect(list string) (sandbox.Dialect, error) {
	var d sandbox.Dialect
	for _, name := range strings.Split(list, ",") {
		switch strings.TrimSpace(strings.ToLower(name)) {
		case "":
		case "bare":
			d.BareLists = true
		case "wrapped":
			d.WrappedLists = true
		case "plain-ids":
			d.PlainIDs = true
		case "camel":
			d.CamelSteps = true
		case "string-numbers":
			d.StringNumbers = true
		default:
			return d, fmt.Errorf("unknown --dialect %q; use bare, wrapped, plain-ids, camel, string-numbers", strings.TrimSpace(name))
		}
	}
	return d, nil
}
