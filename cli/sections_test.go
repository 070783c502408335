package cli

import (
	"slices"
	"testing"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/team"
)

// TestEveryCommandOfTheRootHasASection: each command of the root (and the people's
// commands a session of the team server adds there) declares one of the sections
// `funnels --help` lists, and each section lists some command.
func TestEveryCommandOfTheRootHasASection(t *testing.T) {
	f := testFactory()
	tree := NewTree(f)
	atRoot := append(slices.Clone(tree.Root.Verbs), team.NewCmdServeUser(f))
	used := map[cmdutil.Section]bool{}
	for _, c := range atRoot {
		if !slices.Contains(cmdutil.Sections(), c.Section) || c.Section.Title() == "" {
			t.Errorf("%s declares the section %q: want one of %v", c.Cobra.Name(), c.Section, cmdutil.Sections())
		}
		used[c.Section] = true
	}
	for _, s := range cmdutil.Sections() {
		if !used[s] {
			t.Errorf("no command is listed under %q", s.Title())
		}
	}
}
