package cli

import (
	"fmt"

	mango "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// versionLine is what `funnels version` prints, and `funnels --version` through the
// root's version template (versionLine("{{.Version}}")).
func versionLine(version string) string { return "funnels " + version + "\n" }

func newCmdVersion(f *cmdutil.Factory) *cmdutil.Command {
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version (also funnels --version)",
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprint(f.IO.Out, versionLine(f.Version))
			return err
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionMore, SSH: cmdutil.Offered()}
}

func newCmdMan(f *cmdutil.Factory) *cmdutil.Command {
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
	cmd.Args = cmdutil.Positional(cmd)
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionMore, SSH: cmdutil.Offered()}
}
