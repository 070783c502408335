package redirectplan

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
)

// State is where one location's bulk redirect files live: the journals of applies
// under way and the saved versions.
type State struct{ Dir string }

// StateOf is the state directory of a location under root (the state home's
// directory of the token store): per owner (the profile, or a name for a token
// given without one) and per location and base URL, so two services never share one.
func StateOf(root, owner, baseURL, locationID string) State {
	sum := sha256.Sum256([]byte(baseURL + " " + locationID))
	loc := locationID + "-" + hex.EncodeToString(sum[:4])
	return State{Dir: filepath.Join(root, "redirects", owner, loc)}
}

// Journal is the path of the journal of the input named fingerprint.
func (s State) Journal(fingerprint string) string {
	return filepath.Join(s.Dir, "journal-"+fingerprint+".jsonl")
}

// Versions are the location's saved versions.
func (s State) Versions() Versions {
	return Versions{Dir: filepath.Join(s.Dir, "versions")}
}
