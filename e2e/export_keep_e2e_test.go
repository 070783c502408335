package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestExportKeepsWhatItDidNotWrite: an export kept in git — a .git, a README, docs
// and a note among the funnel files — exported into again, with and without --force,
// keeps every one of them and holds the same bytes as an export into a new
// directory; a home directory (not an export) is refused with --force and left as it
// was.
func TestExportKeepsWhatItDidNotWrite(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{Limit: 1000, Window: time.Second})
	root := t.TempDir()
	dir, clean := filepath.Join(root, "lakeside"), filepath.Join(root, "clean")
	c.piped("export", "-o", dir).want(t, 0)
	mine := map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n", "README.md": "# Lakeside's funnels\n",
		"docs/review.md": "every Monday", "funnels/NOTES.md": "why", "funnels/webinars/.gitkeep": ""}
	write := func(base string, files map[string]string) {
		for rel, data := range files {
			p := filepath.Join(base, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	kept := func(what, base string, files map[string]string) {
		t.Helper()
		for rel, data := range files {
			if got, err := os.ReadFile(filepath.Join(base, filepath.FromSlash(rel))); err != nil || string(got) != data {
				t.Errorf("%s: %s lost or changed: %v %q", what, rel, err, got)
			}
		}
	}
	write(dir, mine)
	c.piped("export", "-o", clean, "--cached").want(t, 0)
	for _, force := range []bool{false, true} {
		args := []string{"export", "-o", dir, "--cached"}
		if force {
			args = append(args, "--force")
		}
		c.piped(args...).want(t, 0, "err:Exported 25 funnels")
		kept(args[len(args)-1], dir, mine)
		sameFiles(t, clean, dir)
	}

	home := filepath.Join(root, "home")
	theirs := map[string]string{".ssh/id_ed25519": "PRIVATE", ".ssh/authorized_keys": "ssh-ed25519 AAAA", ".bashrc": "export PATH"}
	write(home, theirs)
	c.piped("export", "-o", home, "--cached", "--force").want(t, 2, "err:holds files and no export manifest")
	kept("home", home, theirs)
	if entries, _ := os.ReadDir(home); len(entries) != 2 {
		t.Errorf("the refused home directory holds %d entries, want its 2", len(entries))
	}
}
