package cli

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/spf13/cobra"
)

func newCmdLogout(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:     "logout",
		Short:   "Delete a profile's stored token",
		Long:    "Deletes the stored token of a profile (and with it what login remembered).",
		Example: `funnels logout --profile sandbox`,
		RunE: func(*cobra.Command, []string) error {
			return logoutRun(f)
		},
	}
	cmd.Args = positional(cmd)
	return cmd
}

func logoutRun(f *Factory) error {
	cfg, store, err := f.configAndStore()
	if err != nil {
		return err
	}
	name := cfg.Profile.Name
	err = store.Delete(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		f.notice("Profile %q was not signed in; nothing to delete.", name)
	case err != nil:
		return fmt.Errorf("delete the token of %q: %w", name, err)
	default:
		f.notice("Signed out of profile %q; deleted %s.", name, store.Path(name))
	}
	if cfg.TokenFrom == "FUNNELS_TOKEN" {
		f.notice("Note: FUNNELS_TOKEN is still set in your environment and will still be used.")
	}
	return nil
}
