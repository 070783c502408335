package config

import (
	"slices"
	"sort"
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
		entries = append(entries, ProfileEntry{Name: name, LocationID: p.LocationID, BaseURL: p.BaseURL, AuthKind: p.AuthKind, ReadOnly: profileReadOnly(p)})
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

// SetDefaultProfile makes name the profile used when neither --profile nor
// FUNNELS_PROFILE names one: it writes default_profile in the config file (created
// 0600 if missing), leaving every other line, comments included, as it was (see
// SetInFile). It refuses to write when the edit would change anything else.
func SetDefaultProfile(getenv func(string) string, name string) (path string, err error) {
	if err := CheckProfileName(name); err != nil {
		return "", err
	}
	path = Path(getenv)
	return path, SetInFile(path, "", KeyDefaultProfile, name)
}

// FileDefaultProfile is the default_profile the config file names ("" when it names
// none or there is no file), whatever FUNNELS_PROFILE says.
func FileDefaultProfile(getenv func(string) string) (string, error) {
	file, _, err := readFile(Path(getenv))
	if err != nil {
		return "", err
	}
	return file.DefaultProfile, nil
}

// profileReadOnly is a profile's own read-only switch as a list shows it: a value
// that is no switch counts as on, as it does when the profile is used.
func profileReadOnly(p fileProfile) bool {
	on, _ := p.ReadOnly.readOnly("")
	return on
}
