package main

import (
	"context"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestParseTakesFlagsAnywhere(t *testing.T) {
	s := cmdSpec{path: "demo", args: []argDef{{name: "A"}, {name: "B"}},
		flags: []flagDef{{name: "x", meta: "X"}, {name: "q", meta: "Q", repeat: true}, jsonFlag()}}
	env := &cliEnv{Stdout: io.Discard, Stderr: io.Discard}
	in, code, done := s.parse(context.Background(), env, []string{"one", "--json", "-x", "v", "--q", "1", "--", "--two"})
	if done || code != 0 {
		t.Fatalf("parse stopped with %d", code)
	}
	if !slices.Equal(in.args, []string{"one", "--two"}) || in.str("x") != "v" || !in.wantsJSON() || !slices.Equal(in.list("q"), []string{"1"}) || !in.given["x"] || in.given["q"] == false {
		t.Errorf("parsed %+v", in)
	}
	for _, args := range [][]string{{"one"}, {"one", "two", "three"}, {"one", "two", "--nope"}, {"one", "two", "-x"}} {
		if _, code, done := s.parse(context.Background(), env, args); !done || code != exitUsage {
			t.Errorf("parse(%q) = %d, %v; want exit 2", args, code, done)
		}
	}
	if _, code, done := s.parse(context.Background(), env, []string{"-h"}); !done || code != exitOK {
		t.Errorf("-h: %d %v", code, done)
	}
	defer func() {
		if recover() == nil {
			t.Error("asking for a flag the spec lacks does not panic")
		}
	}()
	in.str("missing")
}

// TestHeadlessTable checks the table every headless command, its help and its
// completion come from.
func TestHeadlessTable(t *testing.T) {
	name := regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	globals := map[string]bool{}
	for _, g := range globalFlags() {
		globals[g.name] = true
	}
	var tops []string
	for _, c := range commands() {
		tops = append(tops, c.name)
	}
	seen := map[string]bool{}
	for _, s := range headlessSpecs() {
		if seen[s.path] {
			t.Errorf("%s is in the table twice", s.path)
		}
		seen[s.path] = true
		if !slices.Contains(tops, strings.Fields(s.path)[0]) {
			t.Errorf("%s is not reachable from commands()", s.path)
		}
		if s.summary == "" || s.about == "" || s.example == "" || !strings.HasPrefix(s.synopsis, "funnels "+s.path) || s.run == nil {
			t.Errorf("%s lacks a summary, about, example, synopsis or run", s.path)
		}
		flags := map[string]bool{}
		for _, f := range s.flags {
			if !name.MatchString(f.name) || flags[f.name] || (s.api && globals[f.name]) || f.name == "help" {
				t.Errorf("%s: flag name %q is malformed or taken", s.path, f.name)
			}
			flags[f.name] = true
			if f.values != nil {
				for _, v := range f.values() {
					if strings.ContainsAny(v, " '\"\\$`") {
						t.Errorf("%s --%s: completion value %q needs quoting", s.path, f.name, v)
					}
				}
			}
		}
	}
	// Every headless group answers --help, and unknown subcommands are refused.
	for path := range seen {
		top := strings.Fields(path)[0]
		if r := inProcess(t, "", top, "--help"); r.code != 0 || r.stdout == "" {
			t.Errorf("funnels %s --help: exit %d, stdout %q", top, r.code, r.stdout)
		}
	}
	inProcess(t, "", "folder", "remove").want(t, 2, `err:unknown subcommand "remove"`)
}

// TestTopLevelHelpListsTheBrowserFlags: `funnels --help` names the commands and the
// browser's own flags, which it parses itself (funnels [flags]).
func TestTopLevelHelpListsTheBrowserFlags(t *testing.T) {
	for _, arg := range []string{"--help", "-h", "help"} {
		r := inProcess(t, "", arg)
		if r.code != 0 {
			t.Fatalf("funnels %s: exit %d", arg, r.code)
		}
		for _, want := range []string{"login ", "sandbox ", "Flags of the browser", "-demo\n", "-base-url URL", "-debug\n", "-profile name", "-location id", "-token token"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("funnels %s does not show %q:\n%s", arg, want, r.stdout)
			}
		}
	}
}
