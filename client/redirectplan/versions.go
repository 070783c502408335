package redirectplan

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

// Version is what a location's redirects were at a moment: saved before an apply.
type Version struct {
	Number int       `json:"number"`
	Time   time.Time `json:"time"`
	Rows   []Row     `json:"rows"`
	// Change says what the apply that followed was to do ("+3 ~1 −0, import x.csv").
	Change string `json:"change"`
}

// DefaultKeep is how many versions a location keeps by default.
const DefaultKeep = 20

// Versions are the saved versions of one location, in a directory of their own:
// NNNNNN.json each, numbered from 1 upwards.
type Versions struct {
	Dir  string
	Keep int // 0 → DefaultKeep
}

// Save writes v as the next version (its Number is set) and drops the oldest past
// Keep. The file is written whole or not at all.
func (vs Versions) Save(v Version) (Version, error) {
	if err := os.MkdirAll(vs.Dir, 0o700); err != nil {
		return v, fmt.Errorf("versions: %w", err)
	}
	nums, err := vs.numbers()
	if err != nil {
		return v, err
	}
	v.Number = 1
	if len(nums) > 0 {
		v.Number = nums[len(nums)-1] + 1
	}
	if v.Rows == nil {
		v.Rows = []Row{}
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return v, fmt.Errorf("versions: %w", err)
	}
	tmp, err := os.CreateTemp(vs.Dir, ".version-*")
	if err != nil {
		return v, fmt.Errorf("versions: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), vs.file(v.Number))
	}
	if err != nil {
		return v, fmt.Errorf("versions: %w", err)
	}
	keep := vs.Keep
	if keep <= 0 {
		keep = DefaultKeep
	}
	nums = append(nums, v.Number)
	for len(nums) > keep {
		if err := os.Remove(vs.file(nums[0])); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return v, fmt.Errorf("versions: %w", err)
		}
		nums = nums[1:]
	}
	return v, nil
}

// List is every saved version, newest first; a file that cannot be read is left out.
func (vs Versions) List() ([]Version, error) {
	nums, err := vs.numbers()
	if err != nil {
		return nil, err
	}
	out := make([]Version, 0, len(nums))
	for _, n := range slices.Backward(nums) {
		if v, err := vs.Load(n); err == nil {
			out = append(out, v)
		}
	}
	return out, nil
}

// ErrNoVersion is a version number that is not saved.
var ErrNoVersion = errors.New("no such version")

// Load reads version n.
func (vs Versions) Load(n int) (Version, error) {
	b, err := os.ReadFile(vs.file(n))
	if errors.Is(err, fs.ErrNotExist) {
		return Version{}, fmt.Errorf("version %d: %w", n, ErrNoVersion)
	}
	if err != nil {
		return Version{}, fmt.Errorf("version %d: %w", n, err)
	}
	var v Version
	if err := json.Unmarshal(b, &v); err != nil {
		return Version{}, fmt.Errorf("version %d: %w", n, err)
	}
	v.Number = n
	return v, nil
}

func (vs Versions) file(n int) string {
	return filepath.Join(vs.Dir, fmt.Sprintf("%06d.json", n))
}

// numbers are the saved versions' numbers, in order.
func (vs Versions) numbers() ([]int, error) {
	ents, err := os.ReadDir(vs.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("versions: %w", err)
	}
	var nums []int
	for _, e := range ents {
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if n, err := strconv.Atoi(name); ok && err == nil && n > 0 {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	return nums, nil
}
