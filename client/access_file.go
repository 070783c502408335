package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/funnelsdev/funnels/config/atomicfile"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
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
	body, err := readAccessFile(f.Path)
	return body.under(f.Key), err
}

// readAccessFile reads the body of the record at path; no file is an empty body.
func readAccessFile(path string) (accessFileBody, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return accessFileBody{}, nil
	}
	if err != nil {
		return accessFileBody{}, fmt.Errorf("access record: %w", err)
	}
	var body accessFileBody
	if err := json.Unmarshal(b, &body); err != nil {
		return accessFileBody{}, fmt.Errorf("access record %s: %w", path, err)
	}
	return body, nil
}

// under is what the record says when it was learned against key: nothing when it
// was learned against another, or is of another version.
func (b accessFileBody) under(key string) Access {
	if b.Version != 1 || b.Key != key || b.Families == nil {
		return Access{}
	}
	return b.Families
}

// AccessReader reads access records, each file once: a run that looks at many
// sub-accounts whose records share a file (an agency sign-in's) reads it one time.
// The zero value is ready; it is safe for concurrent use.
type AccessReader struct {
	mu    sync.Mutex
	files map[string]accessRead
}

type accessRead struct {
	body accessFileBody
	err  error
}

// Load is f.LoadAccess with f's file read at most once by r.
func (r *AccessReader) Load(f AccessFile) (Access, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rd, ok := r.files[f.Path]
	if !ok {
		rd.body, rd.err = readAccessFile(f.Path)
		if r.files == nil {
			r.files = map[string]accessRead{}
		}
		r.files[f.Path] = rd
	}
	return rd.body.under(f.Key), rd.err
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
	if err := atomicfile.Write(f.Path, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("access record: %w", err)
	}
	return nil
}
