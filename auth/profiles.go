package auth

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/config"
)

// Kinds of sign-in, as profile lists show them.
const (
	ProfileOAuth  = "oauth"  // a sub-account's OAuth sign-in
	ProfilePIT    = "pit"    // a private integration token
	ProfileAgency = "agency" // an agency sign-in that reaches many sub-accounts
	ProfileMinted = "minted" // a sub-account of an agency sign-in (its token minted)
)

// ProfileInfo is one profile: named in the config file, signed in, or both.
type ProfileInfo struct {
	Name       string
	LocationID string    // the sub-account it opens ("" for an agency that has none chosen)
	Kind       string    // ProfileOAuth, ProfilePIT, ProfileAgency; "" when not signed in
	Expiry     time.Time // of the access token; zero for none or a private token
	Storage    string    // StorageFile or StorageKeyring; "" when not signed in
	Default    bool      // the profile used when none is named
	ReadOnly   bool      // readonly = true in its table
	InFile     bool      // it has a [profiles.NAME] table
}

// ListProfiles lists every profile, by name: the config file's tables and every
// signed-in profile, with what the stored token says (read from the files only:
// listing never asks the keyring, so it never waits on one).
func ListProfiles(getenv func(string) string, store *Store) ([]ProfileInfo, error) {
	entries, def, err := config.Profiles(getenv)
	if err != nil {
		return nil, err
	}
	byName := map[string]*ProfileInfo{}
	var names []string
	add := func(name string) *ProfileInfo {
		if p := byName[name]; p != nil {
			return p
		}
		p := &ProfileInfo{Name: name}
		byName[name] = p
		names = append(names, name)
		return p
	}
	for _, e := range entries {
		p := add(e.Name)
		p.LocationID, p.ReadOnly, p.InFile = e.LocationID, e.ReadOnly, true
	}
	signedIn, err := store.Profiles()
	if err != nil {
		return nil, err
	}
	for _, name := range signedIn {
		tf, err := store.readFile(name)
		if err != nil {
			continue
		}
		p := add(name)
		p.Storage, p.Expiry = StorageFile, tf.Expiry
		if tf.Storage == StorageKeyring {
			p.Storage = StorageKeyring
		}
		switch {
		case tf.Kind == KindPIT:
			p.Kind, p.Expiry = ProfilePIT, time.Time{}
		case tf.UserType == "Company":
			p.Kind = ProfileAgency
		default:
			p.Kind = ProfileOAuth
		}
		if p.LocationID == "" {
			p.LocationID = tf.LocationID
		}
	}
	// A default named in the file or the environment is listed even before it is
	// signed in; the implicit "default" only when it exists.
	if byName[def] == nil && def != config.DefaultProfile && config.CheckProfileName(def) == nil {
		add(def)
	}
	if p := byName[def]; p != nil {
		p.Default = true
	}
	slices.Sort(names)
	out := make([]ProfileInfo, 0, len(names))
	for _, n := range names {
		out = append(out, *byName[n])
	}
	return out, nil
}

// Profiles lists the profiles that have a token file, sorted (not the tokens minted
// for an agency's sub-accounts, not the access records). No directory yet is no
// profile.
func (s *Store) Profiles() ([]string, error) {
	names, err := s.profilesUpTo(-1, "")
	sort.Strings(names)
	return names, err
}

// profilesUpTo lists the profiles with a token file, but skip, in the directory's
// order, stopping once it has most (most < 0: all of them).
func (s *Store) profilesUpTo(most int, skip string) ([]string, error) {
	dir, err := os.Open(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer dir.Close()
	var names []string
	for most < 0 || len(names) < most {
		entries, err := dir.ReadDir(256)
		for _, e := range entries {
			name, ok := strings.CutSuffix(e.Name(), ".json")
			if ok && name != skip && e.Type().IsRegular() && !strings.HasSuffix(name, ".access") && config.CheckProfileName(name) == nil {
				names = append(names, name)
			}
		}
		if errors.Is(err, io.EOF) || len(entries) == 0 {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	return names, nil
}

// othersSignedIn names a few profiles other than profile that have a token file:
// enough for LoginRequiredError.Others to name four and say there are more. It reads
// no more of the directory than that, so naming them costs the same with four
// profiles or four thousand.
func (s *Store) othersSignedIn(profile string) []string {
	names, _ := s.profilesUpTo(othersNamed+1, profile) // unreadable: none to name
	if len(names) > othersNamed+1 {
		names = names[:othersNamed+1]
	}
	sort.Strings(names)
	return names
}

// Account is one thing a browser can switch to: a profile, or a sub-account of an
// agency profile (Name PROFILE/LOCATION).
type Account struct {
	Name         string // what Open takes
	Profile      string
	LocationID   string
	LocationName string // the sub-account's name, when the agency listing gave it
	Kind         string // ProfileOAuth, ProfilePIT, ProfileAgency, ProfileMinted, or ""
	Expiry       time.Time
	Default      bool
	ReadOnly     bool
}

// MintedExpiry is when the token minted for a sub-account of an agency profile
// expires; zero when none was minted yet (or it cannot be read).
func (s *Store) MintedExpiry(profile, location string) time.Time {
	tf, err := s.readFile(mintedEntry(profile, location))
	if err != nil {
		return time.Time{}
	}
	return tf.Expiry
}
