package serve

import (
	"errors"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/client"
)

// TestRefuseWritesNamesTheRoleOrTheMissingGrant: a reader on A is refused a write
// there as a reader (read-only, exit 2); on B, where they hold no grant, as not
// granted — never "may only read" a sub-account they cannot read at all.
func TestRefuseWritesNamesTheRoleOrTheMissingGrant(t *testing.T) {
	bob := &Person{Name: "bob", Grants: map[string]Role{"LOCA": RoleRead, "LOCW": RoleWrite}}
	g := newGate(newPool(auditlog.Open(t.TempDir())), bob, "SHA256:bob", "s1")
	if err := g.RefuseWrites("LOCW"); err != nil {
		t.Fatalf("a writer refused: %v", err)
	}
	err := g.RefuseWrites("LOCA")
	if !errors.Is(err, client.ErrReadOnly) || !strings.Contains(err.Error(), "bob may only read sub-account LOCA") {
		t.Fatalf("a reader: %v", err)
	}
	err = g.RefuseWrites("LOCB")
	if !errors.Is(err, client.ErrWrongLocation) || errors.Is(err, client.ErrReadOnly) || strings.Contains(err.Error(), "may only read") ||
		!strings.Contains(err.Error(), "LOCB was not granted to bob") {
		t.Fatalf("no grant: %v", err)
	}
}
