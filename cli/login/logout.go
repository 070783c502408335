package login

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

func newCmdLogout(f *cmdutil.Factory) *cmdutil.Command {
	cmd := &cobra.Command{
		Use:     "logout",
		Short:   "Delete a profile's stored token",
		Long:    "Deletes the stored token of a profile (and with it what login remembered) and the\nlocal index of its location, with the checks kept beside it.",
		Example: `funnels logout --profile sandbox`,
		RunE: func(*cobra.Command, []string) error {
			return logoutRun(f)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionAccount, Machine: cmdutil.SignIns | cmdutil.LocalFiles, SSH: cmdutil.NotOffered("it changes the sign-ins of the server")}
}

func logoutRun(f *cmdutil.Factory) error {
	cfg, store, err := f.ConfigAndStore()
	if err != nil {
		return err
	}
	name := cfg.Profile.Name
	cfg.FillSaved(store) // the location the sign-in remembers names its index
	indexPath := ""
	if dir, err := index.Dir(f.Getenv); err == nil {
		indexPath = index.PathFor(dir, name, cfg.Profile.BaseURL, cfg.Profile.LocationID)
	}
	err = store.Delete(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		f.Notice("Profile %q was not signed in; nothing to delete.", name)
	case err != nil:
		return fmt.Errorf("delete the token of %q: %w", name, err)
	default:
		f.Notice("Signed out of profile %q; deleted %s.", name, store.Path(name))
	}
	if indexPath != "" {
		if err := index.Open(indexPath, "").Clear(); err != nil {
			return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("remove the local index of %q: %w", name, err))
		}
		if err := linkcheck.RemoveSaved(indexPath); err != nil {
			return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("remove the checks of %q: %w", name, err))
		}
	}
	if cfg.TokenFrom == "FUNNELS_TOKEN" {
		f.Notice("Note: FUNNELS_TOKEN is still set in your environment and will still be used.")
	}
	return nil
}
