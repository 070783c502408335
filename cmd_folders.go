package main

import (
	"fmt"
	"strconv"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// topLevelNote says where a new folder lands: the create body has no parent field.
const topLevelNote = "New folders appear at the top level: the API takes no parent folder, so move it in the web app if it belongs elsewhere."

func foldersSpec() cmdSpec {
	return cmdSpec{
		path:     "folders",
		summary:  "what a folder holds: its folders, then its funnels, with ids",
		synopsis: "funnels folders [--parent ID] [flags]",
		about: `Lists what one folder holds: its folders first, then its funnels and websites,
each with its id. Without --parent it lists the top level of the location.`,
		example: `funnels folders
funnels folders --parent 5n3BCYO90Tpw1TDRS8EK --json | jq -r '.funnels[].id'`,
		flags: []flagDef{
			{name: "parent", meta: "ID", usage: "the folder to list (default: the top level)", field: "parentId"},
			jsonFlag(),
		},
		api: true,
		run: runFolders,
	}
}

// foldersOutput is the --json shape of `funnels folders`.
type foldersOutput struct {
	ParentID string          `json:"parentId"` // "" for the top level
	Folders  []client.Folder `json:"folders"`
	Funnels  []client.Funnel `json:"funnels"`
}

func runFolders(in *invocation) int {
	parent := in.str("parent")
	if in.given["parent"] {
		p, err := validate.ID("parentId", parent)
		if err != nil {
			return in.fail(err)
		}
		parent = p
	}
	c, code := in.openAPI(true)
	if code != exitOK {
		return code
	}
	ents, _, err := c.FolderEntities(in.ctx, "", parent, "")
	if err != nil {
		return in.fail(err)
	}
	if in.wantsJSON() {
		return in.printJSON(foldersOutput{ParentID: parent, Folders: ents.Folders, Funnels: ents.Funnels})
	}
	if len(ents.Folders)+len(ents.Funnels) == 0 {
		in.notice("Nothing here: the folder holds no folders and no funnels.")
		return exitOK
	}
	rows := make([][]string, 0, len(ents.Folders)+len(ents.Funnels))
	for _, f := range ents.Folders {
		kind := "folder"
		if f.Type == "website" {
			kind = "website folder"
		}
		rows = append(rows, []string{kind, f.ID, f.Name, "-", "-", "-"})
	}
	for _, f := range ents.Funnels {
		kind := f.Type
		if kind == "" {
			kind = "funnel"
		}
		rows = append(rows, []string{kind, f.ID, f.Name, strconv.Itoa(len(f.Steps)), orDash(validate.DisplayHost(f.DomainName)), orDash(f.URL)})
	}
	return in.printTable([]string{"KIND", "ID", "NAME", "STEPS", "DOMAIN", "PATH"}, rows)
}

func folderCreateSpec() cmdSpec {
	return cmdSpec{
		path:     "folder create",
		summary:  "make a folder (it appears at the top level)",
		synopsis: "funnels folder create --name NAME [--type funnel|website] [--user-id ID] [flags]",
		about: `Makes a folder for funnels or websites and prints its id.
` + topLevelNote,
		example: `funnels folder create --name "Spring Campaigns"
funnels folder create --name "Club Sites" --type website --json`,
		flags: []flagDef{
			{name: "name", meta: "NAME", usage: "the folder's name", field: "name"},
			{name: "type", meta: "TYPE", usage: "what it holds", field: "type", values: validate.FolderTypes, def: "funnel"},
			{name: "user-id", meta: "ID", usage: "the user who creates it", field: "userId"},
			jsonFlag(),
		},
		api: true,
		run: runFolderCreate,
	}
}

func runFolderCreate(in *invocation) int {
	body, err := validate.NormalizeCreateFolder(client.CreateFolder{Name: in.str("name"), Type: in.str("type"), UserID: in.str("user-id")})
	if err != nil {
		return in.fail(err)
	}
	c, code := in.openAPI(true)
	if code != exitOK {
		return code
	}
	folder, _, err := c.CreateFolder(in.ctx, body)
	if err != nil {
		return in.fail(err)
	}
	if in.wantsJSON() {
		in.notice("%s", topLevelNote)
		return in.printJSON(folder)
	}
	id := folder.ID
	if id == "" {
		id = "not returned by the server"
	}
	fmt.Fprintf(in.env.Stdout, "Created %s folder %q (id %s) at the top level.\n%s\n",
		cleanLine(orDefault(folder.Type, body.Type)), cleanLine(orDefault(folder.Name, body.Name)), cleanLine(id), topLevelNote)
	return exitOK
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
