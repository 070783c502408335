package api_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestAPIOnATerminalAndPiped(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	// The answer is the same either way: indented JSON.
	for _, r := range []clitest.Result{
		h.TTY("api", "get", "/funnels/funnel/list", "--query", "locationId={locationId}", "--query", "limit=2"),
		h.Run("api", "get", "/funnels/funnel/list", "--query", "locationId={locationId}", "--query", "limit=2"),
	} {
		r.Want(t, 0, "{\n  \"", `"count": 25`)
	}
	h.Run("api", "GET", "/funnels/funnel/list", "--query", "locationId={locationId}", "--query", "limit=2", "--jq", ".funnels[].name").
		Want(t, 0, "Back to School 2025\nBlack Friday 2025 Doorbuster\n")
	h.Run("api", "GET", "/funnels/funnel/list", "--query", "locationId={locationId}", "--query", "limit=1", "--template", "{{.count}}").
		Want(t, 0, "25")

	file := filepath.Join(t.TempDir(), "folder.json")
	if err := os.WriteFile(file, []byte(`{"locationId":"LakesideFit2026Loc01","type":"funnel","name":"From a file"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	h.Run("api", "POST", "/funnels/funnel/folder/create", "--data", "@"+file).Want(t, 0, `"name": "From a file"`)
	h.RunWith(false, `{"lookups": []}`, "api", "POST", "/funnels/lookup/multiple", "--data", "@-").Want(t, 0)

	h.Run("api", "GET", "/funnels/page/AAAAAAAAAAAAAAAAAAAA").Want(t, 1, "err:funnels api: 404 Page not found")
	h.Run("api", "GET", "funnels/funnel/list").Want(t, 2, "err:PATH must start with a single /")
	h.Run("api", "FETCH", "/x").Want(t, 2, "err:METHOD must be GET, POST")
	h.Run("api", "POST", "/x", "--data", "{nope").Want(t, 2, "err:--data is not valid JSON")
	h.Run("api", "GET", "/x", "--query", "novalue").Want(t, 2, "err:--query must be key=value")
	h.Run("api", "GET").Want(t, 2, "err:PATH is required")
}
