package cmdutil

import (
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/client"
)

// Command is one command of funnels as every surface reads it, declared once beside
// its cobra definition by the noun package that owns it: the root puts it in the
// command tree, the read-only guard reads what it writes, the team server's guard
// whether a session may run it, the MCP server its tools, and a run across a set how
// it prints.
type Command struct {
	// Cobra is the command: its use, flags, help and run.
	Cobra *cobra.Command
	// Section is where `funnels --help` lists a command of the root (a verb's is not
	// read).
	Section Section

	// Writes is the family of routes the command writes; "" for a command that only
	// reads. In read-only mode, or for a person whose role only reads, a command that
	// writes ends before it asks, reads or sends anything.
	Writes client.Family
	// Plans marks a command that writes which, where it may not (read-only mode, a
	// person whose role only reads), shows its plan and sends nothing rather than
	// ending at once.
	Plans bool

	// Machine is what of this machine the command reads or changes beyond the
	// sub-account and its local index (the sign-ins, the config file, a server it
	// starts); Files are the flags and arguments whose values name its files.
	Machine Machine
	Files   []File

	// SSH is whether a session of the team server is offered the command, to whom, or
	// why not.
	SSH Offer
	// SessionRefuses are flags of the command a session may not give, each with why:
	// those that would have the server reach an address or a service the person names
	// (an address override, a webhook), which only the server's own settings may.
	SessionRefuses map[string]string

	// Tools are the command's MCP tools; none when it is not offered to an assistant.
	Tools []Tool

	// Set is how the command prints the records of one sub-account, and of a set the
	// same records each with its sub-account (nil: it does not run across a set).
	Set *SetOutput

	// Verbs are the commands of a noun with verbs (a group).
	Verbs []*Command
}

// Machine is what of the machine funnels runs on a command reads or changes.
type Machine uint8

const (
	// SignIns: the command shows or changes the sign-ins kept on the machine.
	SignIns Machine = 1 << iota
	// Settings: the command shows or changes the config file.
	Settings
	// Serves: the command starts a server on the machine (the team server, the
	// sandbox, MCP on standard input and output).
	Serves
	// LocalFiles: the command removes or writes files of its own on the machine
	// (local indexes, exports, a completion script or manual page for the machine).
	LocalFiles
)

// File is a flag or a positional argument whose value names a file or directory of
// the machine funnels runs on.
type File struct {
	// Flag is the flag's name; "" for the positional argument at Arg.
	Flag string
	Arg  int
	// Writes: the command writes there (else it reads).
	Writes bool
	// Names reports whether a value names a file (nil: any value but "" and "-",
	// standard input or output).
	Names func(value string) bool
	// Instead says how to do the same over ssh, where no file of the server is read
	// or written ("" when there is no way).
	Instead string
}

// names reports whether value names a file for f.
func (f File) names(value string) bool {
	if f.Names != nil {
		return f.Names(value)
	}
	return value != "" && value != "-"
}

// Group is a noun with verbs, listed under section in `funnels --help`: on its own
// it is a usage error naming the verbs. A session over ssh is offered it when it is
// offered one of its verbs; it runs none.
func Group(section Section, use, short string, verbs ...*Command) *Command {
	c := &Command{Cobra: groupCommand(use, short), Section: section, Verbs: verbs, SSH: NotOffered("none of its verbs is")}
	for _, v := range verbs {
		c.Cobra.AddCommand(v.Cobra)
		if v.SSH.Offered() && !c.SSH.Offered() {
			c.SSH = v.SSH
		}
	}
	return c
}

// NamesFile reports whether value, given to f's flag or argument, names a file of the
// machine.
func NamesFile(f File, value string) bool { return f.names(value) }
