package cli

import (
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// shells are the shells `funnels completion` writes scripts for.
func shells() []string { return []string{"bash", "zsh", "fish", "powershell"} }

func newCmdCompletion(_ *cmdutil.Factory) *cmdutil.Command {
	cmd := &cobra.Command{
		Use:   "completion SHELL",
		Short: "Print a completion script for bash, zsh, fish or powershell",
		Long: `Prints a script that completes every command and flag of funnels, the values of
flags that take one of a few (--type, --event-name, …), and ids from the API: funnels,
their steps and pages, each with its name, for the profile on the command line so far
(nothing is offered, at once, when it is not signed in). Profile names complete too.
Load the script from your shell's start-up file.`,
		Example: `source <(funnels completion bash)                                  # in ~/.bashrc
funnels completion zsh > "${fpath[1]}/_funnels"                    # then start a new zsh
funnels completion fish > ~/.config/fish/completions/funnels.fish
funnels completion powershell | Out-String | Invoke-Expression     # in $PROFILE`,
		ValidArgs: shells(),
		RunE: func(cmd *cobra.Command, args []string) error {
			root, out := cmd.Root(), cmd.OutOrStdout()
			switch args[0] {
			case "bash":
				return root.GenBashCompletionV2(out, true)
			case "zsh":
				return root.GenZshCompletion(out)
			case "fish":
				return root.GenFishCompletion(out, true)
			case "powershell":
				return root.GenPowerShellCompletionWithDesc(out)
			}
			return cmdutil.Usagef("SHELL must be %s (got %s)", cmdutil.OrList(shells()), cmdutil.QuoteInput(args[0]))
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "SHELL", Field: "shell"})
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionMore, SSH: cmdutil.NotOffered("a completion script is for the shell of the machine funnels runs on")}
}
