package funneltree

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// An export is staged inside its directory, in .funnels-export-STAMP-RANDOM.new,
// while its files are written; renamed to .swap once they all are, with its plan,
// it is ready, and its files move into place one rename each. STAMP orders the
// stagings of one directory by when they began.
const (
	stagingPrefix = ".funnels-export-"
	writingSuffix = ".new"
	readySuffix   = ".swap"
	doneSuffix    = ".done" // applied: only its removal was left
	planName      = "plan.json"
	lockName      = "lock"  // held by the export writing the staging
	stagedFiles   = "files" // the staged files, under their paths in the export
)

// stoppedAge is how old a staging directory still being written must be to count as
// left by an export that was stopped (killed part way), where its lock cannot say.
const stoppedAge = time.Hour

// plan is what a ready staging directory moves into place: the new export's files
// (paths inside it, in the order they move) and the previous export's own files it
// no longer has, removed once every new one is in place.
type plan struct {
	Format Format   `json:"format"`
	Files  []string `json:"files"`
	Stale  []string `json:"stale,omitempty"`
}

// isStaging reports whether an entry of an export's directory is a staging of one.
func isStaging(name string) bool { return strings.HasPrefix(name, stagingPrefix) }

// stage writes files in a new staging directory inside dir, then marks it ready
// with its plan, and returns it; release ends the hold on it (the caller's, once
// the staging is applied).
func stage(dir string, files []File, p plan) (swap string, release func(), err error) {
	stamp := strconv.FormatInt(time.Now().UnixNano(), 36)
	tmp, err := os.MkdirTemp(dir, stagingPrefix+stamp+"-*"+writingSuffix)
	if err != nil {
		return "", nil, err
	}
	release, err = holdStaging(filepath.Join(tmp, lockName))
	if err != nil {
		_ = os.RemoveAll(tmp)
		return "", nil, err
	}
	ready := false
	defer func() {
		if !ready {
			_ = os.RemoveAll(tmp)
			release()
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return "", nil, err
	}
	root := filepath.Join(tmp, stagedFiles)
	made := map[string]bool{}
	for _, file := range files {
		if d := filepath.Dir(filepath.Join(root, filepath.FromSlash(file.Path))); !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return "", nil, err
			}
			made[d] = true
		}
	}
	err = each(len(files), func(i int) error {
		return os.WriteFile(filepath.Join(root, filepath.FromSlash(files[i].Path)), files[i].Data, 0o644)
	})
	if err != nil {
		return "", nil, err
	}
	data, err := json.Marshal(p)
	if err != nil {
		return "", nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, planName), data, 0o644); err != nil {
		return "", nil, err
	}
	if err := syncDir(tmp); err != nil {
		return "", nil, err
	}
	swap = strings.TrimSuffix(tmp, writingSuffix) + readySuffix
	if err := os.Rename(tmp, swap); err != nil {
		return "", nil, err
	}
	ready = true
	return swap, release, syncDir(dir)
}

// apply moves a ready staging's files into place, removes the stale ones, and then
// the staging directory. Run again on what a kill left, it finishes the same way:
// a file already moved is not in the staging any more, one removed is not in dir.
func apply(dir, swap string, p plan) error {
	root := filepath.Join(swap, stagedFiles)
	made := map[string]bool{}
	for _, rel := range p.Files {
		from, to := filepath.Join(root, filepath.FromSlash(rel)), filepath.Join(dir, filepath.FromSlash(rel))
		if _, err := os.Lstat(from); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if d := filepath.Dir(to); !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return err
			}
			made[d] = true
		}
		if err := os.Rename(from, to); err != nil {
			return err
		}
	}
	emptied := map[string]bool{}
	for _, rel := range p.Stale {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(rel))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		emptied[filepath.Dir(filepath.Join(dir, filepath.FromSlash(rel)))] = true
	}
	removeEmptyDirs(dir, emptied)
	if err := syncDir(dir); err != nil {
		return err
	}
	done := strings.TrimSuffix(swap, readySuffix) + doneSuffix
	if err := os.Rename(swap, done); err != nil {
		return err
	}
	return os.RemoveAll(done)
}

// removeEmptyDirs removes the directories under dir/funnels that removing stale
// files emptied, and their parents emptied in turn; one holding anything stays.
func removeEmptyDirs(dir string, emptied map[string]bool) {
	stop := filepath.Dir(filepath.Join(dir, funnelsDir))
	dirs := make([]string, 0, len(emptied))
	for d := range emptied {
		dirs = append(dirs, d)
	}
	slices.SortFunc(dirs, func(a, b string) int { return len(b) - len(a) }) // deepest first
	for _, d := range dirs {
		for ; d != stop && strings.HasPrefix(d, stop+string(filepath.Separator)); d = filepath.Dir(d) {
			if os.Remove(d) != nil {
				break
			}
		}
	}
}

// readySwaps are the ready staging directories of dir, oldest first.
func readySwaps(dir string) []string {
	matches, _ := filepath.Glob(filepath.Join(dir, stagingPrefix+"*"+readySuffix))
	slices.Sort(matches)
	return matches
}

// readPlan is the plan of a ready staging directory.
func readPlan(swap string) (plan, error) {
	var p plan
	data, err := os.ReadFile(filepath.Join(swap, planName))
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return p, fmt.Errorf("%s: %w", filepath.Base(swap), err)
	}
	if _, ok := ParseFormat(string(p.Format)); !ok {
		return p, fmt.Errorf("%s: no format", filepath.Base(swap))
	}
	for _, rel := range slices.Concat(p.Files, p.Stale) {
		if !filepath.IsLocal(filepath.FromSlash(rel)) {
			return p, fmt.Errorf("%s: %q is not inside the export", filepath.Base(swap), rel)
		}
	}
	return p, nil
}

// finishSwaps finishes the moves that kills stopped, oldest first (one another export
// is making now is its own to finish).
func finishSwaps(dir string) error {
	for _, swap := range readySwaps(dir) {
		if locksTell && held(filepath.Join(swap, lockName)) {
			continue
		}
		p, err := readPlan(swap)
		if err != nil {
			continue // damaged by something else than a kill: left as it is, and unread
		}
		if err := apply(dir, swap, p); err != nil {
			return err
		}
	}
	return nil
}

// removeStoppedStaging removes staging directories whose writing was stopped (a
// kill) before they were ready — at once where nobody holds its lock any more, else
// once it is stoppedAge old — and those applied whose removal was.
func removeStoppedStaging(dir string) {
	done, _ := filepath.Glob(filepath.Join(dir, stagingPrefix+"*"+doneSuffix))
	for _, d := range done {
		_ = os.RemoveAll(d)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, stagingPrefix+"*"+writingSuffix))
	cutoff := time.Now().Add(-stoppedAge)
	for _, m := range matches {
		if st, err := os.Lstat(m); err == nil && st.IsDir() && (locksTell && !held(filepath.Join(m, lockName)) || st.ModTime().Before(cutoff)) {
			_ = os.RemoveAll(m)
		}
	}
}
