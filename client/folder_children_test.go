package client_test

import (
	"slices"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFolderChildrenAreFolderEntitiesFolders: in every shape the sandbox answers,
// FolderChildren finds the same folders as FolderEntities, at the root and below.
func TestFolderChildrenAreFolderEntitiesFolders(t *testing.T) {
	for name, d := range map[string]sandbox.Dialect{
		"contract": {}, "bare": {BareLists: true}, "wrapped": {WrappedLists: true}, "plain ids": {PlainIDs: true},
		"summaries": {Summaries: true}, "string numbers": {StringNumbers: true},
	} {
		t.Run(name, func(t *testing.T) {
			c, _ := newTestClient(t, sandbox.Options{Dialect: d})
			queue := []string{""}
			seen := 0
			for len(queue) > 0 {
				id := queue[0]
				queue = queue[1:]
				ents, _, err := c.FolderEntities(ctxT(t), "", id, "")
				if err != nil {
					t.Fatal(err)
				}
				kids, _, err := c.FolderChildren(ctxT(t), id)
				if err != nil {
					t.Fatal(err)
				}
				var want, got []string
				for _, f := range ents.Folders {
					want = append(want, f.ID)
				}
				for _, f := range kids {
					got = append(got, f.ID)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("folder %q: children %v, entities' folders %v", id, got, want)
				}
				queue = append(queue, want...)
				seen += len(want)
			}
			if seen != 9 {
				t.Fatalf("%d folders in the tree, want 9", seen)
			}
		})
	}
}
