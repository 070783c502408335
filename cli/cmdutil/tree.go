package cmdutil

import "github.com/spf13/cobra"

// Tree is the command line as the root assembled it: the root command and the
// record of every command under it, found again from the cobra command a parse ends
// on.
type Tree struct {
	Root    *Command
	records map[*cobra.Command]*Command
}

// NewTree is the tree under root: root and its verbs, their verbs, and so on.
func NewTree(root *Command) *Tree {
	t := &Tree{Root: root, records: map[*cobra.Command]*Command{}}
	var add func(c *Command)
	add = func(c *Command) {
		t.records[c.Cobra] = c
		for _, v := range c.Verbs {
			add(v)
		}
	}
	add(root)
	return t
}

// Record is the record of cmd; nil for a command that has none (cobra's own
// __complete).
func (t *Tree) Record(cmd *cobra.Command) *Command { return t.records[cmd] }

// Records are every command of the tree, the root first, each before its verbs.
func (t *Tree) Records() []*Command {
	var out []*Command
	var walk func(c *Command)
	walk = func(c *Command) {
		out = append(out, c)
		for _, v := range c.Verbs {
			walk(v)
		}
	}
	walk(t.Root)
	return out
}
