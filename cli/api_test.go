package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestAPIOnATerminalAndPiped(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	// The answer is the same either way: indented JSON.
	for _, r := range []result{
		h.tty("api", "get", "/funnels/funnel/list", "--query", "locationId={locationId}", "--query", "limit=2"),
		h.run("api", "get", "/funnels/funnel/list", "--query", "locationId={locationId}", "--query", "limit=2"),
	} {
		r.want(t, 0, "{\n  \"", `"count": 25`)
	}
	h.run("api", "GET", "/funnels/funnel/list", "--query", "locationId={locationId}", "--query", "limit=2", "--jq", ".funnels[].name").
		want(t, 0, "Back to School 2025\nBlack Friday 2025 Doorbuster\n")
	h.run("api", "GET", "/funnels/funnel/list", "--query", "locationId={locationId}", "--query", "limit=1", "--template", "{{.count}}").
		want(t, 0, "25")

	file := filepath.Join(t.TempDir(), "folder.json")
	if err := os.WriteFile(file, []byte(`{"locationId":"LakesideFit2026Loc01","type":"funnel","name":"From a file"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	h.run("api", "POST", "/funnels/funnel/folder/create", "--data", "@"+file).want(t, 0, `"name": "From a file"`)
	h.runWith(false, `{"lookups": []}`, "api", "POST", "/funnels/lookup/multiple", "--data", "@-").want(t, 0)

	h.run("api", "GET", "/funnels/page/AAAAAAAAAAAAAAAAAAAA").want(t, 1, "err:funnels api: 404 Page not found")
	h.run("api", "GET", "funnels/funnel/list").want(t, 2, "err:PATH must start with a single /")
	h.run("api", "FETCH", "/x").want(t, 2, "err:METHOD must be GET, POST")
	h.run("api", "POST", "/x", "--data", "{nope").want(t, 2, "err:--data is not valid JSON")
	h.run("api", "GET", "/x", "--query", "novalue").want(t, 2, "err:--query must be key=value")
	h.run("api", "GET").want(t, 2, "err:PATH is required")
}
