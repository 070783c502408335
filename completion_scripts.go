package main

import (
	"fmt"
	"io"
	"strings"
)

// The three writers below turn the completion tree into a script. Each script finds
// the command path typed so far the same way: it walks the words before the cursor
// and extends the path whenever "path word" is a known path, so flag values and
// arguments in between are skipped. Then it offers, for that path, the values of the
// flag just typed, or flags after a -, or subcommands and argument values.

// shQuote quotes s for bash, zsh and fish alike ('…' with ' written as '\” , which
// fish also reads); only the table's own words and summaries pass through here.
func shQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// fishQuote quotes s for fish, whose single quotes take \' and \\ inside.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

func pathPatterns(nodes []compNode, quote func(string) string) string {
	var pats []string
	for _, n := range nodes {
		if n.path != "" {
			pats = append(pats, quote(n.path))
		}
	}
	return strings.Join(pats, "|")
}

// flagNames lists --name for every flag of n.
func flagNames(n compNode) []string {
	out := make([]string, len(n.flags))
	for i, f := range n.flags {
		out[i] = "--" + f.name
	}
	return out
}

// positionalWords are the subcommands of n and the values its arguments take.
func positionalWords(n compNode) []string {
	var out []string
	for _, w := range n.words {
		out = append(out, w.name)
	}
	for _, a := range n.args {
		if a.values != nil {
			out = append(out, a.values()...)
		}
	}
	return out
}

func writeBashCompletion(w io.Writer, nodes []compNode) error {
	var b strings.Builder
	b.WriteString(`# bash completion for funnels; load it with: source <(funnels completion bash)
_funnels() {
    local cur prev cmd w i
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    cmd=
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        case "${cmd:+$cmd }$w" in
`)
	fmt.Fprintf(&b, "            %s) cmd=\"${cmd:+$cmd }$w\" ;;\n", pathPatterns(nodes, shQuote))
	b.WriteString("        esac\n    done\n    COMPREPLY=()\n    case \"$cmd\" in\n")
	for _, n := range nodes {
		fmt.Fprintf(&b, "    %s)\n        case \"$prev\" in\n", shQuote(n.path))
		var free []string
		for _, f := range n.flags {
			switch {
			case f.meta == "":
			case f.values != nil:
				fmt.Fprintf(&b, "            --%s) COMPREPLY=($(compgen -W %s -- \"$cur\")); return ;;\n", f.name, shQuote(strings.Join(f.values(), " ")))
			default:
				free = append(free, "--"+f.name)
			}
		}
		if len(free) > 0 {
			fmt.Fprintf(&b, "            %s) return ;;\n", strings.Join(free, "|"))
		}
		b.WriteString("        esac\n")
		fmt.Fprintf(&b, "        if [[ $cur == -* ]]; then\n            COMPREPLY=($(compgen -W %s -- \"$cur\"))\n", shQuote(strings.Join(flagNames(n), " ")))
		fmt.Fprintf(&b, "        else\n            COMPREPLY=($(compgen -W %s -- \"$cur\"))\n        fi\n        ;;\n", shQuote(strings.Join(positionalWords(n), " ")))
	}
	b.WriteString("    esac\n}\ncomplete -F _funnels funnels\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func writeZshCompletion(w io.Writer, nodes []compNode) error {
	var b strings.Builder
	b.WriteString(`#compdef funnels
# zsh completion for funnels; save it as _funnels in a directory of $fpath, or
# source it after compinit: source <(funnels completion zsh)
compdef _funnels funnels

_funnels() {
    local cur=${words[CURRENT]} prev=${words[CURRENT-1]} cmd= w i
    local -a opts
    for ((i = 2; i < CURRENT; i++)); do
        w=${words[i]}
        case "${cmd:+$cmd }$w" in
`)
	fmt.Fprintf(&b, "            (%s) cmd=\"${cmd:+$cmd }$w\" ;;\n", pathPatterns(nodes, shQuote))
	b.WriteString("        esac\n    done\n    case \"$cmd\" in\n")
	for _, n := range nodes {
		fmt.Fprintf(&b, "    (%s)\n        case \"$prev\" in\n", shQuote(n.path))
		for _, f := range n.flags {
			switch {
			case f.meta == "":
			case f.values != nil:
				fmt.Fprintf(&b, "            (--%s) compadd -- %s; return ;;\n", f.name, wordsQuoted(f.values()))
			default:
				fmt.Fprintf(&b, "            (--%s) _message %s; return ;;\n", f.name, shQuote(f.meta+": "+f.usage))
			}
		}
		b.WriteString("        esac\n        if [[ $cur == -* ]]; then\n            opts=(")
		for _, f := range n.flags {
			fmt.Fprintf(&b, " %s", shQuote("--"+f.name+":"+f.usage))
		}
		b.WriteString(" )\n            _describe -t flags flag opts\n        else\n            opts=(")
		for _, word := range n.words {
			fmt.Fprintf(&b, " %s", shQuote(word.name+":"+word.summary))
		}
		for _, a := range n.args {
			if a.values != nil {
				for _, v := range a.values() {
					fmt.Fprintf(&b, " %s", shQuote(v+":"+a.name))
				}
			}
		}
		b.WriteString(" )\n            (( ${#opts} )) && _describe -t commands command opts\n        fi\n        ;;\n")
	}
	b.WriteString("    esac\n}\n\nif [ \"$funcstack[1]\" = \"_funnels\" ]; then\n    _funnels \"$@\"\nfi\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func wordsQuoted(words []string) string {
	q := make([]string, len(words))
	for i, s := range words {
		q[i] = shQuote(s)
	}
	return strings.Join(q, " ")
}

func writeFishCompletion(w io.Writer, nodes []compNode) error {
	var b strings.Builder
	b.WriteString(`# fish completion for funnels; save it as ~/.config/fish/completions/funnels.fish
function __funnels_cmd
    set -l cmd ''
    for w in (commandline -opc)[2..-1]
        set -l next (string trim -- "$cmd $w")
        switch $next
`)
	var cases []string
	for _, n := range nodes {
		if n.path != "" {
			cases = append(cases, fishQuote(n.path))
		}
	}
	fmt.Fprintf(&b, "            case %s\n                set cmd $next\n", strings.Join(cases, " "))
	b.WriteString(`        end
    end
    echo $cmd
end

function __funnels_at
    set -l cmd (__funnels_cmd)
    test "$cmd" = "$argv[1]"
end

complete -c funnels -f
`)
	for _, n := range nodes {
		cond := fishQuote("__funnels_at " + fishQuote(n.path))
		for _, word := range n.words {
			fmt.Fprintf(&b, "complete -c funnels -n %s -a %s -d %s\n", cond, fishQuote(word.name), fishQuote(word.summary))
		}
		for _, a := range n.args {
			if a.values != nil {
				fmt.Fprintf(&b, "complete -c funnels -n %s -a %s -d %s\n", cond, fishQuote(strings.Join(a.values(), " ")), fishQuote(a.name))
			}
		}
		for _, f := range n.flags {
			switch {
			case f.meta == "":
				fmt.Fprintf(&b, "complete -c funnels -n %s -l %s -d %s\n", cond, f.name, fishQuote(f.usage))
			case f.values != nil:
				fmt.Fprintf(&b, "complete -c funnels -n %s -l %s -x -a %s -d %s\n", cond, f.name, fishQuote(strings.Join(f.values(), " ")), fishQuote(f.usage))
			default:
				fmt.Fprintf(&b, "complete -c funnels -n %s -l %s -x -d %s\n", cond, f.name, fishQuote(f.usage))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
