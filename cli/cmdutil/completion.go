package cmdutil

import (
	"context"
	"fmt"
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

// ProfileNames are the profiles of the config file and of the token store, sorted.
func ProfileNames(getenv func(string) string, store *auth.Store) ([]string, error) {
	names, err := config.ProfileNames(getenv)
	if err != nil {
		return nil, AsUsage(err)
	}
	stored, err := store.Profiles()
	if err != nil {
		return nil, fmt.Errorf("token store: %w", err)
	}
	seen := make(map[string]bool, len(names)+len(stored))
	for _, n := range names {
		seen[n] = true
	}
	for _, s := range stored {
		if !seen[s] {
			seen[s] = true
			names = append(names, s)
		}
	}
	slices.Sort(names)
	return names, nil
}

// FixedValues completes a flag that takes one of values.
func FixedValues(values []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return WithPrefix(values, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// WithPrefix keeps the values that start with prefix.
func WithPrefix(values []string, prefix string) []cobra.Completion {
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
	transport, err := f.runTransport() // the authorities the run trusts, without its debug log
	if err != nil {
		return nil
	}
	hc := &http.Client{Timeout: completionTimeout, Transport: transport}
	ts, err := auth.Source(ctx, cfg, store, hc)
	if err != nil || cfg.Profile.LocationID == "" || config.CheckBaseURL(cfg.Profile.BaseURL) != nil {
		return nil
	}
	opts := ClientOptions(cfg, ts, hc, f.UserAgent())
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
	return cobra.CompletionWithDesc(id, Cut(name, MaxCell))
}

// CompleteFunnels completes a funnel id.
func CompleteFunnels(f *Factory) cobra.CompletionFunc {
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

// CompleteFunnelArg completes a FUNNEL_ID argument (the first, and only, one).
func CompleteFunnelArg(f *Factory) cobra.CompletionFunc {
	funnels := CompleteFunnels(f)
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

// CompleteStepsOfArg completes --step with the steps of the FUNNEL_ID argument.
func CompleteStepsOfArg(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) == 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return f.completeSteps(cmd, args[0], toComplete)
	}
}

// CompleteStepsOfFlag completes --step with the steps of the --funnel flag.
func CompleteStepsOfFlag(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		funnel, _ := cmd.Flags().GetString("funnel")
		if funnel == "" {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return f.completeSteps(cmd, funnel, toComplete)
	}
}

// CompletePageArg completes a PAGE_ID with the pages of every step of every funnel,
// each described by its funnel and step (the funnel list carries the page ids of
// each step, so one request or two cover the location).
func CompletePageArg(f *Factory) cobra.CompletionFunc {
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

// CompleteProfiles completes --profile: the profiles of the accounts catalogue (the
// config file's and those signed in), each described by its sign-in.
func CompleteProfiles(f *Factory) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		store, err := auth.DefaultStore(f.Getenv)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		profiles, _ := f.Catalogue(store, nil, f.Flags).Profiles()
		var out []cobra.Completion
		for _, p := range profiles {
			if strings.HasPrefix(p.Name, toComplete) {
				out = append(out, cobra.CompletionWithDesc(p.Name, profileWords(p)))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// CompleteAccounts completes an account's name, as `auth switch` and the browser's
// switcher take it: a profile, and after PROFILE/ the sub-accounts of that agency
// sign-in, described by their names (its listing kept from a run within the day,
// else one request).
func CompleteAccounts(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		profile, _, sub := strings.Cut(toComplete, "/")
		if !sub {
			return CompleteProfiles(f)(cmd, args, toComplete)
		}
		store, err := auth.DefaultStore(f.Getenv)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		cat := f.Catalogue(store, nil, f.Flags)
		if !cat.IsAgency(profile) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		ctx, cancel := context.WithTimeout(context.Background(), completionTimeout)
		defer cancel()
		subs, _ := cat.SubAccounts(ctx, profile, auth.KeptListingAge)
		var out []cobra.Completion
		for _, s := range subs {
			if name := auth.AccountName(profile, s.ID); strings.HasPrefix(name, toComplete) {
				out = append(out, cobra.CompletionWithDesc(name, termtext.Line(s.Name)))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// profileWords describes a profile's sign-in for a completion.
func profileWords(p auth.ProfileInfo) string {
	switch p.Kind {
	case "":
		return "in the config file, not signed in"
	case auth.ProfileAgency:
		return "signed in: an agency (PROFILE/LOCATION opens a sub-account)"
	case auth.ProfilePIT:
		return "signed in: a private integration token"
	}
	return "signed in"
}

// NoValues completes a flag whose value only the user knows: nothing, not even files.
func NoValues(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// CompleteDomains completes a host name with the domains the location's funnels and
// redirects are on.
func CompleteDomains(f *Factory) cobra.CompletionFunc {
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
		return WithPrefix(hosts, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// CompleteRedirectArg completes a redirect's ID argument, each described as "domain
// path → target".
func CompleteRedirectArg(f *Factory) cobra.CompletionFunc {
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
				out = append(out, cobra.CompletionWithDesc(r.ID, Cut(validate.DisplayHost(r.Domain)+" "+r.Path+" → "+r.Target, 2*MaxCell)))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
	}
}
