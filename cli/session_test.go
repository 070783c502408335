package cli_test

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// sessionHome is a signed-in home whose runs are sessions of a team server: its
// person, the server's data directory (with a people file), and a directory of
// files a command line could name.
func sessionHome(t *testing.T, gate *clitest.Gate) (h *clitest.Home, files string) {
	t.Helper()
	h = clitest.SignedIn(t, sandbox.Options{})
	h.Vars["FUNNELS_PROFILE"] = "default"
	gate.Dir = filepath.Join(t.TempDir(), "serve-data")
	files = filepath.Join(t.TempDir(), "files")
	for _, d := range []string{gate.Dir, files} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{
		filepath.Join(gate.Dir, "users.json"): `{"people":[]}`,
		filepath.Join(files, "rows.csv"):      "domain,path,target,action\noffers.lakesidefit.com,/x,https://offers.lakesidefit.com/y,url\n",
		filepath.Join(files, "key.pub"):       "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDG0uVHu+zBdaZ0jr0f5Hn2wO8ZbZGjwM7lR1Kjd4tdq ana@laptop\n",
	} {
		if err := os.WriteFile(name, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	h.Gate = gate
	return h, files
}

// refusedOverSSH checks a run was refused by the session's checks: exit 2, saying
// why, with nothing on standard output.
func refusedOverSSH(t *testing.T, r clitest.Result, args []string, why string) {
	t.Helper()
	if r.Code != cmdutil.ExitUsage || !strings.Contains(r.Stderr, why) || r.Stdout != "" {
		t.Errorf("%q over ssh: exit %d, want 2 saying %q\nstdout:\n%s\nstderr:\n%s", args, r.Code, why, r.Stdout, r.Stderr)
	}
}

// TestSessionGuard: over ssh the parsed command and the flags given decide, wherever
// they stand on the command line; a local run is never refused so.
func TestSessionGuard(t *testing.T) {
	reader := clitest.Reader("LakesideFit2026Loc01")
	h, files := sessionHome(t, reader)
	admin := &clitest.Gate{Roles: map[string]string{"LakesideFit2026Loc01": "write"}, IsAdmin: true}
	ha, _ := sessionHome(t, admin)
	rows := filepath.Join(files, "rows.csv")
	notOffered, forAdmins := "is not offered over ssh", "is for the server's admins"
	for _, c := range []struct {
		h    *clitest.Home
		args []string
		why  string // "": offered (whatever the command then answers)
	}{
		{h, []string{"redirects", "list"}, ""},
		{h, []string{"--location", "LakesideFit2026Loc01", "folders"}, ""},
		{h, []string{"--location=auth", "folders"}, ""},
		{h, []string{"--version"}, ""},
		{h, []string{"help", "login"}, ""},
		{h, []string{"login", "--help"}, ""},
		{h, []string{"changes"}, ""},
		{h, []string{"doctor"}, ""},
		{h, []string{"cache", "status"}, ""},
		{h, []string{"diff", "@cached", "@live"}, ""},
		{h, []string{"export"}, ""},
		{h, []string{"export", "-o", "-"}, ""},
		{h, []string{"redirects", "export", "--format", "csv"}, ""},
		{h, []string{"redirects", "import", "-"}, ""},
		{h, []string{"api", "POST", "/x", "--data", "@-"}, ""},
		{h, []string{"api", "POST", "/x", "--data", "{}"}, ""},
		{h, []string{"auth", "token"}, notOffered},
		{h, []string{"auth"}, notOffered},
		{h, []string{"login"}, notOffered},
		{h, []string{"logout"}, notOffered},
		{h, []string{"mcp"}, notOffered},
		{h, []string{"config"}, notOffered},
		{h, []string{"config", "get", "client_secret"}, notOffered},
		{h, []string{"config", "set", "readonly", "false"}, notOffered},
		{h, []string{"--profile", "x", "sandbox"}, notOffered},
		{h, []string{"serve", "--data", files}, notOffered},
		{h, []string{"completion", "bash"}, notOffered},
		{h, []string{"cache", "clear", "--all"}, notOffered},
		{h, []string{"__complete", "--location", ""}, notOffered},
		{h, []string{"__completeNoDesc", "folders", "--parent", ""}, notOffered},
		{h, []string{"--demo"}, notOffered},
		{h, []string{"serve", "user", "list"}, forAdmins},
		{h, []string{"audit"}, forAdmins},
		{h, []string{"--", "--client-id", "folders", "login", "--with-token", "--profile", "ops"}, notOffered},
		{h, []string{"--client-id", "folders", "login", "--with-token", "--profile", "ops"}, notOffered},
		{h, []string{"folders", "--token", "x"}, "--token is not taken over ssh"},
		{h, []string{"folders", "-token=x"}, "--token is not taken over ssh"},
		{h, []string{"folders", "--base-url=http://evil.example"}, "--base-url is not taken over ssh"},
		{h, []string{"--debug", "folders"}, "--debug is not taken over ssh"},
		{h, []string{"folders", "--no-cache"}, "--no-cache is not taken over ssh"},
		{h, []string{"--insecure-storage", "find", "trial"}, "--insecure-storage is not taken over ssh"},
		{h, []string{"redirects", "export", "-o", "/home/op/.ssh/authorized_keys"}, "would write a file of the server"},
		{h, []string{"redirects", "export", "--output=x.csv"}, "would write a file of the server"},
		{h, []string{"redirects", "export", "-ox.csv"}, "would write a file of the server"},
		{h, []string{"redirects", "import", rows}, "would read a file of the server"},
		{h, []string{"redirects", "--location", "LakesideFit2026Loc01", "import", rows}, "would read a file of the server"},
		{h, []string{"redirects", "--jq", ".", "import", "/etc/passwd", "--format", "csv"}, "would read a file of the server"},
		{h, []string{"api", "POST", "/x", "--data", "@/etc/passwd"}, "would read a file of the server"},
		{h, []string{"api", "POST", "/x", "--data=@token.json"}, "would read a file of the server"},
		{h, []string{"diff", files, "@cached"}, "would read a file of the server"},
		{h, []string{"diff", "@cached", "--", "lakeside"}, "would read a file of the server"},
		{h, []string{"export", "-o", "funnels-export"}, "would write a file of the server"},
		{h, []string{"export", "--output", files}, "would write a file of the server"},
		{ha, []string{"user", "list"}, ""},
		{ha, []string{"serve", "user", "list"}, ""},
		{ha, []string{"audit", "--user", "bob"}, ""},
		{ha, []string{"serve", "user", "add", "ana", "--key", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDG0uVHu+zBdaZ0jr0f5Hn2wO8ZbZGjwM7lR1Kjd4tdq"}, ""},
		{ha, []string{"audit", "--data", "/elsewhere"}, "--data \"/elsewhere\" would write a file of the server"},
		{ha, []string{"user", "list", "--data=/elsewhere"}, "would write a file of the server"},
		{ha, []string{"serve", "user", "add", "ana", "--key", filepath.Join(files, "key.pub")}, "would read a file of the server"},
		{ha, []string{"serve"}, notOffered},
	} {
		r := c.h.RunWith(false, "domain,path,target,action\n", c.args...)
		if c.why != "" {
			refusedOverSSH(t, r, c.args, c.why)
			continue
		}
		if strings.Contains(r.Stderr, "over ssh") || strings.Contains(r.Stderr, "of the server") {
			t.Errorf("%q over ssh: refused, want offered:\n%s", c.args, r.Stderr)
		}
	}
	// A local run of the same command lines is never refused so.
	local := clitest.SignedIn(t, sandbox.Options{})
	for _, args := range [][]string{{"folders", "--debug"}, {"redirects", "export", "-o", filepath.Join(t.TempDir(), "r.csv")}, {"config", "path"}} {
		if r := local.Run(args...); r.Code != 0 || strings.Contains(r.Stderr, "over ssh") {
			t.Errorf("%q on this machine: exit %d\n%s", args, r.Code, r.Stderr)
		}
	}
}

// sessionLines are command lines of cmd (words: its path) with the flag fl given in
// every place: before its words, between them, after them, as --name value and
// --name=value (a boolean bare and =true), and after "--".
func sessionLines(words []string, fl *pflag.Flag, value string) [][]string {
	forms := [][]string{{"--" + fl.Name + "=" + value}}
	if fl.Value.Type() == "bool" {
		forms = append(forms, []string{"--" + fl.Name})
	} else {
		forms = append(forms, []string{"--" + fl.Name, value})
	}
	if fl.Shorthand != "" && fl.Value.Type() != "bool" {
		forms = append(forms, []string{"-" + fl.Shorthand, value}, []string{"-" + fl.Shorthand + value})
	}
	var out [][]string
	for _, form := range forms {
		for at := 0; at <= len(words); at++ {
			line := append(append(append([]string{}, words[:at]...), form...), words[at:]...)
			out = append(out, line)
		}
	}
	return append(out, append(append(append([]string{}, words...), "--"), forms[0]...))
}

// sampleValue is a value a flag takes, pointing into files where it names a file.
func sampleValue(fl *pflag.Flag, files string) string {
	switch fl.Value.Type() {
	case "bool":
		return "true"
	case "int", "int64", "uint", "float64":
		return "1"
	case "duration":
		return "1s"
	}
	return filepath.Join(files, "rows.csv")
}

// TestSessionRefusalsFromTheTree: for every command a session may not run — and
// every flag or argument of an offered one that names a file of the server, or that
// its record refuses a session — each of
// its flags and its parents' placed before, between and after its words, with and
// without =, and after --, is refused over ssh to a reader and to a writer: exit 2,
// nothing opened, read or written under the server's directories (its home, state,
// cache, config and data), nothing sent to the service.
func TestSessionRefusalsFromTheTree(t *testing.T) {
	// Some thousand trees are built and dropped: fewer collections of them.
	gc := debug.SetGCPercent(400)
	t.Cleanup(func() { debug.SetGCPercent(gc) })
	for _, role := range []string{"read", "write"} {
		t.Run(role, func(t *testing.T) {
			t.Parallel()
			gate := &clitest.Gate{Roles: map[string]string{"LakesideFit2026Loc01": role}}
			h, files := sessionHome(t, gate)
			disk := clitest.WatchDisk(t, h.Vars["HOME"], gate.Dir, files)
			disk.Touched() // the watch reading the directories itself
			tree := cli.NewTree(cmdutil.NewFactory(&cmdutil.IOStreams{}, h.Getenv, "test"))
			h.SB.Server.ResetLog()
			runs := 0
			try := func(args []string, what string) {
				runs++
				r := h.RunWith(false, "", args...)
				if r.Code != cmdutil.ExitUsage || r.Stdout != "" {
					t.Errorf("%s: %q over ssh: exit %d, want 2\nstdout:\n%s\nstderr:\n%s", what, args, r.Code, r.Stdout, r.Stderr)
				}
				if touched := disk.Touched(); len(touched) > 0 {
					t.Errorf("%s: %q over ssh touched the server's files: %q", what, args, touched)
				}
				if reqs := h.SB.Server.Requests(); len(reqs) > 0 {
					t.Errorf("%s: %q over ssh sent %d request(s): %s %s", what, args, len(reqs), reqs[0].Method, reqs[0].Path)
					h.SB.Server.ResetLog()
				}
			}
			for _, rec := range tree.Records() {
				c := rec.Cobra
				words := strings.Fields(c.CommandPath())[1:]
				refused := !rec.SSH.Offered() || rec.SSH.ForAdmins()
				if refused {
					try(words, "the command alone")
				}
				var flags []*pflag.Flag
				each := func(fl *pflag.Flag) {
					if fl.Name != "help" && !slices.ContainsFunc(flags, func(o *pflag.Flag) bool { return o.Name == fl.Name }) {
						flags = append(flags, fl)
					}
				}
				c.Flags().VisitAll(each)
				c.InheritedFlags().VisitAll(each)
				for _, fl := range flags {
					value := sampleValue(fl, files)
					switch {
					case refused:
					case isFileFlag(rec, fl.Name):
						value = filepath.Join(files, "rows.csv")
					case rec.SessionRefuses[fl.Name] != "":
					default:
						continue
					}
					for _, line := range sessionLines(words, fl, value) {
						if refused || !slices.Contains(line, "--") {
							try(append(line, argsOf(c)...), c.CommandPath()+" --"+fl.Name)
						}
					}
				}
				for _, f := range rec.Files {
					if f.Flag == "" && !refused {
						args := argsOf(c)
						args[f.Arg] = files
						try(append(words, args...), c.CommandPath()+" "+args[f.Arg])
					}
				}
			}
			t.Logf("%d command lines refused to a person who may %s", runs, role)
		})
	}
}

// isFileFlag reports whether name is a flag of rec whose value names a file.
func isFileFlag(rec *cmdutil.Command, name string) bool {
	return slices.ContainsFunc(rec.Files, func(f cmdutil.File) bool { return f.Flag == name })
}

// argsOf are positional arguments cmd takes: each a word that names no file.
func argsOf(cmd *cobra.Command) []string {
	var out []string
	for range cmdutil.ArgNames(cmd) {
		out = append(out, "@cached")
	}
	return out
}

// TestSessionSetKeepsToGrants: over ssh, --all-sub-accounts and --all-profiles are
// cut to the sub-accounts granted to the person before anything runs: the others are
// never named, not even among the failures; a set with none granted is refused.
func TestSessionSetKeepsToGrants(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{})
	gate := clitest.Reader("LakesideFit2026Loc01")
	run := func(args ...string) (int, string) {
		ios, out, errOut := cmdutil.TestStreams("")
		f := h.Factory(ios)
		f.Gate = gate
		code := cli.Run(t.Context(), f, args)
		return code, out.String() + errOut.String()
	}
	for _, args := range [][]string{
		{"folders", "--all-sub-accounts", "--profile", "agency", "--json"},
		{"cache", "status", "--all-profiles", "--json"},
		{"find", "trial", "--all-sub-accounts", "--profile", "agency"},
	} {
		code, out := run(args...)
		if code != 0 || !strings.Contains(out, "LakesideFit2026Loc01") && !strings.Contains(out, "Lakeside") {
			t.Errorf("%q over ssh: exit %d\n%s", args, code, out)
		}
		for _, other := range []string{"Summit", "Riverside", "SummitStrengthLoc002", "RiversideBoxingLoc03", "summit"} {
			if strings.Contains(out, other) {
				t.Errorf("%q over ssh names %s, which was not granted:\n%s", args, other, out)
			}
		}
	}
	gate.Roles = map[string]string{"NotAnyOfTheseLoc0001": "read"}
	if code, out := run("folders", "--all-sub-accounts", "--profile", "agency"); code != cmdutil.ExitUsage || !strings.Contains(out, "names no sub-account granted to you") {
		t.Errorf("a set with nothing granted: exit %d\n%s", code, out)
	}
}

// TestSessionReaderIsToldTheirRole: a person who may only read is told so — not
// that read-only mode is on — whether the command is refused before it runs, its
// write reaches the client, or it shows a plan it may not send; a sub-account they
// hold no grant on is refused as not granted, not as "may only read".
func TestSessionReaderIsToldTheirRole(t *testing.T) {
	const loc = "LakesideFit2026Loc01"
	h, _ := sessionHome(t, clitest.Reader(loc))
	csv := "domain,path,target,action\noffers.lakesidefit.com,/role-test,https://offers.lakesidefit.com/spring-sale,url\n"
	for _, c := range []struct {
		args  []string
		stdin string
		code  int
		want  string
	}{
		{[]string{"folder", "create", "--name", "Role test"}, "", cmdutil.ExitUsage, "may only read"},
		{[]string{"api", "POST", "/funnels/lookup/redirect", "--data", `{"locationId":"` + loc + `"}`}, "", cmdutil.ExitUsage, "may only read"},
		{[]string{"redirects", "import", "-", "--yes"}, csv, -1, "may only read"},
		{[]string{"folder", "create", "--name", "Role test", "--location", "SummitStrengthLoc002"}, "", cmdutil.ExitAuth, "was not granted"},
	} {
		r := h.RunWith(false, c.stdin, c.args...)
		if c.code >= 0 && r.Code != c.code {
			t.Errorf("%q: exit %d, want %d\n%s", c.args, r.Code, c.code, r.Stderr)
		}
		if !strings.Contains(r.Stderr, c.want) || strings.Contains(strings.ToLower(r.Stderr), "read-only mode") ||
			(c.want == "was not granted" && strings.Contains(r.Stderr, "may only read")) {
			t.Errorf("%q: want %q and no word of read-only mode:\n%s", c.args, c.want, r.Stderr)
		}
	}
}
