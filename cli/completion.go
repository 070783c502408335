package cli

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// shells are the shells `funnels completion` writes scripts for.
func shells() []string { return []string{"bash", "zsh", "fish", "powershell"} }

func newCmdCompletion(_ *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "completion SHELL",
		Short: "Print a completion script for bash, zsh, fish or powershell",
		Long: `Prints a script that completes every command and flag of funnels, the values of
flags that take one of a few (--type, --event-name, …), and ids from the API: funnels,
their steps and pages, each with its name, for the profile on the command line so far
(nothing is offered, at once, when it is not signed in). Profile names complete too.
Load the script from your shell's start-up file.`,
		Example: `source <(funnels completion bash)                                  # in ~/.bashrc
funnels completion zsh > "${fpath[1]}/_funnels"                    # then start a new zsh
funnels completion fish > ~/.config/fish/completions/funnels.fish
funnels completion powershell | Out-String | Invoke-Expression     # in $PROFILE`,
		ValidArgs: shells(),
		RunE: func(cmd *cobra.Command, args []string) error {
			root, out := cmd.Root(), cmd.OutOrStdout()
			switch args[0] {
			case "bash":
				return root.GenBashCompletionV2(out, true)
			case "zsh":
				return root.GenZshCompletion(out)
			case "fish":
				return root.GenFishCompletion(out, true)
			case "powershell":
				return root.GenPowerShellCompletionWithDesc(out)
			}
			return usagef("SHELL must be %s (got %s)", orList(shells()), quoteInput(args[0]))
		},
	}
	cmd.Args = positional(cmd, arg{"SHELL", "shell"})
	return cmd
}

