package cli

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestFoldersOnATerminalAndPiped(t *testing.T) {
	h := signedIn(t, sandbox.Options{})

	term := h.tty("folders").want(t, 0, "KIND", "Archive", seedArchive, "Free 7-Day Trial", "join.lakesidefit.com", "website folder")
	if !strings.HasPrefix(term.stdout, "KIND  ") || strings.Contains(term.stdout, "\t") {
		t.Errorf("on a terminal: a header and aligned columns, no tabs:\n%s", term.stdout)
	}

	piped := h.run("folders").want(t, 0)
	lines := piped.lines()
	if len(lines) != 10 || strings.Contains(piped.stdout, "KIND") || piped.stderr != "" {
		t.Fatalf("piped: 10 rows, no header, nothing on stderr:\n%s\nstderr: %s", piped.stdout, piped.stderr)
	}
	// funnels folders | cut -f2 gives the ids.
	for _, l := range lines {
		cells := strings.Split(l, "\t")
		if len(cells) != 6 || len(cells[1]) != 20 {
			t.Errorf("piped row is not 6 tab-separated cells with the id second: %q", l)
		}
	}
	if cells := strings.Split(lines[0], "\t"); cells[1] != seedArchive || cells[2] != "Archive" {
		t.Errorf("first row %q", lines[0])
	}

	h.run("folders", "--parent", seedArchive).want(t, 0, "2025 Campaigns", "Old Homepage Funnel")
	h.run("folders", "--parent", "a b").want(t, 2, "err:funnels folders: --parent must be an id")
	h.run("folders", "extra").want(t, 2, `err:unexpected argument "extra"`, "err:Usage: funnels folders")
}

func TestFoldersJSON(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	var whole struct {
		ParentID string `json:"parentId"`
		Folders  []struct{ ID, Name string }
		Funnels  []struct {
			ID    string
			Steps []struct{ ID string }
		}
	}
	h.run("folders", "--json").decode(t, &whole)
	if len(whole.Folders) != 5 || len(whole.Funnels) != 5 || whole.Funnels[0].ID != seedTrialFunnel || len(whole.Funnels[0].Steps) != 4 {
		t.Errorf("--json: %+v", whole)
	}

	// A field list, after --json as its own word or with =: folders and funnels as one
	// array of just those fields.
	for _, args := range [][]string{{"folders", "--json", "id,kind"}, {"folders", "--json=id,kind"}, {"--json", "id,kind", "folders"}} {
		var rows []map[string]any
		h.run(args...).decode(t, &rows)
		if len(rows) != 10 || len(rows[0]) != 2 || rows[0]["id"] != seedArchive || rows[0]["kind"] != "folder" || rows[5]["kind"] != "funnel" {
			t.Errorf("%v: %v", args, rows)
		}
	}
	r := h.run("folders", "--json", "id,nme")
	r.want(t, 2, `err:unknown field "nme"`, "err:the fields are: kind, id, name,")
	if r.stdout != "" {
		t.Errorf("stdout %q", r.stdout)
	}

	h.run("folders", "--jq", `.funnels[] | select(.domainName != null) | .name`).want(t, 0, "Free 7-Day Trial\n")
	h.run("folders", "--template", `{{range .folders}}{{.name}};{{end}}`).want(t, 0, "Archive;Club Websites;")
	h.run("folders", "--jq", ".[").want(t, 2, "err:--jq")
	h.run("folders", "--template", "{{.x").want(t, 2, "err:--template")
	h.run("folders", "--jq", ".", "--template", "x").want(t, 2, "err:cannot be used together")
	h.run("folders", "--jq", `.funnels[0].name | error`).want(t, 2, "err:--jq")
}
