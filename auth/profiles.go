package auth

import (
	"errors"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/funnelsdev/funnels/config"
)

// Profiles lists the profiles that have a token file, sorted. No directory yet is no
// profile.
func (s *Store) Profiles() ([]string, error) {
	entries, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if ok && e.Type().IsRegular() && config.CheckProfileName(name) == nil {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names, nil
}
