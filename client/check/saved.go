package check

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/funnelsdev/funnels/config/atomicfile"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A location's last check is kept in a small file beside its index (SavedPath): the
// findings of the newest complete run, for --since-last, and the answers of a run
// cut short, for the next run to go on from. Both are bounded, so a location of any
// size keeps a file of a few megabytes at most.

// Bounds of a saved file.
const (
	maxFindingsKept = 10_000
	maxAnswersKept  = 20_000
	savedVersion    = 1
	// maxSavedBytes is the largest file read back; a larger one is set aside.
	maxSavedBytes = 64 << 20
)

// DefaultResumeWithin is how old an interrupted run's answers may be and still be
// taken as this run's.
const DefaultResumeWithin = time.Hour

// Saved is what a location's file keeps.
type Saved struct {
	Version  int           `json:"version"`
	Location string        `json:"location"`
	Last     *SavedRun     `json:"last,omitempty"`
	Partial  *SavedPartial `json:"partial,omitempty"`
	// Damaged: the file could not be read and was taken as empty (it is written
	// again whole by the next Write).
	Damaged bool `json:"-"`
}

// SavedRun is a complete run: when, its counts, and its findings that are not ok
// (the first maxFindingsKept; Dropped counts the rest).
type SavedRun struct {
	Started  time.Time `json:"started"`
	Ended    time.Time `json:"ended"`
	Counts   Counts    `json:"counts"`
	Findings []Finding `json:"findings"`
	Dropped  int       `json:"dropped,omitempty"`
}

// SavedPartial is a run cut short: what its addresses answered.
type SavedPartial struct {
	Started time.Time `json:"started"`
	Answers []Answer  `json:"answers"`
}

// SavedPath is the file of the check results kept beside an index file
// (LOCATION-HASH.db → LOCATION-HASH.check.json).
func SavedPath(indexPath string) string {
	return strings.TrimSuffix(indexPath, filepath.Ext(indexPath)) + ".check.json"
}

// RemoveSaved removes the checks kept beside the index at indexPath (SavedPath), and
// any file a write left half-done beside them; none there is no error. What removes
// an index removes them too.
func RemoveSaved(indexPath string) error {
	path := SavedPath(indexPath)
	all := []string{path}
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), filepath.Base(path)+".") {
			all = append(all, filepath.Join(filepath.Dir(path), e.Name()))
		}
	}
	for _, p := range all {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("removing the checks kept: %w", err)
		}
	}
	return nil
}

// LoadSaved reads the file at path: an empty Saved when there is none, and one
// marked Damaged when it cannot be read as one (a cache costs a rerun, never a
// failure).
func LoadSaved(path string) (*Saved, error) {
	s := &Saved{Version: savedVersion}
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s, nil
	case err != nil:
		return s, fmt.Errorf("reading %s: %w", path, err)
	case !fi.Mode().IsRegular() || fi.Size() > maxSavedBytes:
		s.Damaged = true
		return s, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return s, fmt.Errorf("reading %s: %w", path, err)
	}
	var read Saved
	if json.Unmarshal(data, &read) != nil || read.Version != savedVersion {
		s.Damaged = true
		return s, nil
	}
	return &read, nil
}

// Record keeps res: a complete run as the last one (an interrupted run's answers are
// no longer needed), an interrupted one's answers to resume from.
func (s *Saved) Record(res *Result) {
	s.Version, s.Location = savedVersion, res.Location
	if !res.Complete {
		answers := res.Answers
		if len(answers) > maxAnswersKept {
			answers = answers[:maxAnswersKept]
		}
		s.Partial = &SavedPartial{Started: res.Started, Answers: answers}
		return
	}
	run := &SavedRun{Started: res.Started, Ended: res.Ended, Counts: res.Counts, Findings: []Finding{}}
	for _, f := range res.Findings {
		switch {
		case f.Severity == OK:
		case len(run.Findings) < maxFindingsKept:
			run.Findings = append(run.Findings, f)
		default:
			run.Dropped++
		}
	}
	s.Last, s.Partial = run, nil
}

// Resume are the answers of an interrupted run that began within the given time of
// now (none when the last run was complete).
func (s *Saved) Resume(now time.Time, within time.Duration) []Answer {
	if s.Partial == nil || now.Sub(s.Partial.Started) > within || s.Partial.Started.After(now) {
		return nil
	}
	return s.Partial.Answers
}

// Write writes s to path whole, through a file beside it renamed over it, readable
// by the owner only.
func (s *Saved) Write(path string) error {
	data, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("saving the check: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("saving the check: %w", err)
	}
	if err := atomicfile.Write(path, data, 0o600); err != nil {
		return fmt.Errorf("saving the check in %s: %w", path, err)
	}
	return nil
}
