package clitest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// FastSignedIn is signedIn with a rate limit that does not slow the crawl down, its
// token given to the profile "default" by name (a token with no profile named keeps
// its index apart, under -token).
func FastSignedIn(t *testing.T, opts sandbox.Options) *Home {
	opts.Limit, opts.Window = 1000, time.Second
	h := SignedIn(t, opts)
	h.Vars["FUNNELS_PROFILE"] = "default"
	return h
}

// IndexFiles lists the index files under the home's cache directory.
func IndexFiles(t *testing.T, h *Home) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(filepath.Join(h.Vars["XDG_CACHE_HOME"], "funnels", "index"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".db") {
			out = append(out, p)
		}
		return nil
	})
	return out
}
