package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/config"
)

func TestConfigGetSetList(t *testing.T) {
	h := newHome(t)
	path := filepath.Join(h.vars["XDG_CONFIG_HOME"], "funnels", "config.toml")
	h.run("config", "path").want(t, 0, path+"\n")

	// Nothing set: defaults.
	h.run("config", "get", "base_url").want(t, 0, config.DefaultBaseURL+"\n")
	h.run("config", "get", "ui.theme").want(t, 0, "auto\n")

	h.run("config", "set", "default_profile", "acme").want(t, 0, "err:Set default_profile in "+path)
	h.run("config", "set", "location_id", "AcmeLoc").want(t, 0, "err:Set location_id in [profiles.acme]")
	h.run("config", "set", "ui.theme", "light").want(t, 0)
	h.run("config", "set", "scopes", "a b", "--profile", "staging").want(t, 0)
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("new config file: %v %v", info, err)
	}
	h.run("config", "get", "location_id").want(t, 0, "AcmeLoc\n")
	h.run("config", "get", "scopes", "--profile", "staging").want(t, 0, "a b\n")
	h.run("config", "get", "default_profile").want(t, 0, "acme\n")

	term := h.tty("config", "list").want(t, 0, "KEY", "SOURCE", "location_id", "AcmeLoc", "[profiles.acme] location_id in the config file", "ui.theme")
	if !strings.Contains(term.stdout, "default_profile in the config file") {
		t.Errorf("list does not say where the profile came from:\n%s", term.stdout)
	}
	piped := h.run("config", "list").want(t, 0, "location_id\tAcmeLoc\t[profiles.acme] location_id in the config file\n", "ui.theme\tlight\t")
	if strings.Contains(piped.stdout, "KEY") {
		t.Errorf("piped list has a header:\n%s", piped.stdout)
	}
	h.vars["FUNNELS_LOCATION_ID"] = "EnvLoc"
	h.run("config", "list", "--json", "key,value,source", "--jq", `.[] | select(.key == "location_id") | .source`).want(t, 0, "FUNNELS_LOCATION_ID\n")
	h.run("config", "set", "location_id", "Other").want(t, 0, "err:Note: FUNNELS_LOCATION_ID still wins")

	// A client secret is listed as set, never shown, unless asked for by name.
	h.run("config", "set", "client_secret", "s3cret-value").want(t, 0)
	if r := h.run("config", "list"); strings.Contains(r.stdout, "s3cret-value") || !strings.Contains(r.stdout, "client_secret\t(set)") {
		t.Errorf("list shows the secret:\n%s", r.stdout)
	}
	h.run("config", "get", "client_secret").want(t, 0, "s3cret-value\n")

	h.run("config", "get", "colour").want(t, 2, `err:unknown key "colour"; the keys are: default_profile, ui.mouse`)
	h.run("config", "set", "ui.theme", "blue").want(t, 2, `err:ui.theme: "blue" is not one of auto, dark, light`)
	h.run("config", "set", "base_url", "http://api.example.com").want(t, 2, "err:https")
	h.run("config", "set", "redirect_port", "99999").want(t, 2, "err:not a port")
	h.run("config", "set", "default_profile").want(t, 2, "err:VALUE is required")
	h.run("config", "sett").want(t, 2, "err:did you mean get or set?")
}
