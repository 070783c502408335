package login

import (
	"slices"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// firstDefault makes the profile just signed in the default one when it is the first
// profile signed in and nothing names a default yet, so that plain `funnels` and
// every command use it without --profile; it says so. Anything in the way (another
// profile signed in, a default_profile in the config file) leaves all as it is.
func firstDefault(f *cmdutil.Factory, cfg *config.Config, store *auth.Store) {
	name := cfg.Profile.Name
	if cfg.ProfileFrom != "--profile" || name == config.DefaultProfile {
		return
	}
	if def, err := config.FileDefaultProfile(f.Getenv); err != nil || def != "" {
		return
	}
	names, err := store.Profiles()
	if err != nil || slices.ContainsFunc(names, func(n string) bool { return n != name }) {
		return
	}
	if _, err := config.SetDefaultProfile(f.Getenv, name); err != nil {
		f.Notice("Note: could not make %s the default profile (%s); use --profile %s.", name, termtext.Line(err.Error()), name)
		return
	}
	f.Notice("Profile %s is now the default — funnels auth switch NAME changes it.", name)
}
