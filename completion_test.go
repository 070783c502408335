package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// completionScript writes `funnels completion SHELL` to a file and returns its path.
func completionScript(t *testing.T, shell string) string {
	t.Helper()
	r := inProcess(t, "", "completion", shell)
	if r.code != 0 || r.stderr != "" || r.stdout == "" {
		t.Fatalf("completion %s: exit %d, stderr %q", shell, r.code, r.stderr)
	}
	file := filepath.Join(t.TempDir(), "funnels."+shell)
	if err := os.WriteFile(file, []byte(r.stdout), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestCompletionScriptsParse(t *testing.T) {
	for shell, check := range map[string][]string{
		"bash": {"bash", "-n"},
		"zsh":  {"zsh", "-n"},
		"fish": {"fish", "--no-execute"},
	} {
		file := completionScript(t, shell)
		if _, err := exec.LookPath(check[0]); err != nil {
			t.Logf("%s is not installed; its script is not parsed", shell)
			continue
		}
		if out, err := exec.Command(check[0], append(check[1:], file)...).CombinedOutput(); err != nil {
			t.Errorf("%s does not parse its script: %v\n%s", shell, err, out)
		}
	}
	inProcess(t, "", "completion", "powershell").want(t, 2, "err:SHELL must be bash, zsh, fish")
	inProcess(t, "", "completion").want(t, 2, "err:SHELL is required")
}

// bashComplete asks the bash script what it offers for line (the cursor at its end).
func bashComplete(t *testing.T, script, line string) []string {
	t.Helper()
	prog := `source "$1"; read -ra COMP_WORDS <<< "$2"; [[ $2 == *" " ]] && COMP_WORDS+=("");` +
		` COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _funnels; printf '%s\n' "${COMPREPLY[@]}"`
	out, err := exec.Command("bash", "-c", prog, "bash", script, line).CombinedOutput()
	if err != nil {
		t.Fatalf("bash completion of %q: %v\n%s", line, err, out)
	}
	return strings.Fields(string(out))
}

func TestBashCompletionCompletes(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	script := completionScript(t, "bash")
	for line, want := range map[string][]string{
		"funnels fol":                               {"folders", "folder"},
		"funnels folder ":                           {"create"},
		"funnels folder create --ty":                {"--type"},
		"funnels folder create --type ":             {"funnel", "website"},
		"funnels folder create --name ":             nil,
		"funnels step create --name x --pa":         {"--path"},
		"funnels step create --type s":              {"sales_funnel_page"},
		"funnels event ":                            {"conversion", "page-view"},
		"funnels event conversion --event-name Pur": {"Purchase"},
		"funnels event conversion --px":             {"--pxp", "--pxc", "--pxclid", "--px-event-id"},
		"funnels api ":                              {"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"},
		"funnels completion ":                       {"bash", "zsh", "fish"},
		"funnels steps abc --j":                     {"--json"},
		"funnels pages abc --base":                  {"--base-url"},
		"funnels sandbox --dia":                     {"--dialect"},
		"funnels --dem":                             {"--demo"},
		"funnels --deb":                             {"--debug"},
		"funnels auth ":                             {"status"},
		"funnels login --with":                      {"--with-token"},
		"funnels --profile work fold":               {"folders", "folder"},
		"funnels page get xyz --":                   {"--json", "--base-url", "--token", "--location", "--profile", "--debug", "--help"},
	} {
		got := bashComplete(t, script, line)
		slices.Sort(got)
		w := slices.Clone(want)
		slices.Sort(w)
		if !slices.Equal(got, w) {
			t.Errorf("%q completes to %q, want %q", line, got, w)
		}
	}
}

func TestFishCompletionCompletes(t *testing.T) {
	if _, err := exec.LookPath("fish"); err != nil {
		t.Skip("fish is not installed")
	}
	script := completionScript(t, "fish")
	for line, want := range map[string][]string{
		"funnels folder create --type ": {"funnel", "website"},
		"funnels folder ":               {"create"},
		"funnels event conversion --em": {"--email"},
		"funnels completion ":           {"bash", "zsh", "fish"},
	} {
		cmd := exec.Command("fish", "--no-config", "-c", `source $argv[1]; complete -C $argv[2]`, script, line)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("fish completion of %q: %v\n%s", line, err, out)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if name, _, _ := strings.Cut(l, "\t"); name != "" {
				got = append(got, name)
			}
		}
		slices.Sort(got)
		w := slices.Clone(want)
		slices.Sort(w)
		if !slices.Equal(got, w) {
			t.Errorf("fish: %q completes to %q, want %q", line, got, w)
		}
	}
}

func TestZshCompletionLoads(t *testing.T) {
	if _, err := exec.LookPath("zsh"); err != nil {
		t.Skip("zsh is not installed")
	}
	script := completionScript(t, "zsh")
	home := t.TempDir()
	cmd := exec.Command("zsh", "-f", "-c", `autoload -Uz compinit && compinit -u -d "$HOME/.zcompdump" && source "$1" && print -r -- "${_comps[funnels]}"`, "zsh", script)
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "_funnels" {
		t.Errorf("zsh: sourcing the script does not register _funnels: %v\n%s", err, out)
	}
}

// TestCompletionCoversEveryCommand checks each script names every command of
// commands(), every headless subcommand and every one of their flags.
func TestCompletionCoversEveryCommand(t *testing.T) {
	for _, shell := range shells() {
		r := inProcess(t, "", "completion", shell)
		for _, c := range commands() {
			if !strings.Contains(r.stdout, c.name) {
				t.Errorf("%s script lacks the command %s", shell, c.name)
			}
		}
		for _, s := range headlessSpecs() {
			if !strings.Contains(r.stdout, s.path) {
				t.Errorf("%s script lacks %q", shell, s.path)
			}
			for _, f := range s.flags {
				if !regexp.MustCompile(`(--|-l )` + regexp.QuoteMeta(f.name) + `\b`).MatchString(r.stdout) {
					t.Errorf("%s script lacks --%s of %s", shell, f.name, s.path)
				}
			}
		}
	}
}

// TestCompletionCoversOtherCommands keeps otherCommandFlags equal to the flags the
// commands outside the headless table print in their --help.
func TestCompletionCoversOtherCommands(t *testing.T) {
	flagLine := regexp.MustCompile(`(?m)^\s+-{1,2}([a-z][a-z0-9-]*)`)
	for path, args := range map[string][]string{
		"": nil, "login": {"login"}, "logout": {"logout"}, "auth status": {"auth", "status"},
		"config path": {"config", "path"}, "sandbox": {"sandbox"}, "version": {"version"},
	} {
		var r cliResult
		if path == "" {
			r = inProcessCmd(t, cmdBrowse, "--help")
		} else {
			r = inProcess(t, "", append(args, "--help")...)
		}
		help := r.stdout + r.stderr
		var got []string
		if i := strings.LastIndex(help, "Flags:"); i >= 0 {
			for _, m := range flagLine.FindAllStringSubmatch(help[i:], -1) {
				got = append(got, m[1])
			}
		}
		var want []string
		for _, f := range otherCommandFlags(path) {
			want = append(want, f.name)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("funnels %s --help shows flags %q; the completion table has %q", path, got, want)
		}
	}
}
