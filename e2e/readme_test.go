package e2e

import (
	"os"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/config"
)

// TestReadmeShowsTheConfigExample keeps README.md's config example the one the
// config package's tests load.
func TestReadmeShowsTheConfigExample(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), config.Example) {
		t.Error("README.md does not contain config.Example verbatim; paste it again")
	}
	for _, cmd := range []string{"make demo", "make test"} {
		if !strings.Contains(string(readme), cmd) {
			t.Errorf("README.md does not give %q", cmd)
		}
	}
}
