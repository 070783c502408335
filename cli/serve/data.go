package serve

import (
	"fmt"
	"os"
	"path/filepath"
)

// The files of the data directory.
const (
	hostKeyFile = "host_ed25519"
	usersFile   = "users.json"
	auditFile   = "audit.jsonl"
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

// writeAtomic replaces path with data (0600): written beside it, synced, renamed
// over it, so a reader or a crash sees the old file or the new one, never half.
func writeAtomic(path string, data []byte) error {
	if err := writeTemp(path, data); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return nil
}

func writeTemp(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp.Name()) }()
	err = tmp.Chmod(0o600)
	if err == nil {
		_, err = tmp.Write(data)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
