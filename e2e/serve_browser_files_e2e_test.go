package e2e

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeBrowserTouchesNoServerFile: over ssh, every key and palette line of the
// browser that would use the machine's files or start its web browser (import I,
// export X, open o, in the panes and in the Redirects view) is marked off and says
// what to do instead, and opens no form; the help lists exactly those. Meanwhile the
// server's people file, the operator's stored sign-in, its settings and the server's
// working directory stay byte for byte and mode for mode as they were, nothing new
// appears there, and a CSV planted on the server is never shown. What the browser
// offers instead works: V shows and copies the export's CSV, and from the person's
// own machine `redirects export` and `redirects import -` go over ssh.
func TestServeBrowserTouchesNoServerFile(t *testing.T) {
	cwd := t.TempDir()
	tm := startTeamIn(t, map[string]string{"ana": "write"}, cwd)
	loc := tm.sb.Server.LocationID()
	const planted = "join.lakesidefit.com,/planted-on-the-server,https://example.com/planted,url\n"
	for _, f := range []string{filepath.Join(cwd, "planted.csv"), filepath.Join(cwd, "redirects-"+loc+".csv"), filepath.Join(tm.dir, "planted.csv")} {
		if err := os.WriteFile(f, []byte("domain,path,target,action\n"+planted), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	// The operator signed in on the server's machine: a token file the browser must not
	// reach, besides the token the server's environment gives it.
	home := envValue(tm.env, "HOME")
	login := exec.Command(binPath, "login", "--base-url", tm.sb.URL, "--location", loc, "--with-token")
	login.Stdin = strings.NewReader(tm.sb.Server.DemoToken() + "\n")
	tm.exec(login).want(t, 0)
	// The index the server builds for the sessions is its own (XDG_CACHE_HOME): left out.
	kept := []string{cwd, envValue(tm.env, "XDG_CONFIG_HOME"), envValue(tm.env, "XDG_STATE_HOME"), tm.dir}
	tokenFiles := filesHolding(t, home, tm.sb.Server.DemoToken())
	if len(tokenFiles) == 0 {
		t.Fatalf("no file under the operator's home holds the token after login")
	}
	before := snapshot(t, append(kept, tokenFiles...))
	if _, ok := before[filepath.Join(tm.dir, "users.json")]; !ok {
		t.Fatalf("the server's data holds no users.json: %v", before)
	}

	b := tm.browser("ana", 240, 50) // wide enough for the whole footer of the Redirects view
	var screens []string
	see := func(s string) string { screens = append(screens, s); return s }
	see(b.waitFor("Lead Generation", "Webinars/"))

	b.keys("?")
	help := see(b.waitFor("Off over the team server"))
	off := help[strings.Index(help, "Off over the team server"):]
	for _, k := range []string{"o open in browser:", "o open old URL:", "I import from file:", "X export to file:"} {
		if !strings.Contains(off, k) {
			t.Errorf("the help's keys off over ssh lack %q:\n%s", k, off)
		}
	}
	if n := strings.Count(off, ": over the team server "); n != 4 {
		t.Errorf("the help lists %d keys off over ssh, want the 4 this test tries (a new one must be tried here too):\n%s", n, off)
	}
	b.keys("Escape")
	see(b.waitUntil("the help closed", func(s string) bool { return !strings.Contains(s, "Off over the team server") }))

	offKey := func(k, why string) {
		t.Helper()
		b.keys(k)
		scr := see(b.waitUntil(k+" saying why it is off", func(s string) bool {
			return strings.Contains(strings.Join(strings.Fields(lastLine(s)), " "), why)
		}))
		for _, form := range []string{"Import redirects from a file", "Export redirects to a file", "┃ File"} {
			if strings.Contains(scr, form) {
				t.Errorf("%s opened %q over ssh:\n%s", k, form, scr)
			}
		}
	}
	see(b.waitFor("Lead Generation"))
	offKey("o", "a web browser would open on the server")

	b.keys("U")
	see(b.waitFor("8 redirects", "import ✗ ssh", "export ✗ ssh", "open old URL ✗ ssh", "V CSV"))
	offKey("I", "the file would be the server's: import from yours")
	offKey("X", "the file would be the server's: V shows the CSV")
	offKey("o", "a web browser would open on the server")
	for _, line := range []string{"Import redirects from file", "Export redirects", "Open in browser"} {
		b.keys(":")
		see(b.waitFor("Commands", "enter run"))
		b.text(line)
		see(b.waitFor("off: over the team server"))
		b.keys("Enter")
		see(b.waitUntil(line+" from the palette saying why", func(s string) bool {
			return strings.Contains(lastLine(s), "over the team server") && !strings.Contains(s, "┃ File")
		}))
	}

	b.keys("V")
	see(b.waitFor("Redirects as CSV", "domain,path,target,action,id", "/7-day-pass"))
	b.keys("y")
	see(b.waitFor("copied the CSV of 8 redirects"))
	b.keys("Escape")
	see(b.waitUntil("the CSV closed", func(s string) bool { return !strings.Contains(s, "Redirects as CSV") }))
	b.keys("Escape")
	see(b.waitFor("Lead Generation"))
	b.keys("q")
	see(b.waitFor("ssh exited with 0"))

	for _, s := range screens {
		if strings.Contains(s, "planted") {
			t.Fatalf("a file planted on the server was shown over ssh:\n%s", s)
		}
	}
	after := snapshot(t, append(kept, tokenFiles...))
	for name, was := range before {
		if now, ok := after[name]; (!ok && was != "absent") || (ok && now != was) {
			t.Errorf("%s changed over ssh: was %s, now %s", name, was, now)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok && !ownWrite(tm.dir, name) {
			t.Errorf("%s appeared during the ssh session", name)
		}
	}

	// What to do instead, from the person's own machine.
	tm.ssh("ana", "redirects", "export").want(t, 0, "domain,path,target,action,id", "/7-day-pass")
	mine := exec.Command("ssh", append(tm.sshArgs(tm.keys["ana"], "127.0.0.1"), "redirects", "import", "-", "--dry-run")...)
	mine.Stdin = strings.NewReader("domain,path,target,action\njoin.lakesidefit.com,/from-my-machine,https://example.com/mine,url\n")
	tm.exec(mine).want(t, 0, "/from-my-machine")
	if w := tm.writesSent(); len(w) > 0 {
		t.Errorf("the session and the dry run sent writes: %+v", w)
	}
}

// filesHolding are the files under dir whose content holds secret.
func filesHolding(t *testing.T, dir, secret string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		if b, err := os.ReadFile(path); err == nil && bytes.Contains(b, []byte(secret)) {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// snapshot is every file under the paths (a file or a directory) with its mode and
// content, as a comparable line; a path not there is "absent".
func snapshot(t *testing.T, paths []string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, root := range paths {
		if _, err := os.Lstat(root); errors.Is(err, fs.ErrNotExist) {
			out[root] = "absent"
			continue
		}
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			fi, err := d.Info()
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out[path] = fi.Mode().String() + " " + string(b)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// ownWrite says whether path is one the server writes of itself while people use it
// (its audit and its own state in the data directory), not one a session chose.
func ownWrite(dataDir, path string) bool {
	rel, err := filepath.Rel(dataDir, path)
	return err == nil && !strings.HasPrefix(rel, "..") && filepath.Base(path) != "users.json" && filepath.Ext(path) != ".csv"
}
