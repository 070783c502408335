package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// SandboxOptions are what `funnels sandbox` works from.
type SandboxOptions struct {
	Addr                             string
	Limit                            int
	Window, TokenTTL, Latency        time.Duration
	FixedLatency                     time.Duration
	BulkFunnels, BulkPages           int
	BulkRedirects                    int
	SubAccounts                      int // the agency's sub-accounts (0: the default four)
	ErrorRate, DropRate, TruncRate   float64
	DailyLimit                       int
	Token, ReadOnlyToken, DialectArg string
	SurfaceArg                       string
	NotFoundArg                      string        // how a route the sandbox does not have words its 404
	RefusalWords                     string        // the public surface's refusal of a web-app route, in other words
	StateDir                         string        // where the tokens are kept ("" → the state home's funnels/sandbox)
	Ephemeral                        bool          // keep nothing: new tokens on every start
	Sites                            bool          // serve the sub-accounts' public pages too
	TLS                              bool          // serve the API over HTTPS
	SitesSlow                        time.Duration // how long the seeded slow page takes (0: the sandbox's 2.5s)
}

// dialects are the names --dialect takes.
func dialects() []string {
	return []string{"bare", "wrapped", "plain-ids", "camel", "string-numbers", "summaries"}
}

func newCmdSandbox(f *cmdutil.Factory) *cmdutil.Command {
	opts := &SandboxOptions{}
	cmd := &cobra.Command{
		Use:   "sandbox",
		Short: "Serve the embedded funnels API on loopback with seeded data",
		Long: `Serves the funnels API with seeded demo data on a loopback address, in the
foreground, until Ctrl-C. It prints its base URL, tokens and a ready-made
'funnels login' command. Its tokens, OAuth client and the OAuth tokens it issues
are kept in the state directory, so they stay the same from start to start and
profiles signed in to it keep working; the data starts from the seed each time.

--surface picks the service it plays: seed (every route of the spec), public
(the real service as a private integration token meets it: the web app's
routes refused with the IAM message, scope denials as 401) or documented (only
the seven routes HighLevel documents; every other route answers 404 "Cannot
GET /…", as a server without the route does; records in the shapes of the
official examples). --not-found words that 404 (and any unknown route's) as
express (the default), problem (a problem+json document), html (a load
balancer's page), empty (no body) or v3 (the v3 API's error envelope).
--refusal-words words the public surface's refusal of a web-app route otherwise
than the IAM message: a client then tells it from an expired token by what the
server does (other routes answer the same token).

--tls serves the API over HTTPS, and HTTP/2, as the real service is served, with
a certificate of an authority made at each start and written to ca_file. The
printed commands trust it with FUNNELS_CA_FILE; without it a client says
the certificate is not trusted, as behind a proxy that inspects HTTPS.

--sites serves the public pages of every sub-account's domains too, over HTTPS
(certificates of an authority made at start) and HTTP on two more loopback
ports, with seeded faults in Lakeside Fit's: a step whose page is gone, a
redirect loop, a chain of four, a path taken from a live step, a certificate
ending in 2 days, a domain that does not resolve, a slow page, a noindex and a
canonical elsewhere. It writes the certificate authority and the --resolve
rules that reach every domain on loopback, and prints a ready 'funnels check'
command that needs no network. POST /_sandbox/sites/move moves a seeded step, so
that the next 'funnels check --crawl' finds the redirect the move broke.`,
		Example: `funnels sandbox --addr 127.0.0.1:8484 --limit 20 --error-rate 0.1 --dialect bare,camel
funnels sandbox --surface documented --not-found problem
funnels sandbox --surface public --refusal-words "Route blocked for this app"
funnels sandbox --sites --sub-accounts 20
funnels sandbox --tls`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return sandboxRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.Addr, "addr", "127.0.0.1:8484", "listen on HOST:PORT (loopback hosts only)")
	fl.IntVar(&opts.Limit, "limit", 100, "requests per window per token (OAuth tokens: per app and sub-account)")
	fl.DurationVar(&opts.Window, "window", 10*time.Second, "the window of the rate limit")
	fl.DurationVar(&opts.TokenTTL, "token-ttl", 24*time.Hour, "lifetime of OAuth access tokens")
	fl.DurationVar(&opts.Latency, "latency", 0, "random extra delay, up to this, on every API request")
	fl.DurationVar(&opts.FixedLatency, "fixed-latency", 0, "a delay of exactly this before every API answer (a far-away server)")
	fl.IntVar(&opts.BulkFunnels, "bulk-funnels", 0, "add this many made-up funnels at the root (a large location)")
	fl.IntVar(&opts.BulkPages, "bulk-pages", 10, "with --bulk-funnels: the pages of each (one per step)")
	fl.IntVar(&opts.BulkRedirects, "bulk-redirects", 0, "add this many made-up URL redirects over the attached domains")
	fl.IntVar(&opts.SubAccounts, "sub-accounts", 0, "give the agency this many sub-accounts (up to 1000; made-up clients after the four gyms, the fifth suspended)")
	fl.Float64Var(&opts.ErrorRate, "error-rate", 0, "share (0..1) of API requests answered 500/502/503")
	fl.Float64Var(&opts.DropRate, "drop-rate", 0, "share (0..1) of API requests whose connection is dropped")
	fl.Float64Var(&opts.TruncRate, "truncate-rate", 0, "share (0..1) of API answers cut in half")
	fl.IntVar(&opts.DailyLimit, "daily-limit", 0, "requests in a token's day: past them every request answers 429 until the day ends (0: the service's day)")
	fl.StringVar(&opts.Token, "token", "", "the demo token with every scope, for this run (default: the kept one, or a random pit-… token)")
	fl.StringVar(&opts.ReadOnlyToken, "readonly-token", "", "the read-only token, for this run (default: the kept one, or a random pit-… token)")
	fl.StringVar(&opts.DialectArg, "dialect", "", "answer in other shapes: comma-separated list of "+strings.Join(dialects(), ", "))
	fl.StringVar(&opts.SurfaceArg, "surface", "seed", "seed (every route of the spec), public (the real service as a private integration token meets it) or documented (only the documented routes, the rest 404)")
	fl.StringVar(&opts.NotFoundArg, "not-found", "express", "how a route it does not have answers 404: "+strings.Join(sandbox.NotFoundWordings(), ", "))
	fl.StringVar(&opts.RefusalWords, "refusal-words", "", "with --surface public: the message refusing a web-app route (default: the service's IAM words)")
	fl.StringVar(&opts.StateDir, "state-dir", "", "keep the tokens here across restarts (default $XDG_STATE_HOME/funnels/sandbox)")
	fl.BoolVar(&opts.Ephemeral, "ephemeral", false, "keep nothing: new random tokens on every start")
	fl.BoolVar(&opts.TLS, "tls", false, "serve the API over HTTPS (and HTTP/2) with a certificate of an authority made at start, written to ca_file")
	fl.BoolVar(&opts.Sites, "sites", false, "also serve the sub-accounts' public pages (with seeded faults) for 'funnels check'")
	fl.DurationVar(&opts.SitesSlow, "sites-slow", 2500*time.Millisecond, "with --sites: how long the seeded slow page takes to answer")
	_ = cmd.RegisterFlagCompletionFunc("surface", cobra.FixedCompletions(surfaces(), cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("not-found", cobra.FixedCompletions(sandbox.NotFoundWordings(), cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("dialect", func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		i := strings.LastIndex(toComplete, ",")
		var out []cobra.Completion
		for _, d := range cmdutil.WithPrefix(dialects(), toComplete[i+1:]) {
			out = append(out, toComplete[:i+1]+d)
		}
		return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
	})
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionMore, Machine: cmdutil.Serves, SSH: cmdutil.NotOffered("it starts a server")}
}

func sandboxRun(ctx context.Context, f *cmdutil.Factory, opts *SandboxOptions) error {
	if err := sandbox.CheckLoopback(opts.Addr); err != nil {
		return cmdutil.Usagef("refusing --addr %s: the sandbox only listens on a loopback host (127.0.0.1, ::1 or localhost)", opts.Addr)
	}
	switch {
	case opts.Limit < 1:
		return cmdutil.Usagef("--limit must be at least 1")
	case opts.Window <= 0:
		return cmdutil.Usagef("--window must be a positive duration such as 10s")
	case opts.TokenTTL <= 0:
		return cmdutil.Usagef("--token-ttl must be a positive duration such as 24h")
	case opts.Latency < 0:
		return cmdutil.Usagef("--latency must not be negative")
	case opts.FixedLatency < 0:
		return cmdutil.Usagef("--fixed-latency must not be negative")
	case opts.BulkFunnels < 0 || opts.BulkFunnels > 100_000:
		return cmdutil.Usagef("--bulk-funnels must be from 0 to 100000")
	case opts.BulkPages < 0 || opts.BulkPages > 1000:
		return cmdutil.Usagef("--bulk-pages must be from 0 to 1000")
	case opts.BulkRedirects < 0 || opts.BulkRedirects > 100_000:
		return cmdutil.Usagef("--bulk-redirects must be from 0 to 100000")
	case opts.DailyLimit < 0:
		return cmdutil.Usagef("--daily-limit must be a number of requests (0: the service's day)")
	case opts.SubAccounts < 0 || opts.SubAccounts > 1000:
		return cmdutil.Usagef("--sub-accounts must be from 1 to 1000 (0 keeps the default four)")
	case opts.SitesSlow <= 0 || opts.SitesSlow > time.Hour:
		return cmdutil.Usagef("--sites-slow must be a duration from 1ms to 1h, such as 2.5s")
	}
	for _, r := range []struct {
		name string
		v    float64
	}{{"--error-rate", opts.ErrorRate}, {"--drop-rate", opts.DropRate}, {"--truncate-rate", opts.TruncRate}} {
		if !(r.v >= 0 && r.v <= 1) {
			return cmdutil.Usagef("%s must be a number from 0 to 1", r.name)
		}
	}
	d, err := parseDialect(opts.DialectArg)
	if err != nil {
		return cmdutil.Usagef("%w", err)
	}
	surface, err := parseSurface(opts.SurfaceArg)
	if err != nil {
		return cmdutil.Usagef("%w", err)
	}
	notFound, err := sandbox.ParseNotFound(opts.NotFoundArg)
	if err != nil {
		return cmdutil.Usagef("--not-found: %w", err)
	}
	if strings.ContainsAny(opts.Token+opts.ReadOnlyToken, " \t\r\n") {
		return cmdutil.Usagef("tokens must not contain spaces")
	}

	stateDir := opts.StateDir
	if stateDir == "" && !opts.Ephemeral {
		store, err := f.Store()
		if err != nil {
			return fmt.Errorf("%w (or pass --state-dir or --ephemeral)", err)
		}
		stateDir = filepath.Join(store.Dir(), "sandbox")
	}
	if opts.Ephemeral {
		stateDir = ""
	}
	run, err := sandbox.Start(opts.Addr, sandbox.Options{
		Limit: opts.Limit, Window: opts.Window, AccessTokenTTL: opts.TokenTTL,
		Bulk: sandbox.Bulk{Funnels: opts.BulkFunnels, PagesPerFunnel: opts.BulkPages, Redirects: opts.BulkRedirects},
		Faults: sandbox.Faults{Latency: opts.Latency, FixedLatency: opts.FixedLatency, ErrorRate: opts.ErrorRate, DropRate: opts.DropRate, TruncateRate: opts.TruncRate,
			DailyLimit: opts.DailyLimit},
		SubAccounts:  opts.SubAccounts,
		Sites:        sandbox.SitesOptions{Enabled: opts.Sites, Slow: opts.SitesSlow},
		TLS:          opts.TLS,
		Dialect:      d,
		Surface:      surface,
		NotFound:     notFound,
		RefusalWords: opts.RefusalWords,
		DemoToken:    opts.Token, ReadOnlyToken: opts.ReadOnlyToken,
		StateDir: stateDir,
		Logf:     func(format string, a ...any) { f.Notice("funnels "+format, a...) },
	})
	if err != nil {
		if errors.Is(err, sandbox.ErrStateDir) {
			return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("%w (or pass --ephemeral)", err))
		}
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("%s is already in use (another sandbox?); pick another with --addr: %w", opts.Addr, err)
		}
		return fmt.Errorf("cannot serve on %s: %w", opts.Addr, err)
	}
	sites, err := writeSites(run, stateDir)
	if err != nil {
		_ = run.Close()
		return err
	}
	defer sites.remove()
	ca, err := writeAPICA(run, stateDir)
	if err != nil {
		_ = run.Close()
		return err
	}
	defer ca.remove()
	printSandboxInfo(f.IO.Out, run, stateDir, sites, ca)
	<-ctx.Done()
	if err := run.Close(); err != nil {
		f.Notice("funnels sandbox: shutting down: %v", err)
	}
	f.Notice("funnels sandbox: stopped")
	return nil
}