// fixedValues completes a flag that takes one of values.
func fixedValues(values []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(values, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// withPrefix keeps the values that start with prefix.
func withPrefix(values []string, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, v := range values {
		if strings.HasPrefix(v, prefix) {
			out = append(out, v)
		}
	}
	return out
}

// completionTimeout bounds the requests of one completion: a shell waits for them.
const completionTimeout = 4 * time.Second

// completionClient is the API client of the profile on the command line so far, for
// completing ids: quiet (no warnings, no debug log, no retries) and nil at once when
// the profile is not signed in or names no location.
func (f *Factory) completionClient(ctx context.Context) *client.Client {
	store, err := auth.DefaultStore(f.Getenv)
	if err != nil {
		return nil
	}
	cfg, err := config.LoadSignedIn(f.Getenv, f.Flags, store)
	if err != nil {
		return nil
	}
	ts, err := auth.Source(ctx, cfg, store, &http.Client{Timeout: completionTimeout})
	if err != nil || cfg.Profile.LocationID == "" || config.CheckBaseURL(cfg.Profile.BaseURL) != nil {
		return nil
	}
	opts := clientOptions(cfg, ts, nil, f.UserAgent())
	opts.MaxRetries, opts.Timeout, opts.MaxRetryWait = -1, completionTimeout, time.Second
	opts.MaxListItems, opts.MaxListRequests = 0, 0 // completion keeps the client's own bounds, whatever [limits] says
	c, err := client.New(opts)
	if err != nil {
		return nil
	}
	return c
}

// completionFunnels are the location's funnels, or nil when they cannot be had.
func (f *Factory) completionFunnels(cmd *cobra.Command) []client.Funnel {
	ctx, cancel := context.WithTimeout(cmd.Context(), completionTimeout)
	defer cancel()
	c := f.completionClient(ctx)
	if c == nil {
		return nil
	}
	funnels, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 100)
	if err != nil {
		return nil
	}
	return funnels
}

// described is an id to offer, with a name the shell may show beside it.
func described(id, name string) cobra.Completion {
	return cobra.CompletionWithDesc(id, cut(name, maxCell))
}

// completeFunnels completes a funnel id.
func completeFunnels(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var out []cobra.Completion
		for _, fu := range f.completionFunnels(cmd) {
			if strings.HasPrefix(fu.ID, toComplete) {
				out = append(out, described(fu.ID, fu.Name))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeFunnelArg completes a FUNNEL_ID argument (the first, and only, one).
func completeFunnelArg(f *Factory) cobra.CompletionFunc {
	funnels := completeFunnels(f)
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return funnels(cmd, args, toComplete)
	}
}

// completeSteps completes the id of a step of the funnel funnelID.
func (f *Factory) completeSteps(cmd *cobra.Command, funnelID, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, fu := range f.completionFunnels(cmd) {
		if fu.ID != funnelID {
			continue
		}
		slices.SortStableFunc(fu.Steps, func(a, b client.Step) int { return a.Sequence - b.Sequence })
		for _, s := range fu.Steps {
			if strings.HasPrefix(s.ID, toComplete) {
				out = append(out, described(s.ID, s.Name))
			}
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}

// completeStepsOfArg completes --step with the steps of the FUNNEL_ID argument.
func completeStepsOfArg(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) == 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return f.completeSteps(cmd, args[0], toComplete)
	}
}

// completeStepsOfFlag completes --step with the steps of the --funnel flag.
func completeStepsOfFlag(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		funnel, _ := cmd.Flags().GetString("funnel")
		if funnel == "" {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return f.completeSteps(cmd, funnel, toComplete)
	}
}

// completePageArg completes a PAGE_ID with the pages of every step of every funnel,
// each described by its funnel and step (the funnel list carries the page ids of
// each step, so one request or two cover the location).
func completePageArg(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, fu := range f.completionFunnels(cmd) {
			for _, s := range fu.Steps {
				for _, p := range s.Pages {
					if strings.HasPrefix(p, toComplete) {
						out = append(out, described(p, termtext.Line(fu.Name)+" › "+termtext.Line(s.Name)))
					}
				}
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeProfiles completes --profile: the config file's profiles and those with a
// stored token.
func completeProfiles(f *Factory) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		store, err := auth.DefaultStore(f.Getenv)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		stored, _ := store.Profiles()
		names, err := profileNames(f.Getenv, store)
		if err != nil {
			names = stored
		}
		var out []cobra.Completion
		for _, n := range names {
			if !strings.HasPrefix(n, toComplete) {
				continue
			}
			desc := "in the config file, not signed in"
			if slices.Contains(stored, n) {
				desc = "signed in"
			}
			out = append(out, cobra.CompletionWithDesc(n, desc))
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// noValues completes a flag whose value only the user knows: nothing, not even files.
func noValues(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// completeDomains completes a host name with the domains the location's funnels and
// redirects are on.
func completeDomains(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		ctx, cancel := context.WithTimeout(cmd.Context(), completionTimeout)
		defer cancel()
		c := f.completionClient(ctx)
		if c == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		seen := map[string]bool{}
		var hosts []string
		add := func(h string) {
			if h != "" && !seen[h] {
				seen[h] = true
				hosts = append(hosts, h)
			}
		}
		if funnels, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 100); err == nil {
			for _, fu := range funnels {
				add(fu.DomainName)
			}
		}
		if redirects, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{}); err == nil {
			for _, r := range redirects {
				add(r.Domain)
			}
		}
		slices.Sort(hosts)
		return withPrefix(hosts, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeRedirectArg completes a redirect's ID argument, each described as "domain
// path → target".
func completeRedirectArg(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		ctx, cancel := context.WithTimeout(cmd.Context(), completionTimeout)
		defer cancel()
		c := f.completionClient(ctx)
		if c == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		redirects, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, r := range redirects {
			if strings.HasPrefix(r.ID, toComplete) {
				// Wider than a name: where it goes is the part that tells redirects apart.
				out = append(out, cobra.CompletionWithDesc(r.ID, cut(validate.DisplayHost(r.Domain)+" "+r.Path+" → "+r.Target, 2*maxCell)))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
	}
}
