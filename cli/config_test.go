package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/config"
)

func TestConfigGetSetList(t *testing.T) {
	h := clitest.NewHome(t)
	path := filepath.Join(h.Vars["XDG_CONFIG_HOME"], "funnels", "config.toml")
	h.Run("config", "path").Want(t, 0, path+"\n")

	// Nothing set: defaults.
	h.Run("config", "get", "base_url").Want(t, 0, config.DefaultBaseURL+"\n")
	h.Run("config", "get", "ui.theme").Want(t, 0, "auto\n")

	h.Run("config", "set", "default_profile", "acme").Want(t, 0, "err:Set default_profile in "+path)
	h.Run("config", "set", "location_id", "AcmeLoc").Want(t, 0, "err:Set location_id in [profiles.acme]")
	h.Run("config", "set", "ui.theme", "light").Want(t, 0)
	h.Run("config", "set", "scopes", "a b", "--profile", "staging").Want(t, 0)
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("new config file: %v %v", info, err)
	}
	h.Run("config", "get", "location_id").Want(t, 0, "AcmeLoc\n")
	h.Run("config", "get", "scopes", "--profile", "staging").Want(t, 0, "a b\n")
	h.Run("config", "get", "default_profile").Want(t, 0, "acme\n")

	term := h.TTY("config", "list").Want(t, 0, "KEY", "SOURCE", "location_id", "AcmeLoc", "[profiles.acme] location_id in the config file", "ui.theme")
	if !strings.Contains(term.Stdout, "default_profile in the config file") {
		t.Errorf("list does not say where the profile came from:\n%s", term.Stdout)
	}
	piped := h.Run("config", "list").Want(t, 0, "location_id\tAcmeLoc\t[profiles.acme] location_id in the config file\n", "ui.theme\tlight\t")
	if strings.Contains(piped.Stdout, "KEY") {
		t.Errorf("piped list has a header:\n%s", piped.Stdout)
	}
	h.Vars["FUNNELS_LOCATION_ID"] = "EnvLoc"
	h.Run("config", "list", "--json", "key,value,source", "--jq", `.[] | select(.key == "location_id") | .source`).Want(t, 0, "FUNNELS_LOCATION_ID\n")
	h.Run("config", "set", "location_id", "Other").Want(t, 0, "err:Note: FUNNELS_LOCATION_ID still wins")

	// A client secret is listed as set, never shown, unless asked for by name.
	h.Run("config", "set", "client_secret", "s3cret-value").Want(t, 0)
	if r := h.Run("config", "list"); strings.Contains(r.Stdout, "s3cret-value") || !strings.Contains(r.Stdout, "client_secret\t(set)") {
		t.Errorf("list shows the secret:\n%s", r.Stdout)
	}
	h.Run("config", "get", "client_secret").Want(t, 0, "s3cret-value\n")

	h.Run("config", "get", "colour").Want(t, 2, `err:unknown key "colour"; the keys are: default_profile, ui.mouse`)
	h.Run("config", "set", "ui.theme", "blue").Want(t, 2, `err:ui.theme: "blue" is not one of auto, dark, light`)
	h.Run("config", "set", "base_url", "http://api.example.com").Want(t, 2, "err:https")
	h.Run("config", "set", "redirect_port", "99999").Want(t, 2, "err:not a port")
	h.Run("config", "set", "default_profile").Want(t, 2, "err:VALUE is required")
	h.Run("config", "sett").Want(t, 2, "err:did you mean get or set?")
}
