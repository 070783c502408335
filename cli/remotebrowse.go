package cli

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/ui"
)

// gatedSwitcher lists only the sub-accounts the gate allows, and opens no other.
type gatedSwitcher struct {
	ui.Switcher
	gate cmdutil.Gate
}

func (g gatedSwitcher) List(ctx context.Context) ([]ui.Account, error) {
	all, err := g.Switcher.List(ctx)
	out := all[:0:0]
	for _, a := range all {
		if a.Location != "" && g.gate.Allows(a.Location) {
			out = append(out, a)
		}
	}
	return out, err
}

// errNotGranted is the switcher's refusal of an account outside the person's grants.
var errNotGranted = errors.New("this sub-account was not granted to you on this server")

func (g gatedSwitcher) Open(ctx context.Context, name string) (ui.Opened, error) {
	accounts, _ := g.List(ctx)
	for _, a := range accounts {
		if a.Name == name {
			return g.Switcher.Open(ctx, name)
		}
	}
	return ui.Opened{}, errNotGranted
}

// BrowseRemote opens the browser of the run's profile on a terminal that is not this
// process's — an ssh session of the team server — and returns the exit code, the
// failure reported on f's streams as Run reports one. progOpts carry the session's
// input, output and size; remote its window changes and how many sessions share the
// sub-account. With a Gate on f the switcher offers only what the gate allows.
func BrowseRemote(ctx context.Context, f *cmdutil.Factory, progOpts []tea.ProgramOption, remote *ui.Remote) int {
	err := browseRemote(ctx, f, progOpts, remote)
	if err != nil {
		f.ReportError(err)
	}
	return cmdutil.ExitCode(err)
}

func browseRemote(ctx context.Context, f *cmdutil.Factory, progOpts []tea.ProgramOption, remote *ui.Remote) error {
	if err := browseReady(f); err != nil {
		return err
	}
	uiOpts, closeAll, err := browseProfile(ctx, f)
	if err != nil {
		return err
	}
	defer closeAll()
	if f.Gate != nil && uiOpts.Switcher != nil {
		uiOpts.Switcher = gatedSwitcher{Switcher: uiOpts.Switcher, gate: f.Gate}
	}
	uiOpts.ProgramOptions = append(uiOpts.ProgramOptions, progOpts...)
	uiOpts.Remote = remote
	uiOpts.NoBrowserReason = "the browser runs on the team server, not on this machine"
	err = ui.Run(ctx, uiOpts)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil:
		return nil // the session ended: nothing to report to a terminal that is gone
	}
	return fmt.Errorf("the browser stopped: %w", err)
}
