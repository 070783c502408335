// Package xdgdir finds the XDG base directories through an environment a caller
// gives (a getenv function), never through the process's own: a test or a session
// with its own HOME gets its own folders even where it leaves an XDG variable out.
package xdgdir

import (
	"os"
	"path/filepath"
	"runtime"

	"github.com/adrg/xdg"
)

// Config, State and Cache are $XDG_CONFIG_HOME, $XDG_STATE_HOME and $XDG_CACHE_HOME
// as getenv gives them; unset or relative, this OS's default under getenv's HOME
// (the process's own home when getenv gives none). A variable the process has and
// getenv does not is never used: a test that gives only HOME gets folders under it.
func Config(getenv func(string) string) string {
	return dir(getenv, "XDG_CONFIG_HOME", ".config", "Library/Application Support", xdg.ConfigHome)
}
func State(getenv func(string) string) string {
	return dir(getenv, "XDG_STATE_HOME", ".local/state", "Library/Application Support", xdg.StateHome)
}
func Cache(getenv func(string) string) string {
	return dir(getenv, "XDG_CACHE_HOME", ".cache", "Library/Caches", xdg.CacheHome)
}

// dir is the variable key of getenv when it is absolute, else the OS's default
// folder under getenv's HOME: unix under home, darwin under home (the paths adrg/xdg
// uses there). Elsewhere, or with no home to be found, adrg/xdg's own (winDef).
func dir(getenv func(string) string, key, unix, darwin, winDef string) string {
	if v := getenv(key); v != "" && filepath.IsAbs(v) {
		return v
	}
	home := getenv("HOME")
	if home == "" || !filepath.IsAbs(home) {
		h, err := os.UserHomeDir()
		if err != nil || h == "" {
			return winDef
		}
		home = h
	}
	switch runtime.GOOS {
	case "windows", "plan9":
		return winDef
	case "darwin", "ios":
		return filepath.Join(home, filepath.FromSlash(darwin))
	default:
		return filepath.Join(home, filepath.FromSlash(unix))
	}
}
