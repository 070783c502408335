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

// dataDirFile is --data DIR: over ssh the server's own data directory is used, and
// the flag is refused.
func dataDirFile() cmdutil.File {
	return cmdutil.File{Flag: "data", Writes: true, Instead: "leave --data out: a session works on the server's own data directory"}
}