// printSandboxInfo prints the name: value lines scripts read, then a hint for people.
func printSandboxInfo(w io.Writer, run *sandbox.Running, stateDir string, sites *sitesFiles, ca *apiCAFile) {
	s, base, trust := run.Server, run.URL, ca.trust()
	fmt.Fprintf(w, "base_url: %s\n", base)
	ca.print(w)
	fmt.Fprintf(w, "token: %s\n", s.DemoToken())
	fmt.Fprintf(w, "readonly_token: %s\n", s.ReadOnlyToken())
	fmt.Fprintf(w, "location_id: %s\n", s.LocationID())
	fmt.Fprintf(w, "surface: %s\n", s.Surface())
	fmt.Fprintf(w, "client_id: %s\n", s.ClientID())
	fmt.Fprintf(w, "client_secret: %s\n", s.ClientSecret())
	fmt.Fprintf(w, "login: %sfunnels login --profile sandbox --base-url %s --auth-url %s/oauth/chooselocation --token-url %s/oauth/token --client-id %s --client-secret %s --location %s --no-browser\n",
		trust, base, base, base, s.ClientID(), s.ClientSecret(), s.LocationID())
	fmt.Fprintf(w, "token_login: %sfunnels login --with-token --profile sandbox --base-url %s --location %s\n", trust, base, s.LocationID())
	fmt.Fprintf(w, "env: export %sFUNNELS_BASE_URL=%s FUNNELS_TOKEN=%s FUNNELS_LOCATION_ID=%s\n", trust, base, s.DemoToken(), s.LocationID())
	fmt.Fprintf(w, "agency_login: %sfunnels login --agency --profile agency --base-url %s --auth-url %s/oauth/chooselocation --token-url %s/oauth/token --client-id %s --client-secret %s --no-browser\n",
		trust, base, base, base, s.ClientID(), s.ClientSecret())
	printSandboxAgency(w, s)
	sites.print(w)
	if stateDir != "" {
		fmt.Fprintf(w, "kept: %s (the same tokens on every start, so sandbox profiles keep working; delete it, or pass --ephemeral, for new ones)\n", sandbox.KeepPath(stateDir))
	} else {
		fmt.Fprintln(w, "kept: nothing (--ephemeral: these tokens end with this run)")
	}
	fmt.Fprintln(w)
	ca.hint(w)
	cacert := ""
	if ca != nil {
		cacert = "--cacert " + shellWord(ca.path) + " "
	}
	fmt.Fprintf(w, "try: curl %s-H \"Version: 2021-07-28\" -H \"Authorization: Bearer %s\" %s/funnels/funnel/list\n", cacert, s.DemoToken(), base)
	if sites != nil {
		fmt.Fprintf(w, "try: funnels check --profile sandbox …, then curl -X POST %s/_sandbox/sites/move and 'funnels check --profile sandbox --crawl …': the redirect the move broke is found\n", base)
	}
	fmt.Fprintln(w, "Serving until Ctrl-C. Request log: "+base+"/_sandbox/requests")
}

