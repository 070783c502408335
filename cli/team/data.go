package team

import (
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// AddDataFlag is --data DIR, which every serve and audit command takes.
func AddDataFlag(cmd *cobra.Command, dir *string) {
	cmd.Flags().StringVar(dir, "data", "", "the server's data directory: host key, people, audit log (required)")
	_ = cmd.MarkFlagDirname("data")
}

// NeedData refuses a run without --data.
func NeedData(dir string) error {
	if dir == "" {
		return cmdutil.SyntaxError("--data DIR is required: the server's data directory (host key, people, audit log)")
	}
	return nil
}
