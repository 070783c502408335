package folders_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestFoldersOnATerminalAndPiped(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})

	term := h.TTY("folders").Want(t, 0, "KIND", "Archive", clitest.SeedArchive, "Free 7-Day Trial", "join.lakesidefit.com", "website folder")
	if !strings.HasPrefix(term.Stdout, "KIND  ") || strings.Contains(term.Stdout, "\t") {
		t.Errorf("on a terminal: a header and aligned columns, no tabs:\n%s", term.Stdout)
	}

	piped := h.Run("folders").Want(t, 0)
	lines := piped.Lines()
	if len(lines) != 10 || strings.Contains(piped.Stdout, "KIND") || piped.Stderr != "" {
		t.Fatalf("piped: 10 rows, no header, nothing on stderr:\n%s\nstderr: %s", piped.Stdout, piped.Stderr)
	}
	// funnels folders | cut -f2 gives the ids.
	for _, l := range lines {
		cells := strings.Split(l, "\t")
		if len(cells) != 6 || len(cells[1]) != 20 {
			t.Errorf("piped row is not 6 tab-separated cells with the id second: %q", l)
		}
	}
	if cells := strings.Split(lines[0], "\t"); cells[1] != clitest.SeedArchive || cells[2] != "Archive" {
		t.Errorf("first row %q", lines[0])
	}

	h.Run("folders", "--parent", clitest.SeedArchive).Want(t, 0, "2025 Campaigns", "Old Homepage Funnel")
	h.Run("folders", "--parent", "a b").Want(t, 2, "err:funnels folders: --parent must be an id")
	h.Run("folders", "extra").Want(t, 2, `err:unexpected argument "extra"`, "err:Usage: funnels folders")
}

func TestFoldersJSON(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	var whole struct {
		ParentID string `json:"parentId"`
		Folders  []struct{ ID, Name string }
		Funnels  []struct {
			ID    string
			Steps []struct{ ID string }
		}
	}
	h.Run("folders", "--json").Decode(t, &whole)
	if len(whole.Folders) != 5 || len(whole.Funnels) != 5 || whole.Funnels[0].ID != clitest.SeedTrialFunnel || len(whole.Funnels[0].Steps) != 4 {
		t.Errorf("--json: %+v", whole)
	}

	// A field list, after --json as its own word or with =: folders and funnels as one
	// array of just those fields.
	for _, args := range [][]string{{"folders", "--json", "id,kind"}, {"folders", "--json=id,kind"}, {"--json", "id,kind", "folders"}} {
		var rows []map[string]any
		h.Run(args...).Decode(t, &rows)
		if len(rows) != 10 || len(rows[0]) != 2 || rows[0]["id"] != clitest.SeedArchive || rows[0]["kind"] != "folder" || rows[5]["kind"] != "funnel" {
			t.Errorf("%v: %v", args, rows)
		}
	}
	r := h.Run("folders", "--json", "id,nme")
	r.Want(t, 2, `err:unknown field "nme"`, "err:the fields are: kind, id, name,")
	if r.Stdout != "" {
		t.Errorf("stdout %q", r.Stdout)
	}

	h.Run("folders", "--jq", `.funnels[] | select(.domainName != null) | .name`).Want(t, 0, "Free 7-Day Trial\n")
	h.Run("folders", "--template", `{{range .folders}}{{.name}};{{end}}`).Want(t, 0, "Archive;Club Websites;")
	h.Run("folders", "--jq", ".[").Want(t, 2, "err:--jq")
	h.Run("folders", "--template", "{{.x").Want(t, 2, "err:--template")
	h.Run("folders", "--jq", ".", "--template", "x").Want(t, 2, "err:cannot be used together")
	h.Run("folders", "--jq", `.funnels[0].name | error`).Want(t, 2, "err:--jq")
}