// printSandboxAgency prints the agency's sub-accounts after the agency_login line:
// how many there are and how to reach one as the agency, then a line per
// sub-account with a token of its own (sub_account_N: ID "Name" token TOKEN), the
// suspended ones and the ones without the app.
func printSandboxAgency(w io.Writer, s *sandbox.Server) {
	subs := s.SubAccounts()
	installed := 0
	for _, sub := range subs {
		if sub.Installed {
			installed++
		}
	}
	fmt.Fprintf(w, "agency: %s, %d sub-accounts, %d with the app installed; after agency_login, open any with --profile agency --location ID\n",
		s.CompanyID(), len(subs), installed)
	for i, sub := range subs {
		if i > 0 && sub.Installed {
			fmt.Fprintf(w, "sub_account_%d: %s %q token %s\n", i+1, sub.ID, sub.Name, sub.DemoToken)
		}
	}
	for _, sub := range subs {
		switch {
		case sub.Suspended:
			fmt.Fprintf(w, "suspended: %s %q (its routes, refreshes and mints answer 400 Location is not active)\n", sub.ID, sub.Name)
		case !sub.Installed:
			fmt.Fprintf(w, "not_installed: %s %q (the app is not installed: a mint for it answers 403)\n", sub.ID, sub.Name)
		}
	}
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
		case "summaries":
			d.Summaries = true
		default:
			return d, fmt.Errorf("unknown --dialect %q; use %s", strings.TrimSpace(name), strings.Join(dialects(), ", "))
		}
	}
	return d, nil
}

// surfaces are the names --surface takes.
func surfaces() []string { return []string{"seed", "public", "documented"} }

// parseSurface reads --surface.
func parseSurface(name string) (sandbox.Surface, error) {
	switch strings.TrimSpace(strings.ToLower(name)) {
	case "", "seed":
		return sandbox.SurfaceSeed, nil
	case "public":
		return sandbox.SurfacePublic, nil
	case "documented":
		return sandbox.SurfaceDocumented, nil
	}
	return "", fmt.Errorf("unknown --surface %q; use %s", name, strings.Join(surfaces(), ", "))
}
