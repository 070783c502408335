package cmdutil

import (
	"slices"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/spf13/cobra"
)

// The words of a usage line and of an example, styled as fang styles them: the
// program, the command words after it, flags, quoted text, the rest dimmed or plain.

// program are the styles of a command line, in a code block or in a list.
type program struct {
	name, command, flag, argument, dimmed, quoted, comment lipgloss.Style
}

// usageWords are cmd's usage: with complete, its whole command line from the program
// on (USAGE); without, its own Use (a row of its parent's list of commands).
func usageWords(cmd *cobra.Command, st *program, complete bool) []word {
	u := cmd.Use
	if complete {
		u = cmd.UseLine()
	}
	hasArgs := strings.Contains(u, "[args]")
	hasFlags := strings.Contains(u, "[flags]") || strings.Contains(u, "[--flags]") || cmd.HasFlags() || cmd.HasPersistentFlags() || cmd.HasAvailableFlags()
	hasCommands := strings.Contains(u, "[command]") || cmd.HasAvailableSubCommands()
	for _, k := range []string{"[args]", "[flags]", "[--flags]", "[command]"} {
		u = strings.ReplaceAll(u, k, "")
	}
	// What is in brackets (its optional arguments and flags) is dimmed, after the
	// words.
	var others string
	if i, j := strings.Index(u, "["), strings.LastIndex(u, "]"); i >= 0 && j > i {
		u, others = u[:i]+u[j+1:], u[i:j+1]
	}
	var out []word
	for i, f := range strings.Fields(u) {
		style := &st.command
		if complete && i == 0 {
			style = &st.name
		}
		out = append(out, word{f, style})
	}
	if hasCommands {
		out = append(out, word{"[command]", &st.dimmed})
	}
	if hasArgs {
		out = append(out, word{"[args]", &st.dimmed})
	}
	out = append(out, wordsOf(others, &st.dimmed)...)
	if hasFlags {
		out = append(out, word{"[--flags]", &st.dimmed})
	}
	return out
}

// exampleLines are the lines of cmd's examples as words, and whether each goes on
// under the line before it (that line ended in "\" or "|").
func exampleLines(cmd *cobra.Command, st *program) (lines [][]word, goesOn []bool) {
	src := strings.Split(cmd.Example, "\n")
	on := false
	for i, line := range src {
		line = strings.TrimSpace(line)
		if line == "" && (i == 0 || i == len(src)-1) {
			continue
		}
		lines = append(lines, exampleWords(cmd.Root(), line, st))
		goesOn = append(goesOn, on)
		on = strings.HasSuffix(line, "\\") || strings.HasSuffix(line, "|")
	}
	return lines, goesOn
}

// exampleWords styles one line of an example: a comment whole; else the program
// (root's name), the commands that follow it, flags, quoted text, what a pipe or a
// redirection joins, and the arguments.
func exampleWords(root *cobra.Command, line string, st *program) []word {
	redirects := []string{">", "<", "&>", "2>", "1>", ">>", "2>>"}
	if strings.HasPrefix(line, "#") {
		return wordsOf(line, &st.comment)
	}
	var out []word
	var at *cobra.Command // the command the words so far name, nil before the program
	redirected := false
	for _, f := range shellWords(line) {
		style := &st.argument
		switch {
		case redirected:
			style, redirected = &st.dimmed, false
		case slices.Contains([]string{"|", "||", "&&", "&", ";", "\\"}, f):
			style, at = &st.dimmed, nil
		case slices.ContainsFunc(redirects, func(r string) bool { return strings.HasPrefix(f, r) }):
			style, redirected = &st.dimmed, slices.Contains(redirects, f)
		case f[0] == '\'' || f[0] == '"':
			style = &st.quoted
		case at == nil && f == root.Name():
			style, at = &st.name, root
		case len(f) > 1 && f[0] == '-':
			style = &st.flag
		case at != nil:
			if sub := childNamed(at, f); sub != nil {
				style, at = &st.command, sub
			}
		}
		out = append(out, word{f, style})
	}
	return out
}

// shellWords splits a command line at the spaces a shell splits it at: text in
// quotes, spaces and all, stays in its word, so a wrapped example never breaks a
// quoted argument in two.
func shellWords(line string) []string {
	var out []string
	var w strings.Builder
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == ' ' || r == '\t':
			if w.Len() > 0 {
				out = append(out, w.String())
				w.Reset()
			}
			continue
		}
		w.WriteRune(r)
	}
	if w.Len() > 0 {
		out = append(out, w.String())
	}
	return out
}

// childNamed is the command of cmd called name (or by an alias of it), or nil.
func childNamed(cmd *cobra.Command, name string) *cobra.Command {
	for _, c := range cmd.Commands() {
		if c.Name() == name || slices.Contains(c.Aliases, name) {
			return c
		}
	}
	return nil
}
