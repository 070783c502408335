package cmdutil

import (
	"cmp"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
)

// GuardWrites makes cmd, a command that writes, end at once in read-only mode
// (--readonly, FUNNELS_READONLY, readonly = true in the config): before it asks a
// question, reads anything or sends anything. Its client would refuse the write all
// the same (client.Options.ReadOnly); this says so before any of the rest. The error
// is client.ErrReadOnly: exit 2.
func GuardWrites(f *Factory, cmd *cobra.Command) *cobra.Command {
	run := cmd.RunE
	cmd.RunE = func(c *cobra.Command, args []string) error {
		// A configuration that cannot be read is the run's to report, with its warnings.
		if cfg, err := config.Load(f.Getenv, f.Flags); err == nil && cfg.ReadOnly {
			return client.ErrReadOnly
		}
		if f.Gate != nil {
			if err := f.Gate.RefuseWrites(cmp.Or(f.Flags.Location, f.Getenv("FUNNELS_LOCATION_ID"))); err != nil {
				return WithExitCode(ExitUsage, err) // in the gate's words: the role, not a setting
			}
		}
		return run(c, args)
	}
	return cmd
}
