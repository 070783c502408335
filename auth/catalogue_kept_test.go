package auth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzKeptListing: whatever the kept listing of an agency's sub-accounts holds
// (damaged, hand-edited, from another version), reading it never panics; it is used
// only when it is young enough and every id is a location id, and its names are
// clean for a terminal.
func FuzzKeptListing(f *testing.F) {
	now := time.Now().UTC().Format(time.RFC3339Nano)
	f.Add(`{"listed":"` + now + `","subAccounts":[{"id":"SummitStrengthLoc002","name":"Summit Strength"}]}`)
	f.Add(`{"listed":"` + now + `","subAccounts":[{"id":"../etc","name":"x"}]}`)
	f.Add(`{"listed":"` + now + `","subAccounts":[{"id":"Loc1","name":"\u001b]52;c;aGk=\u0007"}]}`)
	f.Add(`{"listed":"1999-01-01T00:00:00Z","subAccounts":[{"id":"Loc1"}]}`)
	f.Add(`{"listed":null,"subAccounts":{}}`)
	f.Add("\x00not json")
	f.Fuzz(func(t *testing.T, body string) {
		path := filepath.Join(t.TempDir(), "agency.sub-accounts.json")
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		subs, ok := readKeptListing(path, KeptListingAge)
		if !ok {
			return
		}
		for _, s := range subs {
			if checkLocation(s.ID) != nil || strings.ContainsAny(s.ID, `/\`) {
				t.Errorf("a kept listing gave the id %q", s.ID)
			}
			if strings.ContainsAny(s.Name, "\x1b\x07") {
				t.Errorf("a kept listing gave the name %q", s.Name)
			}
		}
	})
}
