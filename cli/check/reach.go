package check

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/config"
)

// Reach is how a check reaches the public pages: the flags `funnels check` and
// `funnels watch --check` share, over the config file's [check] (the machine
// owner's settings, the only ones a team server's session or an assistant gets).
type Reach struct {
	Resolve      []string
	ResolveFile  string
	CAFile       string
	NoDNS        bool
	AllowPrivate bool
	Proxy        bool
	PerHost      int
	Timeout      time.Duration

	flags *pflag.FlagSet // to tell a flag given from its default
}

// Bounds of the flags: a timeout past a few minutes would hold a run for ever on a
// host that accepts and never answers.
const (
	defaultPerHost = 4
	maxPerHost     = 64
	defaultTimeout = 10 * time.Second
	maxTimeout     = 5 * time.Minute
)

// AddReachFlags gives cmd the flags of Reach.
func AddReachFlags(cmd *cobra.Command, r *Reach) {
	fl := cmd.Flags()
	r.flags = fl
	fl.StringArrayVar(&r.Resolve, "resolve", nil, "HOST:[PORT:]ADDR[:PORT]: reach HOST at ADDR, as curl's --resolve (HOST * is any host); repeatable")
	fl.StringVar(&r.ResolveFile, "resolve-file", "", "read --resolve rules from this file, one a line ('funnels sandbox --sites' writes one)")
	fl.StringVar(&r.CAFile, "ca-file", "", "also trust the certificate authorities of this PEM file")
	fl.BoolVar(&r.NoDNS, "no-dns", false, "look no name up: reach only the hosts the --resolve rules name")
	fl.BoolVar(&r.AllowPrivate, "allow-private", false, "also fetch addresses that resolve to loopback, private, link-local or metadata addresses")
	fl.BoolVar(&r.Proxy, "proxy", false, "ask the pages through the proxy HTTPS_PROXY names, each name still looked up and judged here first")
	fl.IntVar(&r.PerHost, "per-host", defaultPerHost, "at most this many requests to one host at once")
	fl.DurationVar(&r.Timeout, "timeout", defaultTimeout, "give up on one request after this long")
	cmdutil.Bound(cmd, "per-host", 1, maxPerHost)
	_ = cmd.MarkFlagFilename("resolve-file")
	_ = cmd.MarkFlagFilename("ca-file", "pem", "crt")
	for _, name := range []string{"resolve", "per-host", "timeout"} {
		_ = cmd.RegisterFlagCompletionFunc(name, cmdutil.NoValues)
	}
}

// reachInstead is how a session over ssh, or an assistant, reaches what these flags
// would: through the settings of the machine funnels runs on.
const reachInstead = "the server's owner sets [check] resolve_file and ca_file in its config file"

// ReachRefusals are the flags of Reach a session of the team server may not give: an
// address an override names is dialled as given, past the refusal of private
// addresses, so the person asking would choose what the server connects to.
func ReachRefusals() map[string]string {
	return map[string]string{
		"resolve":       "an address it names is reached as given, private ones too; " + reachInstead,
		"allow-private": "it would have the server fetch its own network's addresses",
		"proxy":         "it would have the server ask through its proxy, which looks the names up again past the server's judgement; the server's owner sets [check] proxy in its config file",
	}
}

// ReachFiles are the flags of Reach that name a file of the machine.
func ReachFiles() []cmdutil.File {
	return []cmdutil.File{
		{Flag: "resolve-file", Instead: reachInstead},
		{Flag: "ca-file", Instead: reachInstead},
	}
}

// ReachLeft are the flags of Reach an assistant's tool does not take, and why.
func ReachLeft() map[string]string {
	out := ReachRefusals()
	for _, f := range ReachFiles() {
		out[f.Flag] = "it names a file of the machine; " + reachInstead
	}
	return out
}

// MachineOptions are how the browser's Health view reaches the pages: the config
// file's [check] alone (the browser takes no flag of the check), else the defaults.
// A [check] that cannot be used is said in warning, and the defaults taken.
func MachineOptions(f *cmdutil.Factory) (opts linkcheck.Options, warning string) {
	r := Reach{PerHost: defaultPerHost, Timeout: defaultTimeout}
	opts, err := r.Options(f)
	if err != nil {
		return linkcheck.Options{PerHost: defaultPerHost, Timeout: defaultTimeout}, "the check's settings: " + err.Error()
	}
	return opts, ""
}

// SitesOptions are how a check reaches the sandbox's public pages from the same
// process: its rules and authority, and no name looked up.
func SitesOptions(info sandbox.Sites) (linkcheck.Options, error) {
	opts := linkcheck.Options{Resolver: linkcheck.NoDNS{}}
	for _, s := range info.Resolve {
		rule, err := linkcheck.ParseRule(s)
		if err != nil {
			return opts, fmt.Errorf("the sandbox's sites: %w", err)
		}
		opts.Resolve = append(opts.Resolve, rule)
	}
	cas, err := client.ParseCertificates(info.CAPEM)
	if err != nil {
		return opts, fmt.Errorf("the sandbox's sites: %w", err)
	}
	opts.RootCAs = cas
	return opts, nil
}

