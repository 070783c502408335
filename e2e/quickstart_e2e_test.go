package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReadmeQuickStartAsWritten runs README.md's Quick start line by line, as a new
// user would on a machine with Go and nothing else: a fresh HOME and XDG folders, no
// GOBIN and the default GOPATH (under that HOME), no funnels on PATH. The install line
// runs as written and must put funnels in $(go env GOPATH)/bin; funnels is then not
// found until the Quick start's PATH line, run as written, puts that folder on PATH;
// every funnels line runs in a terminal (tmux) exactly as written, with ID replaced by
// the sandbox's location id and FUNNELS_BASE_URL pointing at `funnels sandbox` on
// loopback in place of the real service. Go's module and build caches stay the
// machine's (pinned), so the install builds offline from what the suite already has.
func TestReadmeQuickStartAsWritten(t *testing.T) {
	t.Parallel()
	needTmux(t)
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := readmeSection(string(data), "## Quick start")
	if n := nonBlankLines(section); n == 0 || n > 10 {
		t.Fatalf("README.md's Quick start has %d lines; it must have one and at most ten:\n%s", n, section)
	}
	lines := shellLines(section)
	if len(lines) < 5 {
		t.Fatalf("README.md's Quick start gives %d commands, want install, PATH, --demo, login and funnels: %q", len(lines), lines)
	}

	sb := startSandboxBinary(t, "--ephemeral")
	base, token, loc := sb.values["base_url"], sb.values["token"], sb.values["location_id"]
	home := t.TempDir()
	env := []string{
		"PATH=" + withoutFunnels(os.Getenv("PATH")),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"),
		// Go as a new install has it: no go env file, GOPATH and GOBIN unset; its
		// caches the machine's, offline, so nothing is downloaded.
		"GOENV=off", "GOPROXY=off", "GOTOOLCHAIN=local",
		"GOMODCACHE=" + goEnv(t, "GOMODCACHE"), "GOCACHE=" + goEnv(t, "GOCACHE"),
		"FUNNELS_BASE_URL=" + base,
	}
	installedIn := filepath.Join(home, "go", "bin")

	installed, onPath, signedIn, browsed := false, false, false, false
	for _, line := range lines {
		fields := strings.Fields(line)
		switch {
		case fields[0] == "make" || fields[0] == "go":
			runInstallLine(t, line, env, installedIn)
			if where := lookFunnels(env); where != "" {
				t.Fatalf("funnels is on PATH (%s) before the Quick start puts it there: the test proves nothing", where)
			}
			installed = true
		case fields[0] == "export":
			env = runExportLine(t, line, env)
			if where := lookFunnels(env); where != filepath.Join(installedIn, "funnels") {
				t.Fatalf("after %q, funnels is found at %q, want %s", line, where, filepath.Join(installedIn, "funnels"))
			}
			onPath = true
		case fields[0] != "funnels":
			t.Fatalf("README.md's Quick start: %q is neither an install, a PATH nor a funnels line", line)
		case !installed || !onPath:
			t.Fatalf("README.md's Quick start runs %q before installing funnels and putting it on PATH", line)
		case len(fields) > 1 && fields[1] == "login":
			line = strings.Join(replaceField(fields, "ID", loc), " ")
			s := startScript(t, 120, 20, env, `cd "$HOME" && `+line+`; echo "funnels exited with $?"; sleep 600`)
			s.waitFor("Paste the private integration token")
			s.text(token)
			s.keys("Enter")
			scr := s.waitFor("funnels exited with")
			if !strings.Contains(scr, "funnels exited with 0") || strings.Contains(scr, token) {
				t.Fatalf("%q: not signed in, or the token shows:\n%s", line, scr)
			}
			signedIn = true
		default:
			s := startScript(t, 120, 30, env, `cd "$HOME" && `+line+`; echo "funnels exited with $?"; sleep 600`)
			want := []string{"Spring Sale 2026", "Webinars/"}
			if strings.Contains(line, "--demo") {
				want = append(want, "demo · ")
			} else {
				want = append(want, loc) // the sandbox's location, on the status bar
			}
			s.waitFor(want...)
			s.quit()
			browsed = signedIn
		}
	}
	if !signedIn || !browsed {
		t.Fatalf("README.md's Quick start does not sign in and then open the browser: %q", lines)
	}
}

// runInstallLine runs the Quick start's install line in the repository with env, and
// checks that it put funnels in dir.
func runInstallLine(t *testing.T, line string, env []string, dir string) {
	t.Helper()
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = ".."
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%q: %v\n%s", line, err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "funnels")); err != nil {
		t.Fatalf("%q did not put funnels in %s: %v\n%s", line, dir, err, out)
	}
}

// runExportLine runs the Quick start's PATH line as written and returns env with the
// PATH it leaves.
func runExportLine(t *testing.T, line string, env []string) []string {
	t.Helper()
	cmd := exec.Command("sh", "-c", line+`; printf '%s' "$PATH"`)
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return append(slices.Clone(env), "PATH="+string(out))
}

// lookFunnels is where sh finds funnels with env, or "".
func lookFunnels(env []string) string {
	cmd := exec.Command("sh", "-c", "command -v funnels")
	cmd.Env = env
	out, _ := cmd.Output()
	return strings.TrimSpace(string(out))
}

// withoutFunnels is the list of folders path without those that hold a funnels (a
// copy the machine has installed), so only the Quick start's can be found.
func withoutFunnels(path string) string {
	var keep []string
	for _, dir := range filepath.SplitList(path) {
		if _, err := os.Stat(filepath.Join(dir, "funnels")); dir != "" && err != nil {
			keep = append(keep, dir)
		}
	}
	return strings.Join(keep, string(os.PathListSeparator))
}

// goEnv is the value of the go command's setting name on this machine.
func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// readmeSection is the text under heading, up to the next heading of any level.
func readmeSection(readme, heading string) string {
	_, rest, ok := strings.Cut(readme, "\n"+heading+"\n")
	if !ok {
		return ""
	}
	inCode := false
	var out []string
	for _, line := range strings.Split(rest, "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
		}
		if !inCode && strings.HasPrefix(line, "#") {
			break
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

func nonBlankLines(s string) int {
	n := 0
	for _, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) != "" {
			n++
		}
	}
	return n
}

// shellLines are the commands of the sh blocks in text, without their comments.
func shellLines(text string) []string {
	var out []string
	inShell := false
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "```sh"):
			inShell = true
			continue
		case strings.HasPrefix(line, "```"):
			inShell = false
			continue
		}
		if code, _, _ := strings.Cut(line, "#"); inShell && strings.TrimSpace(code) != "" {
			out = append(out, strings.TrimSpace(code))
		}
	}
	return out
}

// replaceField is fields with every field equal to placeholder replaced by value.
func replaceField(fields []string, placeholder, value string) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		if f == placeholder {
			f = value
		}
		out[i] = f
	}
	return out
}
