package cli

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/mcp"
)

// testFactory is a factory of a run with nothing set.
func testFactory() *cmdutil.Factory {
	ios, _, _ := cmdutil.TestStreams("")
	return cmdutil.NewFactory(ios, func(string) string { return "" }, "test")
}

// TestNounsAreCalledByTheirNames: each noun builds the commands its names call, no
// name is two nouns', and the nouns with help are every command of the root.
func TestNounsAreCalledByTheirNames(t *testing.T) {
	f := testFactory()
	var all []string
	for _, n := range nouns(mcp.Surface{}) {
		var built []string
		for _, c := range n.build(f) {
			built = append(built, c.Cobra.Name())
			built = append(built, c.Cobra.Aliases...)
		}
		if !slices.Equal(slices.Sorted(slices.Values(built)), slices.Sorted(slices.Values(n.names))) {
			t.Errorf("a noun called %v builds %v", n.names, built)
		}
		for _, name := range n.names {
			if slices.Contains(all, name) {
				t.Errorf("%s is the name of two nouns", name)
			}
		}
		all = append(all, n.names...)
	}
	var root []string
	for _, c := range NewTree(f).Root.Cobra.Commands() {
		root = append(root, c.Name())
	}
	if want := append(all, "help"); !slices.Equal(slices.Sorted(slices.Values(root)), slices.Sorted(slices.Values(want))) {
		t.Errorf("the root holds %v; the nouns and help are %v", root, want)
	}
}

// TestARunBuildsWhatItRuns: for every command of the tree, written with the root's
// flags before and after it (their values, =values, one dash), the tree a run
// builds finds the command the whole tree finds, and holds its record.
func TestARunBuildsWhatItRuns(t *testing.T) {
	whole := NewTree(testFactory())
	cmdutil.Visit(whole.Root.Cobra, func(c *cobra.Command) {
		if c == whole.Root.Cobra {
			return
		}
		path := strings.Fields(c.CommandPath())[1:]
		for _, args := range [][]string{
			path,
			append([]string{"--profile", "steps", "--debug"}, path...),
			append([]string{"--location=x", "-profile", "p"}, append(path, "--readonly", "--help")...),
			append(slices.Clone(path), "--profile", "folders"),
		} {
			tree := treeFor(testFactory(), args)
			got, _, err := tree.Root.Cobra.Find(cmdutil.LongFlagsWithOneDash(tree.Root.Cobra, args)) // as Execute reads them
			if err != nil || got.CommandPath() != c.CommandPath() || tree.Record(got) == nil {
				t.Errorf("%q: the run's tree finds %v (%v), want %s with its record", args, got.CommandPath(), err, c.CommandPath())
			}
			if n := len(tree.Root.Cobra.Commands()); n > 6 && !slices.Contains([]string{"completion", "man", "help"}, path[0]) {
				t.Errorf("%q: the run's tree holds %d commands under the root, not only its noun", args, n)
			}
		}
	})
}

// TestNounsForRuns: a run that names no command builds the root alone (the browser,
// --version); help, completion, the manual, an unknown word, a flag the root does not
// know and "--" build every noun.
func TestNounsForRuns(t *testing.T) {
	f := testFactory()
	all := len(NewTree(f).Root.Cobra.Commands())
	for _, args := range [][]string{{}, {"--version"}, {"-v"}, {"--demo"}, {"--profile", "steps"}, {"--readonly", "--surface=public"}} {
		if n := len(treeFor(testFactory(), args).Root.Cobra.Commands()); n != 1 {
			t.Errorf("%q: %d commands under the root, want help alone", args, n)
		}
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"--profile", "p", "-help"}, {"help", "steps"}, {"__complete", "st"}, {"__completeNoDesc", ""},
		{"completion", "bash"}, {"man"}, {"nosuch"}, {"--nosuch", "steps"}, {"-x", "steps"}, {"--", "steps"}} {
		if n := len(treeFor(testFactory(), args).Root.Cobra.Commands()); n != all {
			t.Errorf("%q: %d commands under the root, want all %d", args, n, all)
		}
	}
}
