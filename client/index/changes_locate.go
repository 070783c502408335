package index

import (
	"context"

	bolt "go.etcd.io/bbolt"
)

// Located is where the item of a change sits in the index now: the Item that opens
// it in the browser, and the folders from the one that holds it up to the top.
type Located struct {
	Item    Item
	Folders []Folder // nearest first
	Found   bool     // the index holds the item (else it is gone)
}

// maxFolderDepth bounds the walk up the folders (a parent loop in a file that lies).
const maxFolderDepth = 32

// Locate finds the item of c with a few reads by key: its record (a step in its
// funnel's), and the folders above it.
func (s *Store) Locate(ctx context.Context, c Change) (Located, error) {
	var out Located
	_, err := s.view(ctx, func(tx *bolt.Tx) error {
		it, ok := locateItem(tx, c)
		if !ok {
			return nil
		}
		out.Item, out.Found = it, true
		fb := tx.Bucket(bFolders)
		for id, depth := it.FolderID, 0; id != "" && depth < maxFolderDepth; depth++ {
			var f Folder
			if !get(fb, []byte(id), &f) {
				break
			}
			out.Folders = append(out.Folders, f)
			if f.ParentID == id {
				break
			}
			id = f.ParentID
		}
		return nil
	})
	return out, err
}

// locateItem is the Item of c as the index holds it now.
func locateItem(tx *bolt.Tx, c Change) (Item, bool) {
	if c.Item == "folder" {
		var f Folder
		if !get(tx.Bucket(bFolders), []byte(c.ID), &f) {
			return Item{}, false
		}
		return Item{Kind: KindFolder, ID: f.ID, Name: f.Name, FolderID: f.ParentID}, true
	}
	var f Funnel
	if !get(tx.Bucket(bFunnels), []byte(c.FunnelID), &f) {
		return Item{}, false
	}
	switch c.Item {
	case "funnel":
		return Item{Kind: KindFunnel, ID: f.ID, Name: f.Name, FolderID: f.ParentID, FunnelID: f.ID}, true
	case "step":
		for _, st := range f.Steps {
			if st.ID == c.ID {
				return Item{Kind: KindStep, ID: st.ID, Name: st.Name, Path: st.URL, FolderID: f.ParentID, FunnelID: f.ID, StepID: st.ID}, true
			}
		}
	case "page":
		var p Page
		if get(tx.Bucket(bPages), pageKey(f.ID, c.ID), &p) {
			return Item{Kind: KindPage, ID: p.ID, Name: p.Name, Path: p.URL, FolderID: f.ParentID, FunnelID: f.ID,
				StepID: p.StepID, Archived: p.Deleted}, true
		}
	}
	return Item{}, false
}
