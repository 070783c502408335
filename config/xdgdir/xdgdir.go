// Package xdgdir finds the XDG base directories through an environment a caller
// gives (a getenv function), never through the process's own: a test or a session
// with its own HOME gets its own folders even where it leaves an XDG variable out.
package xdgdir

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/adrg/xdg"
)

// Config, State and Cache are $XDG_CONFIG_HOME, $XDG_STATE_HOME and $XDG_CACHE_HOME
// as getenv gives them; unset or relative, this OS's default under getenv's HOME.
// "" when neither tells one.
func Config(getenv func(string) string) string { return dir(getenv, "XDG_CONFIG_HOME", xdg.ConfigHome) }
func State(getenv func(string) string) string  { return dir(getenv, "XDG_STATE_HOME", xdg.StateHome) }
func Cache(getenv func(string) string) string  { return dir(getenv, "XDG_CACHE_HOME", xdg.CacheHome) }

// dir is the variable key of getenv when it is absolute, else def — adrg/xdg's
// default, worked out from the process's own home — moved under getenv's HOME when
// that is another one.
func dir(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" && filepath.IsAbs(v) {
		return v
	}
	return underHome(getenv("HOME"), def)
}

// underHome is def with the process's home at its start replaced by home (an
// absolute path other than it); def as it is otherwise.
func underHome(home, def string) string {
	real, err := os.UserHomeDir()
	if home == "" || !filepath.IsAbs(home) || err != nil || real == "" || filepath.Clean(home) == filepath.Clean(real) {
		return def
	}
	rel, err := filepath.Rel(real, def)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return def
	}
	return filepath.Join(home, rel)
}
