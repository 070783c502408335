package client

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
)

// A folder's first rows before its whole answer: a location's root can list ten
// thousand funnels with their steps in one answer of tens of megabytes, read for
// seconds on a slow link, while a screen shows forty rows. The records are handed on
// as the stream reads them, so the first of them can be shown while the rest is read.

// BrowseFolderEarly is BrowseFolder that also hands early, once, the first rows of
// the folder as soon as they are read, from the goroutine that reads them and before
// BrowseFolder's result is returned: from folder entities, the first n records of the
// answer, decoded (not when the answer holds fewer); from the funnel list, its first
// page, grouped and sorted as the whole will be (not when it has only one). The Listing
// returned is the whole folder, as BrowseFolder returns it.
func (c *Client) BrowseFolderEarly(ctx context.Context, folderID string, n int, early func(*Listing)) (*Listing, *Response, error) {
	return c.browseFolder(ctx, folderID, n, early)
}

// earlyEntities keeps every record and decodes the first n that are records, as
// decodeEntities would, handing them to early when it has n.
func earlyEntities(n int, early func(*Listing)) keepFunc {
	part := &Listing{Via: FamilyFolders, Folders: []Folder{}, Funnels: []Funnel{}}
	done := n <= 0 || early == nil
	return func(path string, raw json.RawMessage) bool {
		if done {
			return true
		}
		raw = bytes.Clone(raw) // the stream's buffer moves on once this returns
		o, err := objectFieldsOf(raw, true)
		if err != nil || !isRecord(o) {
			return true
		}
		switch list := path[strings.LastIndexByte(path, '.')+1:]; {
		case list == "folders" || list != "funnels" && isFolderEntity(o):
			var f Folder
			if f.UnmarshalJSON(raw) == nil {
				part.Folders = append(part.Folders, f)
			}
		default:
			var f Funnel
			f.fromFields(o, raw, true)
			part.Funnels = append(part.Funnels, f)
		}
		if len(part.Folders)+len(part.Funnels) >= n {
			done = true
			early(part)
		}
		return true
	}
}
