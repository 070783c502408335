package cmdutil

// Tool is an MCP tool that runs its command with the whole --json asked for. Its
// arguments are the command's own: each positional argument and each flag, named in
// snake_case, typed as the flag is (string, boolean, integer, number, a list of
// strings), with the flag's help and bounds; a command that runs across a set also
// takes location (ids separated by commas), all_sub_accounts and group, kept to the
// server's own sign-in. ToolArgs lists them.
type Tool struct {
	Name        string
	Description string

	// Fixed are flags the tool always passes ("--dry-run" for a plan, "--yes" for an
	// apply the assistant confirmed).
	Fixed []string
	// Defaults are the values of arguments the assistant leaves out, where the tool's
	// differ from the flag's (dry-run: "true", so an apply plans unless told not to).
	Defaults map[string]string
	// Leave are the flags the tool does not take, each with why.
	Leave map[string]string
	// Stdin names the argument whose text the command reads on standard input; the
	// positional argument that names the file to read is then "-".
	Stdin     string
	StdinHelp string

	// Plans marks the tool of a command that writes which only plans (its Fixed
	// flags say --dry-run): it is listed without --allow-writes.
	Plans bool
}
