package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// AccessFile is an AccessStore in one JSON file at a path the caller chooses. The
// record names the API and location it was learned against (key); a file written for
// another key is not this sign-in's record and is ignored. Writes go to a temporary
// file renamed over the old one, 0600 in a directory made 0700.
type AccessFile struct {
	Path string
	Key  string // e.g. the base URL and the location id
}

type accessFileBody struct {
	Version  int    `json:"version"`
	Key      string `json:"key"`
	Families Access `json:"families"`
}

// LoadAccess reads the record; no file is an empty record.
func (f AccessFile) LoadAccess() (Access, error) {
	b, err := os.ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return Access{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("access record: %w", err)
	}
	var body accessFileBody
	if err := json.Unmarshal(b, &body); err != nil {
		return nil, fmt.Errorf("access record %s: %w", f.Path, err)
	}
	if body.Version != 1 || body.Key != f.Key || body.Families == nil {
		return Access{}, nil
	}
	return body.Families, nil
}

// SaveAccess writes the record; an empty one removes the file.
func (f AccessFile) SaveAccess(a Access) error {
	if len(a) == 0 {
		if err := os.Remove(f.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("access record: %w", err)
		}
		return nil
	}
	b, err := json.MarshalIndent(accessFileBody{Version: 1, Key: f.Key, Families: a}, "", "  ")
	if err != nil {
		return fmt.Errorf("access record: %w", err)
	}
	dir := filepath.Dir(f.Path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("access record: %w", err)
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(f.Path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("access record: %w", err)
	}
	defer os.Remove(tmp.Name()) // gone after the rename; cleans up a failed write
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("access record: %w", err)
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("access record: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("access record: %w", err)
	}
	if err := os.Rename(tmp.Name(), f.Path); err != nil {
		return fmt.Errorf("access record: %w", err)
	}
	return nil
}
