package login_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// cacheFiles are every file under the home's index directory (lock files, stamps and
// damaged copies included).
func cacheFiles(t *testing.T, h *clitest.Home) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(filepath.Join(h.Vars["XDG_CACHE_HOME"], "funnels", "index"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// TestNothingOfAnIndexIsLeftBehind: `cache clear` removes the index with its crawl
// lock and its stamp, `logout` removes the location's index, and a crawl refused
// before it wrote anything leaves no lock file.
func TestNothingOfAnIndexIsLeftBehind(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{})
	h.Run("index").Want(t, 0)
	if len(cacheFiles(t, h)) < 2 {
		t.Fatalf("the crawl left %v", cacheFiles(t, h))
	}
	h.Run("cache", "clear").Want(t, 0, "err:Removed the local index")
	if files := cacheFiles(t, h); len(files) != 0 {
		t.Errorf("cache clear left %v", files)
	}

	h.Run("index").Want(t, 0)
	h.Run("logout").Want(t, 0)
	if files := cacheFiles(t, h); len(files) != 0 {
		t.Errorf("logout left %v", files)
	}

	h.Vars["FUNNELS_TOKEN"] = "refused"
	h.Run("index").Want(t, 3)
	if files := cacheFiles(t, h); len(files) != 0 {
		t.Errorf("a refused crawl left %v", files)
	}
}
