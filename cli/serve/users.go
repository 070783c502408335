package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	gossh "golang.org/x/crypto/ssh"
)

// Role is what a person may do on a sub-account: read, write, or admin (write, and
// with a grant on every sub-account, manage people and read the audit log over ssh).
type Role string

const (
	RoleNone  Role = ""
	RoleRead  Role = "read"
	RoleWrite Role = "write"
	RoleAdmin Role = "admin"
)

// AllLocations is the grant that covers every sub-account.
const AllLocations = "*"

// ParseRole is the role named by s, or an error listing the roles.
func ParseRole(s string) (Role, error) {
	switch r := Role(strings.ToLower(strings.TrimSpace(s))); r {
	case RoleRead, RoleWrite, RoleAdmin:
		return r, nil
	}
	return RoleNone, fmt.Errorf("role %q: use read, write or admin", s)
}

func (r Role) rank() int { return slices.Index([]Role{RoleNone, RoleRead, RoleWrite, RoleAdmin}, r) }

// Writes reports whether the role may send writes.
func (r Role) Writes() bool { return r.rank() >= RoleWrite.rank() }

// Person is one member of the team: a name, the public keys that sign in as them
// (authorized_keys form, comment dropped), and a role per sub-account id (or
// AllLocations).
type Person struct {
	Name   string          `json:"name"`
	Keys   []string        `json:"keys"`
	Grants map[string]Role `json:"grants,omitempty"`
}

// RoleOn is the person's role on the sub-account: its own grant, else the grant on
// every one; RoleNone for none.
func (p *Person) RoleOn(location string) Role {
	if r, ok := p.Grants[location]; ok && location != "" {
		return r
	}
	return p.Grants[AllLocations]
}

// Admin reports whether the person manages the server: admin on every sub-account.
func (p *Person) Admin() bool { return p.Grants[AllLocations] == RoleAdmin }

// DefaultLocation is the sub-account a session opens when it names none: the first
// of the person's own grants; "" with only a grant on every one (the server's
// profile decides).
func (p *Person) DefaultLocation() string {
	var locs []string
	for l := range p.Grants {
		if l != AllLocations {
			locs = append(locs, l)
		}
	}
	slices.Sort(locs)
	if len(locs) == 0 {
		return ""
	}
	return locs[0]
}

// People is the people file: who may connect, with which keys, to do what.
type People struct {
	People []*Person `json:"people"`
}

// ErrNoPerson is a name no one on the server has.
var ErrNoPerson = errors.New("no such person")

// namePattern is what a person of the server may be called. Compiled on first use,
// as are the package's other expressions: every command of funnels would pay for
// them at its start (a sync.OnceValue is made once and never changes).
var namePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,31}$`) })

// LoadPeople reads the people file of the data directory; none yet is nobody.
func LoadPeople(dir string) (*People, error) {
	data, err := os.ReadFile(filepath.Join(dir, usersFile))
	if errors.Is(err, fs.ErrNotExist) {
		return &People{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("people file: %w", err)
	}
	var p People
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("people file %s: %w", filepath.Join(dir, usersFile), err)
	}
	return &p, nil
}

// Save writes the people file (0600) in one step.
func (ps *People) Save(dir string) error {
	if err := ensureDir(dir); err != nil {
		return err
	}
	data, err := json.MarshalIndent(ps, "", "  ")
	if err != nil {
		return fmt.Errorf("people file: %w", err)
	}
	return writeAtomic(filepath.Join(dir, usersFile), append(data, '\n'))
}

// Find is the person called name, or nil.
func (ps *People) Find(name string) *Person {
	for _, p := range ps.People {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// ByKey is the person whose key this is, or nil.
func (ps *People) ByKey(key gossh.PublicKey) *Person {
	want := keyText(key)
	for _, p := range ps.People {
		if slices.Contains(p.Keys, want) {
			return p
		}
	}
	return nil
}

// Add adds a key to the person called name, making them when new. A key already
// another person's is refused: a key names one person.
func (ps *People) Add(name, key string) error {
	if !namePattern().MatchString(name) {
		return fmt.Errorf("name %q: use 1 to 32 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit", name)
	}
	pub, _, _, _, err := gossh.ParseAuthorizedKey([]byte(key))
	if err != nil {
		return fmt.Errorf("public key: %w (give the text of a .pub file, or the file)", err)
	}
	if other := ps.ByKey(pub); other != nil && other.Name != name {
		return fmt.Errorf("that key is already %s's", other.Name)
	}
	p := ps.Find(name)
	if p == nil {
		p = &Person{Name: name}
		ps.People = append(ps.People, p)
	}
	if k := keyText(pub); !slices.Contains(p.Keys, k) {
		p.Keys = append(p.Keys, k)
	}
	return nil
}

// Remove takes the person called name off the server.
func (ps *People) Remove(name string) error {
	i := slices.IndexFunc(ps.People, func(p *Person) bool { return p.Name == name })
	if i < 0 {
		return fmt.Errorf("%w: %q", ErrNoPerson, name)
	}
	ps.People = slices.Delete(ps.People, i, i+1)
	return nil
}

// Grant gives the person called name role on location (or AllLocations).
func (ps *People) Grant(name, location string, role Role) error {
	p := ps.Find(name)
	if p == nil {
		return fmt.Errorf("%w: %q (add them first with 'funnels serve user add')", ErrNoPerson, name)
	}
	if p.Grants == nil {
		p.Grants = map[string]Role{}
	}
	p.Grants[location] = role
	return nil
}

// keyText is a public key in authorized_keys form without a comment.
func keyText(key gossh.PublicKey) string {
	return strings.TrimSpace(string(gossh.MarshalAuthorizedKey(key)))
}

// Fingerprint is a key's SHA256 fingerprint as ssh-keygen -l shows it.
func Fingerprint(key gossh.PublicKey) string { return gossh.FingerprintSHA256(key) }
