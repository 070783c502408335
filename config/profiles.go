package config

import "sort"

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
