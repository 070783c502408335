package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"time"
)

// Folder groups funnels or websites; folders nest through ParentID.
type Folder struct {
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Type        string          `json:"type,omitempty"`
	Category    string          `json:"category,omitempty"`
	ParentID    string          `json:"parentId,omitempty"`
	LocationID  string          `json:"locationId,omitempty"`
	DateAdded   time.Time       `json:"dateAdded,omitzero"`
	DateUpdated time.Time       `json:"dateUpdated,omitzero"`
	Raw         json.RawMessage `json:"-"`
}

func (f *Folder) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*f = Folder{
		ID:          o.str("id", "folderid"),
		Name:        o.str("name", "title"),
		Type:        o.str("type"),
		Category:    o.str("category"),
		ParentID:    o.str("parentid"),
		LocationID:  o.str("locationid"),
		DateAdded:   o.time("dateadded", "createdat"),
		DateUpdated: o.time("dateupdated", "updatedat"),
		Raw:         append(json.RawMessage(nil), b...),
	}
	return nil
}

// Entities is what one folder holds: its subfolders and its funnels.
type Entities struct {
	Folders []Folder `json:"folders"`
	Funnels []Funnel `json:"funnels"`
}

// FolderEntities returns what one folder holds (GET /funnels/funnel/folder/entities);
// parentID "" is the root. The answer's shape is not documented, so both a mixed list
// (told apart by category) and separate folders/funnels lists are read.
func (c *Client) FolderEntities(ctx context.Context, locationID, parentID, typ string) (*Entities, *Response, error) {
	return c.folderEntities(ctx, locationID, parentID, typ, nil)
}

// folderEntities is FolderEntities handing each record to keep as it is read.
func (c *Client) folderEntities(ctx context.Context, locationID, parentID, typ string, keep keepFunc) (*Entities, *Response, error) {
	q := url.Values{}
	c.setLocation(q, locationID)
	setIf(q, "parentId", parentID)
	setIf(q, "type", typ)
	const path = "/funnels/funnel/folder/entities"
	env, resp, err := c.doList(ctx, call{method: http.MethodGet, path: path, query: q}, keep, "entities")
	if err != nil {
		return nil, resp, err
	}
	return decodeEntities(env), resp, nil
}

func decodeEntities(env listEnvelope) *Entities {
	out := &Entities{Folders: []Folder{}, Funnels: []Funnel{}}
	if env.wrapper != nil {
		// {"folders": [...], "funnels": [...]}: lists of one kind each.
		fe, hasFolders := env.sub("folders")
		fu, hasFunnels := env.sub("funnels")
		if _, hasEntities := env.wrapper.get("entities"); !hasEntities && (hasFolders || hasFunnels) {
			out.Folders = append(out.Folders, decodeEach[Folder](fe.items)...)
			out.Funnels = append(out.Funnels, decodeEach[Funnel](fu.items)...)
			return out
		}
	}
	owned := env.owned
	for _, it := range env.items {
		o, err := objectFieldsOf(it, owned)
		if err != nil {
			continue
		}
		if isFolderEntity(o) {
			var f Folder
			if f.UnmarshalJSON(it) == nil {
				out.Folders = append(out.Folders, f)
			}
			continue
		}
		var fn Funnel
		fn.fromFields(o, it, owned) // the object read once
		out.Funnels = append(out.Funnels, fn)
	}
	return out
}

func isFolderEntity(o fields) bool {
	for _, k := range []string{"category", "entitytype", "kind"} {
		if v := o.str(k); v != "" {
			return v == "folder"
		}
	}
	return o.bool("isfolder") || o.str("type") == "folder"
}

// CreateFolderRequest is the body of POST /funnels/funnel/folder/create. It has no parent
// field: new folders appear at the top level.
type CreateFolderRequest struct {
	LocationID string `json:"locationId"`
	Type       string `json:"type"` // "funnel" or "website"
	Name       string `json:"name"`
	UserID     string `json:"userId,omitempty"`
}

// CreateFolder makes a folder and returns it as the service answered.
func (c *Client) CreateFolder(ctx context.Context, b CreateFolderRequest) (*Folder, *Response, error) {
	if b.LocationID == "" {
		b.LocationID = c.location
	}
	cl, err := jsonCall(http.MethodPost, "/funnels/funnel/folder/create", b)
	if err != nil {
		return nil, nil, err
	}
	body, resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, resp, err
	}
	f := &Folder{Name: b.Name, Type: b.Type}
	if raw, _, err := unwrapRecord(body, "folder"); err == nil {
		var got Folder
		if got.UnmarshalJSON(raw) == nil && got.ID != "" {
			f = &got
		}
	}
	return f, resp, nil
}
