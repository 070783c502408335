package auth

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// A profile that is not signed in names a few of those that are, reading no more of
// the store than that: with thousands of profiles, a list of every profile would
// otherwise read the whole directory once per profile.
func TestNotSignedInNamesAFewOthers(t *testing.T) {
	store := NewStore(t.TempDir())
	for i := range 40 {
		if err := store.Save(fmt.Sprintf("p%02d", i), &Token{Kind: KindPIT, AccessToken: "pit-x"}); err != nil {
			t.Fatal(err)
		}
	}
	_, err := store.Load("absent")
	var lr *LoginRequiredError
	if !errors.As(err, &lr) {
		t.Fatalf("err = %v", err)
	}
	if len(lr.SignedIn) != othersNamed+1 {
		t.Errorf("named %d profiles (%v), want %d: enough for the message", len(lr.SignedIn), lr.SignedIn, othersNamed+1)
	}
	if o := lr.Others(); !strings.HasPrefix(o, "signed in: p") || !strings.Contains(o, ", …") {
		t.Errorf("Others = %q", o)
	}
	names, err := store.Profiles()
	if err != nil || len(names) != 40 || names[0] != "p00" || names[39] != "p39" {
		t.Errorf("Profiles = %v, %v", names, err)
	}
}
