package export_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/export"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestExportReadsTheIndexOnlyWhenFresh: the first export crawls (no index), the
// next reads the index it left without a request, --fresh crawls again, and --cached
// with no index says to build one; the flags that cannot go together exit 2.
func TestExportReadsTheIndexOnlyWhenFresh(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{Limit: 1000, Window: time.Second})
	dir := t.TempDir()
	h.Run("export", "-o", filepath.Join(dir, "none"), "--cached").Want(t, cmdutil.ExitLocal, "err:run 'funnels index' first")
	h.Run("export", "-o", filepath.Join(dir, "a")).Want(t, cmdutil.ExitOK, "err:crawled now")
	h.SB.Server.ResetLog()
	h.Run("export", "-o", filepath.Join(dir, "b"), "--json", "source").Want(t, cmdutil.ExitOK, `"source": "cached"`)
	if n := len(h.SB.Server.Requests()); n != 0 {
		t.Errorf("an export from a fresh index sent %d requests", n)
	}
	for _, d := range []string{"a", "b"} {
		manifest, err := os.ReadFile(filepath.Join(dir, d, "manifest.yaml"))
		if err != nil || !strings.Contains(string(manifest), "name: Lakeside Fit\n") {
			t.Errorf("export %s: want the manifest to name the sub-account as the service does, crawled or from the index alone: %v\n%s", d, err, manifest)
		}
	}
	h.Run("export", "-o", filepath.Join(dir, "c"), "--fresh", "--json", "source").Want(t, cmdutil.ExitOK, `"source": "fresh"`)
	if len(h.SB.Server.Requests()) == 0 {
		t.Error("--fresh sent no request")
	}
	h.Run("export", "--cached", "--fresh").Want(t, cmdutil.ExitUsage, "err:cannot be given together")
	h.Run("export", "--no-cache", "--cached").Want(t, cmdutil.ExitUsage, "err:--no-cache")
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	h.Run("export", "-o", file, "--cached").Want(t, cmdutil.ExitUsage, "err:not a directory")
}

func TestIndexIsFresh(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		st   index.State
		want bool
	}{
		{"crawled a minute ago", index.State{Exists: true, Crawled: now.Add(-time.Minute)}, true},
		{"crawled two hours ago", index.State{Exists: true, Crawled: now.Add(-2 * time.Hour)}, false},
		{"a crawl left part way since", index.State{Exists: true, Crawled: now.Add(-time.Minute), Unfinished: true}, false},
		{"never crawled whole", index.State{Exists: true}, false},
		{"no index", index.State{}, false},
	} {
		if got := export.IndexIsFresh(c.st, now); got != c.want {
			t.Errorf("%s: fresh %v, want %v", c.name, got, c.want)
		}
	}
}
