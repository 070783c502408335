package folders_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestFolderCreateOnATerminalAndPiped(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	h.TTY("folder", "create", "--name", "  Spring Campaigns ").
		Want(t, 0, `Created funnel folder "Spring Campaigns" (id `, "New folders appear at the top level")

	// Piped: the sentence on stderr, the new folder's id alone on stdout.
	piped := h.Run("folder", "create", "--name", "Club Sites", "--type", "website").Want(t, 0, `err:Created website folder "Club Sites"`)
	id := strings.TrimSpace(piped.Stdout)
	if len(id) < 10 || strings.ContainsAny(id, " \n") {
		t.Fatalf("piped stdout should be the id alone: %q", piped.Stdout)
	}
	h.Run("folders").Want(t, 0, id+"\tClub Sites")

	var f struct{ ID, Name, Type string }
	r := h.Run("folder", "create", "--name", "JSON Folder", "--json")
	r.Decode(t, &f)
	if f.ID == "" || f.Name != "JSON Folder" || f.Type != "funnel" || !strings.Contains(r.Stderr, "top level") {
		t.Errorf("--json: %+v, stderr %q", f, r.Stderr)
	}
	h.Run("folder", "create", "--name", "X", "--type", "folder").Want(t, 2, `err:funnels folder create: --type must be funnel or website (got "folder")`)
	h.Run("folder", "create").Want(t, 2, "err:--name is required")
	h.Run("folder").Want(t, 2, "err:a command is needed: create")
}
