package e2e

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/config"
)

// TestReadmeShowsTheConfigExample keeps README.md's config example the one the
// config package's tests load.
func TestReadmeShowsTheConfigExample(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), config.Example) {
		t.Error("README.md does not contain config.Example verbatim; paste it again")
	}
	for _, cmd := range []string{"make demo", "make test"} {
		if !strings.Contains(string(readme), cmd) {
			t.Errorf("README.md does not give %q", cmd)
		}
	}
}

// TestReadmeAgreesWithTheCommands: every command is in README.md; every command line
// README.md shows in a shell block names a command that exists, with flags it has;
// the exit codes it lists are the program's; no line installs from a module path
// that is not published.
func TestReadmeAgreesWithTheCommands(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	for _, cmd := range allCommands() {
		if !strings.Contains(readme, cmd.CommandPath()) {
			t.Errorf("README.md does not mention %q", cmd.CommandPath())
		}
	}

	ios, _, _ := cmdutil.TestStreams("")
	root := cli.NewCmdRoot(cmdutil.NewFactory(ios, func(string) string { return "" }, "test"))
	root.InitDefaultVersionFlag()
	inShell := false
	for _, line := range strings.Split(readme, "\n") {
		switch {
		case strings.HasPrefix(line, "```sh"), strings.HasPrefix(line, "```console"):
			inShell = true
			continue
		case strings.HasPrefix(line, "```"):
			inShell = false
			continue
		}
		if !inShell {
			continue
		}
		code, _, _ := strings.Cut(line, "#")
		for _, part := range strings.Split(code, "|") {
			fields := strings.Fields(strings.TrimPrefix(strings.TrimSpace(part), "$ "))
			if len(fields) == 0 || fields[0] != "funnels" {
				continue
			}
			cmd, _, err := root.Find(fields[1:])
			if err != nil {
				t.Errorf("README.md: %q: %v", strings.TrimSpace(part), err)
				continue
			}
			cmd.InheritedFlags()
			for _, f := range fields[1:] {
				name, ok := strings.CutPrefix(strings.Trim(f, "[]"), "--")
				name, _, _ = strings.Cut(name, "=")
				if ok && name != "" && cmd.Flags().Lookup(name) == nil {
					t.Errorf("README.md: %q: %s has no --%s", strings.TrimSpace(part), cmd.CommandPath(), name)
				}
			}
		}
	}

	for code, words := range map[int]string{cmdutil.ExitOK: "done", cmdutil.ExitAPI: "the API refused", cmdutil.ExitUsage: "bad usage or input",
		cmdutil.ExitAuth: "not signed in", cmdutil.ExitLocal: "a local failure"} {
		if !strings.Contains(readme, fmt.Sprintf("| `%d` | %s", code, words)) {
			t.Errorf("README.md's exit codes lack %d (%s)", code, words)
		}
	}
	if strings.Contains(readme, "@latest") {
		t.Error("README.md installs with @latest, which cannot work before the module path is published")
	}
}

// TestReadmeContentsListsEverySection: the table of contents links every section
// after it, in the README's order, by the anchor GitHub gives its heading.
func TestReadmeContentsListsEverySection(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	var linked []string
	contentsLink := regexp.MustCompile(`\]\(#([^)]+)\)`)
	for _, m := range contentsLink.FindAllStringSubmatch(readmeSection(readme, "## Contents"), -1) {
		linked = append(linked, m[1])
	}
	var sections []string
	inCode, afterContents := false, false
	for _, line := range strings.Split(readme, "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
		}
		heading, ok := strings.CutPrefix(line, "## ")
		if inCode || !ok {
			continue
		}
		if afterContents {
			sections = append(sections, headingAnchor(heading))
		}
		afterContents = afterContents || heading == "Contents"
	}
	if len(sections) == 0 || strings.Join(linked, " ") != strings.Join(sections, " ") {
		t.Errorf("README.md's Contents links\n  %s\nbut its sections after it are\n  %s", strings.Join(linked, " "), strings.Join(sections, " "))
	}
}

// headingAnchor is the anchor GitHub gives a heading: lower case, spaces as hyphens,
// punctuation other than hyphens and underscores dropped.
func headingAnchor(heading string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ':
			return '-'
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			return unicode.ToLower(r)
		}
		return -1
	}, heading)
}
