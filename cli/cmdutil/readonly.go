package cmdutil

import (
	"cmp"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
)

// refuseWrites ends a command that writes at once in read-only mode (--readonly,
// FUNNELS_READONLY, readonly = true in the config), or in a session of the team
// server whose person may only read the sub-account: before it asks a question,
// reads anything or sends anything. Its client would refuse the write all the same
// (client.Options.ReadOnly); this says so before any of the rest. The error is
// client.ErrReadOnly: exit 2.
func refuseWrites(f *Factory) error {
	// A configuration that cannot be read is the run's to report, with its warnings.
	if cfg, err := config.Load(f.Getenv, f.Flags); err == nil && cfg.ReadOnly {
		return client.ErrReadOnly
	}
	if f.Gate != nil {
		if err := f.Gate.RefuseWrites(f.runLocation()); err != nil {
			return WithExitCode(ExitCode(err), err) // in the gate's words: the role or the grant, not a setting
		}
	}
	return nil
}

// RefusedWrite is the refusal of a write a read-only client would not send, on the
// sub-account location: for a person of the team server who may only read there,
// their role (in the gate's words); else read-only mode (client.ErrReadOnly). Both
// exit 2.
func (f *Factory) RefusedWrite(location string) error {
	if f.Gate != nil {
		if err := f.Gate.RefuseWrites(location); err != nil {
			return WithExitCode(ExitCode(err), err)
		}
	}
	return client.ErrReadOnly
}

// PlanOnlyNote is what a command that plans says where it may not write: why, and
// that the plan is all there is.
func (f *Factory) PlanOnlyNote(location string) string {
	// Compared by identity, not errors.Is: a role's refusal is ErrReadOnly too, and
	// it is the one that says more than read-only mode.
	if err := f.RefusedWrite(location); err != client.ErrReadOnly {
		return ErrorLine(err) + "; this is the plan only."
	}
	return "Read-only mode is on: this is the plan only, nothing can be sent."
}

// runLocation is the sub-account a run names (--location, else the environment's,
// which a session of the team server sets to the person's first).
func (f *Factory) runLocation() string {
	return cmp.Or(f.Flags.Location, f.Getenv("FUNNELS_LOCATION_ID"))
}

// CheckRun is what every run checks once the command line is parsed, before the
// command: the limits of its flags and arguments, then, for a command that writes,
// read-only mode and the person's role (refuseWrites).
func (t *Tree) CheckRun(f *Factory, cmd *cobra.Command, args []string) error {
	if err := checkLimits(cmd, args); err != nil {
		return err
	}
	if rec := t.Record(cmd); rec != nil && rec.Writes != "" && !rec.Plans {
		return refuseWrites(f)
	}
	return nil
}
