package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeQuickStartAsWritten runs README.md's Quick start line by line, from
// empty config, state and cache directories to a browser showing a sub-account's
// funnels: the install line with GOBIN in a temporary directory put first on PATH,
// every funnels line in a terminal (tmux) exactly as written, with ID replaced by
// the sandbox's location id and FUNNELS_BASE_URL pointing at `funnels sandbox` on
// loopback in place of the real service.
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
	if len(lines) < 4 {
		t.Fatalf("README.md's Quick start gives %d commands, want install, --demo, login and funnels: %q", len(lines), lines)
	}

	sb := startSandboxBinary(t, "--ephemeral")
	base, token, loc := sb.values["base_url"], sb.values["token"], sb.values["location_id"]
	home := t.TempDir()
	gobin := filepath.Join(home, "bin")
	env := []string{
		"PATH=" + gobin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"),
		"FUNNELS_BASE_URL=" + base,
	}

	installed, signedIn, browsed := false, false, false
	for _, line := range lines {
		fields := strings.Fields(line)
		switch {
		case fields[0] == "make" || fields[0] == "go":
			runInstallLine(t, line, gobin)
			installed = true
		case fields[0] != "funnels":
			t.Fatalf("README.md's Quick start: %q is neither an install nor a funnels line", line)
		case !installed:
			t.Fatalf("README.md's Quick start runs %q before installing funnels", line)
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

// runInstallLine runs the Quick start's install line in the repository, putting
// funnels into gobin; the Go caches stay the user's, so only the link is new work.
func runInstallLine(t *testing.T, line, gobin string) {
	t.Helper()
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%q: %v\n%s", line, err, out)
	}
	if _, err := os.Stat(filepath.Join(gobin, "funnels")); err != nil {
		t.Fatalf("%q did not put funnels in GOBIN: %v", line, err)
	}
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
