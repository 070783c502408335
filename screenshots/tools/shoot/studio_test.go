package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestHomeEnvKeepsTheUserOut: every directory a take could write to (config,
// sign-ins, sandbox state, the local index) is inside the take's own home.
func TestHomeEnvKeepsTheUserOut(t *testing.T) {
	home := t.TempDir()
	set := map[string]string{}
	for _, kv := range homeEnv(home) {
		k, v, _ := strings.Cut(kv, "=")
		set[k] = v
	}
	for _, k := range []string{"HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"} {
		v, ok := set[k]
		if !ok || (v != home && !strings.HasPrefix(v, home+string(filepath.Separator))) {
			t.Errorf("%s = %q, want inside %s", k, v, home)
		}
	}
}
