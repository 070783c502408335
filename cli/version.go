package cli

import (
	"fmt"
	"runtime/debug"

	mango "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
)

// buildVersion is the version funnels reports: the one the build was stamped with
// (make build: -X main.version=…), else the module version Go recorded (a tagged
// `go install …@vX` reports vX; a build in a clone, Go's pseudo-version with the
// commit), else the commit alone.
func buildVersion(stamped string) string {
	info, _ := debug.ReadBuildInfo()
	return versionOf(stamped, info)
}

// versionOf is buildVersion for a given build record (nil: none).
func versionOf(stamped string, info *debug.BuildInfo) string {
	if stamped != "" {
		return stamped
	}
	if info == nil {
		return "dev"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return "dev"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified == "true" {
		rev += "-dirty"
	}
	return "dev-" + rev
}

func newCmdVersion(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version (also funnels --version)",
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintf(f.IO.Out, "funnels %s\n", f.Version)
			return err
		},
	}
	cmd.Args = positional(cmd)
	return cmd
}

func newCmdMan(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "man",
		Short: "Print the manual page (roff), for man(1)",
		Long:  "Prints the manual page of funnels and every command, in roff, from the same text as --help.",
		Example: `funnels man > funnels.1 && man ./funnels.1
funnels man | sudo tee /usr/local/share/man/man1/funnels.1 >/dev/null`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			page, err := mango.NewManPage(1, cmd.Root())
			if err != nil {
				return fmt.Errorf("make the manual page: %w", err)
			}
			_, err = fmt.Fprint(f.IO.Out, page.Build(roff.NewDocument()))
			return err
		},
	}
	cmd.Args = positional(cmd)
	return cmd
}
