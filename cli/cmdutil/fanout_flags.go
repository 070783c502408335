package cmdutil

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/config"
)

// SetOptions are the flags that name a set of sub-accounts for one command to run
// across: --profiles, --all-profiles, --all-sub-accounts, --group and --concurrency
// (a comma list in the global --location is the fifth way; see resolveSet).
type SetOptions struct {
	Profiles       []string
	AllProfiles    bool
	AllSubAccounts bool
	Group          string
	Concurrency    int
	MemberTimeout  time.Duration // 0: defaultMemberTimeout
	// savedListAge lets the set be named from an agency's kept list of sub-accounts
	// this young instead of a listing (0: always list); commands that read only local
	// files set it.
	SavedListAge time.Duration
}

// defaultConcurrency is how many sub-accounts a set runs side by side when neither
// --concurrency nor [fanout] concurrency says.
const defaultConcurrency = 8

// setHelp ends the help of every command that runs across a set.
const setHelp = `

Across many sub-accounts: --location a,b, --all-sub-accounts, --profiles p,q,
--all-profiles or --group NAME ([groups] in the config file) run it for each,
side by side (--concurrency, [fanout] concurrency, default 8), the sub-account
first on each row and in --json (location, locationName). A sub-account that
fails is listed with its reason and status and the others go on: exit 1 (3 when
every one failed for a sign-in reason); one the service answers nothing for a
minute (--member-timeout) is given up.`

// AddSetFlags gives cmd the flags that name a set, with their completions, and a
// paragraph of its help that says what they do.
func AddSetFlags(f *Factory, cmd *cobra.Command, o *SetOptions) {
	cmd.Long += setHelp
	fl := cmd.Flags()
	fl.StringSliceVar(&o.Profiles, "profiles", nil, "run across these signed-in profiles, each at its own location (p,q)")
	fl.BoolVar(&o.AllProfiles, "all-profiles", false, "run across every signed-in profile")
	fl.BoolVar(&o.AllSubAccounts, "all-sub-accounts", false, "run across every sub-account the agency sign-in reaches")
	fl.StringVar(&o.Group, "group", "", "run across a group of sub-accounts named in [groups] of the config file")
	fl.IntVar(&o.Concurrency, "concurrency", 0, "with a set: how many sub-accounts at once (default [fanout] concurrency, else 8)")
	fl.DurationVar(&o.MemberTimeout, "member-timeout", 0, "with a set: give a sub-account up once nothing of it was answered for this long (default 1m0s)")
	_ = cmd.RegisterFlagCompletionFunc("profiles", commaCompletion(func() []string { return f.signedInProfiles() }))
	_ = cmd.RegisterFlagCompletionFunc("group", func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return WithPrefix(f.groupNames(), toComplete), cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("concurrency", NoValues)
	_ = cmd.RegisterFlagCompletionFunc("member-timeout", NoValues)
}

// Given reports whether the command line names a set rather than one sub-account.
func (o *SetOptions) Given(f *Factory) bool {
	return len(o.Profiles) > 0 || o.AllProfiles || o.AllSubAccounts || o.Group != "" || strings.Contains(f.Flags.Location, ",")
}

// commaCompletion completes the last entry of a comma list from values.
func commaCompletion(values func() []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		i := strings.LastIndex(toComplete, ",")
		taken := strings.Split(toComplete[:max(i, 0)], ",")
		var out []cobra.Completion
		for _, v := range WithPrefix(values(), toComplete[i+1:]) {
			if !slices.Contains(taken, v) {
				out = append(out, toComplete[:i+1]+v)
			}
		}
		return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
	}
}

// signedInProfiles are the names of the profiles with a saved sign-in (nil when the
// store cannot be read): what --profiles completes.
func (f *Factory) signedInProfiles() []string {
	store, err := auth.DefaultStore(f.Getenv)
	if err != nil {
		return nil
	}
	names, _ := store.Profiles()
	return names
}

// groupNames are the groups of the config file, sorted (nil when it cannot be read).
func (f *Factory) groupNames() []string {
	cfg, err := config.Load(f.Getenv, config.Flags{})
	if err != nil {
		return nil
	}
	var out []string
	for name := range cfg.Groups {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// CompleteLocations completes --location, a comma list: the sub-accounts of the
// profile on the command line when it is an agency sign-in (its listing kept from a
// run within the day, else one request), else the locations the signed-in profiles
// open.
func CompleteLocations(f *Factory) cobra.CompletionFunc {
	return commaCompletion(func() []string {
		store, err := auth.DefaultStore(f.Getenv)
		if err != nil {
			return nil
		}
		cat := f.Catalogue(store, nil, f.Flags)
		flags := f.Flags
		flags.Location = ""
		if cfg, err := config.LoadSignedIn(f.Getenv, flags, store); err == nil && !cfg.TokenOnly() && cat.IsAgency(cfg.Profile.Name) {
			ctx, cancel := context.WithTimeout(context.Background(), completionTimeout)
			defer cancel()
			if subs, err := cat.SubAccounts(ctx, cfg.Profile.Name, auth.KeptListingAge); err == nil {
				ids := make([]string, len(subs))
				for i, s := range subs {
					ids[i] = s.ID
				}
				return ids
			}
		}
		profiles, _ := cat.Profiles()
		var ids []string
		for _, p := range profiles {
			if p.LocationID != "" && !slices.Contains(ids, p.LocationID) {
				ids = append(ids, p.LocationID)
			}
		}
		return ids
	})
}
