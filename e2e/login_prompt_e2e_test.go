package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestLoginWithTokenTypedHidesIt: `funnels login --with-token` in a real terminal asks
// for the token and reads it with echo off — typed or pasted, it never shows on the
// screen (a screencast of a sign-in leaks nothing) — and stores it, 0600.
func TestLoginWithTokenTypedHidesIt(t *testing.T) {
	needTmux(t)
	t.Parallel()
	const token = "pit-typed-SECRET-0b7e5c11-never-on-screen"
	home := t.TempDir()
	state := filepath.Join(home, "state")
	s := startTUI(t, 100, 20, []string{"XDG_STATE_HOME=" + state},
		"login", "--profile", "pit", "--base-url", "http://127.0.0.1:9", "--with-token", "--no-verify") // nothing listens there: the check is not what this test is about
	s.waitFor("Paste the private integration token and press Enter (it is not shown)")
	s.text(token)
	// The characters reached the terminal: what it shows must not hold them. Wait
	// a moment for an echo that would come.
	time.Sleep(300 * time.Millisecond)
	if scr := s.screen(); strings.Contains(scr, token[:8]) {
		t.Fatalf("the token shows as it is typed:\n%s", scr)
	}
	s.keys("Enter")
	// A private integration token does not say which sub-account it is for: asked.
	s.waitFor("Location (sub-account) id")
	s.text("not an id!")
	s.keys("Enter")
	s.waitFor("is not a location id")
	s.text("LakesideFit2026Loc01")
	s.keys("Enter")
	scr := s.waitFor(`Stored the private integration token for profile "pit" (location LakesideFit2026Loc01)`, "funnels exited with 0")
	if strings.Contains(scr, token[:8]) {
		t.Fatalf("the token shows after Enter:\n%s", scr)
	}
	file := filepath.Join(state, "funnels", "pit.json")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), token) {
		t.Fatalf("the typed token was not stored: %s", data)
	}
	if info, err := os.Stat(file); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("token file mode: %v %v", info.Mode(), err)
	}
}

// TestLoginWithTokenInterruptedRestoresEcho: ctrl+c at the hidden prompt stores
// nothing, exits 3 and gives the terminal its echo back (stty says so afterwards).
func TestLoginWithTokenInterruptedRestoresEcho(t *testing.T) {
	needTmux(t)
	t.Parallel()
	state := filepath.Join(t.TempDir(), "state")
	// The shell traps INT with a command, so it lives on to run stty, while funnels
	// gets the signal as usual.
	script := `trap 'true' INT; ` + shellCommand("login", "--profile", "pit", "--base-url", "http://127.0.0.1:9", "--with-token") +
		`; echo "funnels exited with $?"; echo "stty: $(stty -a | tr '\n' ' ')"; sleep 600`
	s := startScript(t, 200, 20, []string{"XDG_STATE_HOME=" + state}, script)
	s.waitFor("Paste the private integration token")
	s.text("half-a-tok")
	s.keys("C-c")
	scr := s.waitFor("funnels exited with 3", "stty: ")
	if !strings.Contains(scr, "reading the token: context canceled") {
		t.Errorf("the interruption is not explained:\n%s", scr)
	}
	if !regexp.MustCompile(`\secho\s`).MatchString(scr) || regexp.MustCompile(`\s-echo\s`).MatchString(scr) {
		t.Fatalf("echo was not restored after ctrl+c:\n%s", scr)
	}
	if _, err := os.Stat(filepath.Join(state, "funnels", "pit.json")); !os.IsNotExist(err) {
		t.Fatalf("an interrupted login stored something: %v", err)
	}
}
