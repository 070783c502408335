package clitest

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// writes are the requests of the sandbox's log that write a redirect.
func RedirectWrites(h *Home) []sandbox.Request {
	var out []sandbox.Request
	for _, r := range h.SB.Server.Requests() {
		if r.Method != http.MethodGet && strings.HasPrefix(r.Path, "/funnels/lookup/redirect") {
			out = append(out, r)
		}
	}
	return out
}

func WriteFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Seeded redirects (client/sandbox/doc.go): eight, two on offers.
const (
	SeedRedirects     = 8
	SeedOffersDomain  = "offers.lakesidefit.com"
	SeedTakenPath     = "/bootcamp" // already redirects on offers.
	SeedUnusedDomain  = "kids.lakesidefit.com"
	SeedUnknownDomain = "nowhere.example.com"
)

// BothSurfaces are the two services the sandbox plays, by name.
func BothSurfaces() map[string]sandbox.Options {
	return map[string]sandbox.Options{
		"seed":   {},
		"public": {Surface: sandbox.SurfacePublic},
	}
}

// Asked runs funnels with standard input and output a terminal, stdin typed there.
func (h *Home) Asked(stdin string, args ...string) Result {
	h.t.Helper()
	return h.Streams(&cmdutil.IOStreams{InTTY: true, OutTTY: true, Width: 160}, stdin, args...)
}

// OneLine fails unless s is exactly one line.
func OneLine(t *testing.T, what, s string) {
	t.Helper()
	if strings.Count(s, "\n") != 1 || !strings.HasSuffix(s, "\n") {
		t.Errorf("%s: want exactly one line on stderr, got:\n%s", what, s)
	}
}
