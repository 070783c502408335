package client_test

import (
	"net/http"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFolderEntitiesHoldNestedFolders reads the root entities and each folder's own,
// the way the browser does.
func TestFolderEntitiesHoldNestedFolders(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	root, resp, err := c.FolderEntities(ctx, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || len(root.Folders) == 0 || len(root.Funnels) == 0 {
		t.Fatalf("root: status %d, %d folders, %d funnels", resp.StatusCode, len(root.Folders), len(root.Funnels))
	}
	// Find a nested folder: some folder's entities hold another folder.
	nested := false
	for _, f := range root.Folders {
		inner, _, err := c.FolderEntities(ctx, "", f.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, sub := range inner.Folders {
			if sub.ParentID != f.ID {
				t.Errorf("folder %s in %s has parentId %q", sub.ID, f.ID, sub.ParentID)
			}
			nested = true
		}
	}
	if !nested {
		t.Errorf("no nested folder in the seed")
	}
}

// TestCreateFolderShowsInTheRootEntities: a new folder is in the root entities.
func TestCreateFolderShowsInTheRootEntities(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	folder, resp, err := c.CreateFolder(ctx, client.CreateFolderRequest{Name: "Holiday Promos", Type: "funnel", UserID: sb.Server.UserID()})
	if err != nil || folder.ID == "" || resp.StatusCode != 201 {
		t.Fatalf("create folder: %+v %v", folder, err)
	}
	root, _, _ := c.FolderEntities(ctx, "", "", "")
	if !hasFolder(root.Folders, folder.ID) {
		t.Errorf("new folder %s not in the root entities", folder.ID)
	}
}

func hasFolder(fs []client.Folder, id string) bool {
	for _, f := range fs {
		if f.ID == id {
			return true
		}
	}
	return false
}
