package serve

import (
	"os"
	"path/filepath"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

const testKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDG0uVHu+zBdaZ0jr0f5Hn2wO8ZbZGjwM7lR1Kjd4tdq ana@laptop"

func TestPeopleKeysRolesAndTheFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	ps, err := LoadPeople(dir)
	if err != nil || len(ps.People) != 0 {
		t.Fatalf("a missing file: %+v, %v; want nobody", ps, err)
	}
	if err := ps.Add("ana", testKey); err != nil {
		t.Fatal(err)
	}
	if err := ps.Add("bob", testKey); err == nil {
		t.Fatal("a key already ana's was given to bob")
	}
	if err := ps.Add("Bad Name", testKey); err == nil {
		t.Fatal("a name with a space and capitals was taken")
	}
	if err := ps.Grant("ana", "LOC1", RoleRead); err != nil {
		t.Fatal(err)
	}
	if err := ps.Grant("nobody", "LOC1", RoleRead); err == nil {
		t.Fatal("a grant to nobody was taken")
	}
	if err := ps.Save(dir); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, usersFile))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("people file mode %v, %v; want 0600", st.Mode().Perm(), err)
	}
	again, err := LoadPeople(dir)
	if err != nil {
		t.Fatal(err)
	}
	pub, _, _, _, _ := gossh.ParseAuthorizedKey([]byte(testKey))
	ana := again.ByKey(pub)
	switch {
	case ana == nil || ana.Name != "ana":
		t.Fatalf("ana's key finds %+v", ana)
	case ana.RoleOn("LOC1") != RoleRead || ana.RoleOn("LOC2") != RoleNone || ana.RoleOn("") != RoleNone:
		t.Fatalf("ana's roles: %+v", ana.Grants)
	case ana.Admin() || ana.DefaultLocation() != "LOC1":
		t.Fatalf("ana: admin %v, default %q", ana.Admin(), ana.DefaultLocation())
	}
	_ = again.Grant("ana", AllLocations, RoleAdmin)
	if !ana.Admin() || ana.RoleOn("LOC2") != RoleAdmin || ana.RoleOn("LOC1") != RoleRead {
		t.Fatalf("ana with admin on all: %+v", ana.Grants)
	}
	if err := again.Remove("ana"); err != nil || again.ByKey(pub) != nil {
		t.Fatalf("remove: %v", err)
	}
}

func TestHostKeyIsMadeOnceAndKept(t *testing.T) {
	dir := t.TempDir()
	_, fp1, err := hostKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, fp2, err := hostKey(dir)
	if err != nil || fp1 != fp2 {
		t.Fatalf("the host key changed between starts: %s, %s (%v)", fp1, fp2, err)
	}
	st, _ := os.Stat(filepath.Join(dir, hostKeyFile))
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("host key mode %v", st.Mode().Perm())
	}
}
