package cli

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestFolderCreateOnATerminalAndPiped(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	h.tty("folder", "create", "--name", "  Spring Campaigns ").
		want(t, 0, `Created funnel folder "Spring Campaigns" (id `, "New folders appear at the top level")

	// Piped: the sentence on stderr, the new folder's id alone on stdout.
	piped := h.run("folder", "create", "--name", "Club Sites", "--type", "website").want(t, 0, `err:Created website folder "Club Sites"`)
	id := strings.TrimSpace(piped.stdout)
	if len(id) < 10 || strings.ContainsAny(id, " \n") {
		t.Fatalf("piped stdout should be the id alone: %q", piped.stdout)
	}
	h.run("folders").want(t, 0, id+"\tClub Sites")

	var f struct{ ID, Name, Type string }
	r := h.run("folder", "create", "--name", "JSON Folder", "--json")
	r.decode(t, &f)
	if f.ID == "" || f.Name != "JSON Folder" || f.Type != "funnel" || !strings.Contains(r.stderr, "top level") {
		t.Errorf("--json: %+v, stderr %q", f, r.stderr)
	}
	h.run("folder", "create", "--name", "X", "--type", "folder").want(t, 2, `err:funnels folder create: --type must be funnel or website (got "folder")`)
	h.run("folder", "create").want(t, 2, "err:--name is required")
	h.run("folder").want(t, 2, "err:a command is needed: create")
}
