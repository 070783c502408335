package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"

	"github.com/BurntSushi/toml"
)

// ProfileNames lists the profiles the config file names: each [profiles.NAME] table
// and default_profile, sorted, each once. A missing file names none.
func ProfileNames(getenv func(string) string) ([]string, error) {
	file, _, err := readFile(Path(getenv))
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var names []string
	add := func(name string) {
		if name != "" && !seen[name] && CheckProfileName(name) == nil {
			seen[name] = true
			names = append(names, name)
		}
	}
	for name := range file.Profiles {
		add(name)
	}
	add(file.DefaultProfile)
	sort.Strings(names)
	return names, nil
}

// ProfileEntry is one profile the config file names.
type ProfileEntry struct {
	Name       string
	LocationID string
	BaseURL    string // "" when the file leaves it to the default or the saved login
	AuthKind   string // as written ("" when the file leaves it out)
	ReadOnly   bool
}

// Profiles lists the [profiles.NAME] tables of the config file, by name, and the
// default profile: FUNNELS_PROFILE, else default_profile, else "default". A missing
// file lists none. Profiles that only a login saved (no table) are the token store's
// to add.
func Profiles(getenv func(string) string) (entries []ProfileEntry, defaultProfile string, err error) {
	path := Path(getenv)
	fc, _, err := readFile(path)
	if err != nil {
		return nil, "", err
	}
	for name, p := range fc.Profiles {
		if CheckProfileName(name) != nil {
			continue
		}
		entries = append(entries, ProfileEntry{Name: name, LocationID: p.LocationID, BaseURL: p.BaseURL, AuthKind: p.AuthKind, ReadOnly: p.ReadOnly})
	}
	slices.SortFunc(entries, func(a, b ProfileEntry) int {
		if a.Name < b.Name {
			return -1
		}
		if a.Name > b.Name {
			return 1
		}
		return 0
	})
	defaultProfile = DefaultProfile
	switch {
	case getenv("FUNNELS_PROFILE") != "":
		defaultProfile = getenv("FUNNELS_PROFILE")
	case fc.DefaultProfile != "":
		defaultProfile = fc.DefaultProfile
	}
	return entries, defaultProfile, nil
}

// topLevelDefault finds a default_profile line above the first table.
var topLevelDefault = regexp.MustCompile(`(?m)^[ \t]*default_profile[ \t]*=.*$`)

// firstTable finds the first table header line.
var firstTable = regexp.MustCompile(`(?m)^[ \t]*\[`)

// SetDefaultProfile makes name the profile used when neither --profile nor
// FUNNELS_PROFILE names one: it writes default_profile in the config file (created
// 0600 if missing), leaving every other line, comments included, as it was. The file
// is replaced atomically and keeps its mode. It refuses to write when the edit would
// change anything else.
func SetDefaultProfile(getenv func(string) string, name string) (path string, err error) {
	if err := CheckProfileName(name); err != nil {
		return "", err
	}
	path = Path(getenv)
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return path, fmt.Errorf("reading config file: %w", err)
	}
	var before map[string]any
	if _, err := toml.Decode(string(old), &before); err != nil {
		return path, decodeError(path, err)
	}
	line := []byte("default_profile = " + strconv.Quote(name))
	head := old
	if loc := firstTable.FindIndex(old); loc != nil {
		head = old[:loc[0]]
	}
	var updated []byte
	if loc := topLevelDefault.FindIndex(head); loc != nil {
		updated = slices.Concat(old[:loc[0]], line, old[loc[1]:])
	} else {
		updated = slices.Concat(line, []byte("\n"), leadingNewline(old), old)
	}
	var after map[string]any
	if _, err := toml.Decode(string(updated), &after); err != nil {
		return path, fmt.Errorf("cannot set default_profile in %s safely (%v): add default_profile = %q at its top by hand", path, err, name)
	}
	if before == nil {
		before = map[string]any{}
	}
	before["default_profile"] = name
	if !reflect.DeepEqual(before, after) {
		return path, fmt.Errorf("cannot set default_profile in %s safely: add default_profile = %q at its top by hand", path, name)
	}
	return path, writeAtomic(path, updated)
}

// leadingNewline separates an inserted line from a file that does not start with a
// blank line.
func leadingNewline(old []byte) []byte {
	if len(old) == 0 || bytes.HasPrefix(old, []byte("\n")) {
		return nil
	}
	return []byte("\n")
}

// writeAtomic replaces path with data through a synced temp file in the same
// directory, keeping the old file's mode (0600 for a new one).
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	mode := os.FileMode(0o600)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, ".config.*.tmp")
	if err != nil {
		return fmt.Errorf("writing the config file: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("writing the config file: %w", err)
	}
	if err := tmp.Chmod(mode); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("writing the config file: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("writing the config file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing the config file: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing the config file: %w", err)
	}
	return nil
}