// machineConfig is the configuration whose [check] a run takes: the machine's,
// whichever profile or sub-accounts the run names.
func machineConfig(f *cmdutil.Factory) (*config.Config, error) {
	flags := f.Flags
	flags.Location = ""
	cfg, err := config.Load(f.Getenv, flags)
	if err != nil {
		return nil, cmdutil.Usagef("%w", err)
	}
	return cfg, nil
}

// Options are the run's options from the flags over the config file's [check].
func (r *Reach) Options(f *cmdutil.Factory) (linkcheck.Options, error) {
	cfg, err := machineConfig(f)
	if err != nil {
		return linkcheck.Options{}, err
	}
	return r.options(cfg, f.Getenv)
}

// options are the run's options from the flags over cfg's [check]; a proxy is the
// one getenv's environment names.
func (r *Reach) options(cfg *config.Config, getenv func(string) string) (linkcheck.Options, error) {
	given := func(name string) bool { return r.flags != nil && r.flags.Changed(name) }
	if r.Timeout <= 0 || r.Timeout > maxTimeout {
		return linkcheck.Options{}, cmdutil.Usagef("--timeout must be more than 0 and at most %s, not %s", maxTimeout, r.Timeout)
	}
	opts := linkcheck.Options{PerHost: r.PerHost, Timeout: r.Timeout, AllowPrivate: r.AllowPrivate}
	set := cfg.Check
	if !given("per-host") && set.PerHost != 0 {
		if set.PerHost < 1 || set.PerHost > maxPerHost {
			return opts, cmdutil.Usagef("[check] per_host in %s must be from 1 to %d, not %d", cfg.File, maxPerHost, set.PerHost)
		}
		opts.PerHost = set.PerHost
	}
	for _, s := range r.Resolve {
		rule, err := linkcheck.ParseRule(s)
		if err != nil {
			return opts, cmdutil.Usagef("--resolve %s: %w", cmdutil.QuoteInput(s), err)
		}
		opts.Resolve = append(opts.Resolve, rule)
	}
	resolveFile, resolveFrom := r.ResolveFile, "--resolve-file"
	if resolveFile == "" {
		resolveFile, resolveFrom = set.ResolveFile, "[check] resolve_file in "+cfg.File
	}
	if resolveFile != "" {
		rules, err := readRules(resolveFile, resolveFrom)
		if err != nil {
			return opts, err
		}
		opts.Resolve = append(opts.Resolve, rules...)
	}
	caFile, caFrom := r.CAFile, "--ca-file"
	if caFile == "" {
		caFile, caFrom = set.CAFile, "[check] ca_file in "+cfg.File
	}
	if caFile != "" {
		cas, err := cmdutil.ReadCAs(caFile, caFrom)
		if err != nil {
			return opts, err
		}
		opts.RootCAs = cas
	}
	machine, err := cmdutil.ReadCAs(cfg.CAFile, cfg.Origin(config.KeyCAFile))
	if err != nil {
		return opts, err
	}
	opts.RootCAs = append(opts.RootCAs, machine...)
	noDNS, proxy := r.NoDNS || set.NoDNS, r.Proxy || set.Proxy
	if noDNS && proxy {
		// Through a proxy, each name is still looked up here and judged first: with no
		// name looked up, nothing could be asked of it.
		proxyFrom, noDNSFrom := "--proxy", "--no-dns"
		if !r.Proxy {
			proxyFrom = "[check] proxy in " + cfg.File
		}
		if !r.NoDNS {
			noDNSFrom = "[check] no_dns in " + cfg.File
		}
		return opts, cmdutil.Usagef("%s asks through a proxy after looking each name up here, and %s looks no name up: leave one out", proxyFrom, noDNSFrom)
	}
	if noDNS {
		opts.Resolver = linkcheck.NoDNS{}
	}
	if proxy {
		opts.Proxy = cmdutil.ProxyFunc(getenv)
	}
	return opts, nil
}

// readRules reads the rules of the file at path, which from names.
func readRules(path, from string) ([]linkcheck.Rule, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(from, err)
	}
	defer f.Close()
	rules, err := linkcheck.ParseRules(f)
	if err != nil {
		return nil, cmdutil.Usagef("%s %s: %w", from, path, err)
	}
	return rules, nil
}

// fileError is a file named by from that could not be read: a name that is not
// there is the person's to mend (exit 2), any other failure the machine's (exit 4).
func fileError(from string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return cmdutil.Usagef("%s: %w", from, err)
	}
	return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("%s: %w", from, err))
}
