package cmdutil

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// CheckSession decides, for a session of the team server (f.Gate set), whether the
// person may run cmd as the command line was parsed: by the command's record and the
// flags actually given (inherited ones too, wherever they stood), never by the words
// of the command line. It refuses a command no session is offered, one for admins to
// anyone else, a flag that would point the server's token elsewhere, log it or pick
// its store, one its record refuses a session (SessionRefuses), and any flag or
// argument that names a file of the server. It runs before
// the command: nothing is read, written or sent before a refusal. A local run (no
// gate) is never refused here.
func (t *Tree) CheckSession(f *Factory, cmd *cobra.Command, args []string) error {
	if f.Gate == nil {
		return nil
	}
	name := strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
	rec := t.Record(cmd)
	switch {
	case rec == nil:
		return Usagef("'%s' is not offered over ssh; the server offers %s", name, strings.Join(t.offeredNames(), ", "))
	case !rec.SSH.Offered():
		return Usagef("'%s' is not offered over ssh: %s", name, rec.SSH.Why())
	case rec.SSH.ForAdmins() && !f.Gate.Admin():
		return Usagef("'%s' is for the server's admins (admin on every sub-account)", name)
	}
	var refused error
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		if why, ok := sessionFlags[fl.Name]; ok && refused == nil && !isLocal(cmd, fl.Name) {
			refused = Usagef("--%s is not taken over ssh: %s", fl.Name, why)
		}
		if why, ok := rec.SessionRefuses[fl.Name]; ok && refused == nil {
			refused = Usagef("--%s is not taken over ssh: %s", fl.Name, why)
		}
	})
	if refused != nil {
		return refused
	}
	for _, file := range rec.Files {
		if err := file.refuse(cmd, args); err != nil {
			return err
		}
	}
	return nil
}

// sessionFlags are the global flags a session may not give, and why.
var sessionFlags = map[string]string{
	"token":            "the server signs in with its own sign-ins; a token given here would be sent from the server",
	"base-url":         "the server's sign-ins go to the address they were made for",
	"trust-base-url":   "the server's sign-ins go to the address they were made for",
	"debug":            "it would write the server's debug log",
	"insecure-storage": "the server keeps its sign-ins where it keeps them",
	"no-cache":         "sessions share the server's local index",
}

// isLocal reports whether name is a flag of cmd's own rather than a global one it
// shadows (`audit --location`).
func isLocal(cmd *cobra.Command, name string) bool {
	return cmd.LocalNonPersistentFlags().Lookup(name) != nil
}

// refuse is the refusal of the value f's flag or argument has in cmd (given, or the
// flag's default), when it names a file of the server.
func (f File) refuse(cmd *cobra.Command, args []string) error {
	what, value := "", ""
	if f.Flag != "" {
		fl := cmd.Flags().Lookup(f.Flag)
		if fl == nil {
			return nil
		}
		what, value = "--"+f.Flag, flagText(fl)
	} else {
		if f.Arg >= len(args) {
			return nil
		}
		what, value = argName(cmd, f.Arg), args[f.Arg]
	}
	if !f.names(value) {
		return nil
	}
	verb := "read"
	if f.Writes {
		verb = "write"
	}
	msg := fmt.Sprintf("%s %s would %s a file of the server, and a session over ssh neither reads nor writes the server's files", what, QuoteInput(value), verb)
	if f.Instead != "" {
		msg += ": " + f.Instead
	}
	return Usagef("%s", msg)
}

// flagText is a flag's value as given, or its default: a list flag's values joined.
func flagText(fl *pflag.Flag) string {
	if sv, ok := fl.Value.(pflag.SliceValue); ok {
		return strings.Join(sv.GetSlice(), ",")
	}
	return fl.Value.String()
}

// argName is the name of cmd's positional argument i in its usage line (ARG when it
// has none).
func argName(cmd *cobra.Command, i int) string {
	names := strings.Fields(cmd.Annotations[annotationArgs])
	if i < len(names) {
		name, _, _ := strings.Cut(names[i], "=")
		return name
	}
	return "ARG"
}

// offeredNames lists the commands a session is offered, for a refusal's hint.
func (t *Tree) offeredNames() []string {
	var out []string
	for _, v := range t.Root.Verbs {
		if v.SSH.Offered() && !v.Cobra.Hidden {
			out = append(out, v.Cobra.Name())
		}
	}
	slices.Sort(out)
	return out
}
