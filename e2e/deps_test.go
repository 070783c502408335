package e2e

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestTheBinaryLinksNoTestCode: the packages the funnels binary is built from hold no
// testing package and none of the project's test helpers (sandboxtest starts the
// sandbox for tests; hostile serves bad answers to them).
func TestTheBinaryLinksNoTestCode(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "..").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 || !slices.Contains(deps, "github.com/funnelsdev/funnels/client/sandbox") {
		t.Fatalf("go list -deps gave %d packages, without the sandbox the binary embeds: %q", len(deps), out)
	}
	for _, p := range deps {
		if p == "testing" || strings.HasPrefix(p, "testing/") || p == "net/http/httptest" ||
			strings.HasSuffix(p, "/sandboxtest") || strings.HasSuffix(p, "/client/hostile") {
			t.Errorf("the binary links %s", p)
		}
	}
}
