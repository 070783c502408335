package cli_test

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

func TestVersionComesFromTheBuild(t *testing.T) {
	stamped := &debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}
	clone := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "30c5d7506690d3dc599413427ec642999b951468"}, {Key: "vcs.modified", Value: "true"}}}
	for _, c := range []struct {
		stamped string
		info    *debug.BuildInfo
		want    string
	}{
		{"v2.0.0-3-gabc", stamped, "v2.0.0-3-gabc"}, // make build's -X wins
		{"", stamped, "v1.4.0"},                     // go install …@v1.4.0
		{"", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261123192708-30c5d7506690+dirty"}}, "v0.0.0-20261123192708-30c5d7506690+dirty"},
		{"", clone, "dev-30c5d7506690-dirty"}, // built without a module version, with the commit
		{"", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev"},
		{"", nil, "dev"},
	} {
		if got := cmdutil.VersionOf(c.stamped, c.info); got != c.want {
			t.Errorf("versionOf(%q, %+v) = %q, want %q", c.stamped, c.info, got, c.want)
		}
	}
}

func TestManPage(t *testing.T) {
	h := clitest.NewHome(t)
	r := h.Run("man").Want(t, 0, ".TH FUNNELS 1", "A terminal browser for the funnels", "folders", "completion")
	if !strings.Contains(r.Stdout, "--json") || r.Stderr != "" {
		t.Errorf("the manual page lacks the flags, or wrote to stderr: %q", r.Stderr)
	}
}
