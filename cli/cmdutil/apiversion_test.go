package cmdutil_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestAPIVersionLayers: [api] version in the file, FUNNELS_API_VERSION and
// --api-version, flags beating the environment beating the file; config list shows
// it and config set checks it.
func TestAPIVersionLayers(t *testing.T) {
	h := clitest.NewHome(t)
	h.Run("config", "get", "api.version").Want(t, 0, "2021-07-28\n")
	h.Run("config", "set", "api.version", "2023-02-21").Want(t, 0)
	h.Run("config", "set", "api.version", "v4").Want(t, 2, "err:is not one of 2021-07-28, 2021-04-15, 2023-02-21, v3")
	file, err := os.ReadFile(filepath.Join(h.Vars["XDG_CONFIG_HOME"], "funnels", "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != "[api]\nversion = \"2023-02-21\"\n" {
		t.Errorf("config file:\n%s", file)
	}
	h.Run("config", "list").Want(t, 0, "api.version\t2023-02-21\t[api] version in ")
	h.Vars["FUNNELS_API_VERSION"] = "v3"
	h.Run("config", "get", "api.version").Want(t, 0, "v3\n")
	h.Run("config", "list").Want(t, 0, "api.version\tv3\tFUNNELS_API_VERSION\n")
	h.Run("--api-version", "2021-07-28", "config", "list").Want(t, 0, "api.version\t2021-07-28\t--api-version\n")
}

// TestAPIVersionRefused: a value the service does not take, from any layer, is a
// usage error (exit 2) naming the accepted values; nothing is sent.
func TestAPIVersionRefused(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	h.SB.Server.ResetLog()
	const accepted = "err:is not one of 2021-07-28, 2021-04-15, 2023-02-21, v3"
	h.Run("--api-version", "2024-01-01", "folders").Want(t, 2, accepted, "err:--api-version")
	h.Vars["FUNNELS_API_VERSION"] = "V3"
	h.Run("folders").Want(t, 2, accepted, "err:FUNNELS_API_VERSION")
	delete(h.Vars, "FUNNELS_API_VERSION")
	dir := filepath.Join(h.Vars["XDG_CONFIG_HOME"], "funnels")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte("[api]\nversion = \"3\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.Run("folders").Want(t, 2, accepted, "err:[api] version in ")
	h.Run("--demo", "--api-version", "v4").Want(t, 2, accepted)
	if n := len(h.SB.Server.Requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

// TestAPIVersionSentByCommands: the chosen value reaches the server (under v3 the
// funnels routes answer errors in the old shape, as their v3 contract documents),
// and doctor names it.
func TestAPIVersionSentByCommands(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	for _, v := range []string{"2021-07-28", "2021-04-15", "2023-02-21", "v3"} {
		h.Run("--api-version", v, "folders").Want(t, 0, "Lead Generation")
	}
	h.Run("--api-version", "v3", "page", "get", "NoSuchPage0000000001").
		Want(t, 1, "err:404 Page not found (trace ")
	h.Vars["FUNNELS_API_VERSION"] = "v3"
	h.Run("doctor").Want(t, 0, "err:API version v3 (")
	var out struct {
		APIVersion string `json:"apiVersion"`
	}
	h.Run("doctor", "--json").Decode(t, &out)
	if out.APIVersion != "v3" {
		t.Errorf("doctor --json apiVersion %q", out.APIVersion)
	}
}
