package cmdutil

import (
	"runtime/debug"
)

// buildVersion is the version funnels reports: the one the build was stamped with
// (make build: -X main.version=…), else the module version Go recorded (a tagged
// `go install …@vX` reports vX; a build in a clone, Go's pseudo-version with the
// commit), else the commit alone.
func buildVersion(stamped string) string {
	if stamped != "" {
		return stamped // the build record is not parsed: every start would pay for it
	}
	info, _ := debug.ReadBuildInfo()
	return VersionOf("", info)
}

// VersionOf is buildVersion for a given build record (nil: none).
func VersionOf(stamped string, info *debug.BuildInfo) string {
	if stamped != "" {
		return stamped
	}
	if info == nil {
		return "dev"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return "dev"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified == "true" {
		rev += "-dirty"
	}
	return "dev-" + rev
}
