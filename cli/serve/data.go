package serve

import (
	"fmt"
	"os"
)

// The files of the data directory.
const (
	hostKeyFile = "host_ed25519"
	usersFile   = "users.json"
)

// ensureDir makes the data directory (0700) when it is missing.
func ensureDir(dir string) error {
	if dir == "" {
		return fmt.Errorf("no data directory: pass --data DIR")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("data directory: %w", err)
	}
	return nil
}
