package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
)

// FolderChildren returns the folders one folder holds (GET
// /funnels/funnel/folder/entities), without decoding the funnels beside them: what a
// walk of the folder tree needs (the funnel list has the funnels). A folder of a
// thousand funnels with their steps answers with megabytes; telling its folders from
// its funnels by a few fields is several times cheaper than reading every funnel. The
// answer's shapes are FolderEntities' (a mixed list or separate lists).
func (c *Client) FolderChildren(ctx context.Context, parentID string) ([]Folder, *Response, error) {
	q := url.Values{}
	c.setLocation(q, "")
	setIf(q, "parentId", parentID)
	const path = "/funnels/funnel/folder/entities"
	env, resp, err := c.doList(ctx, call{method: http.MethodGet, path: path, query: q}, foldersOnly, "entities")
	if err != nil {
		return nil, resp, err
	}
	folders := []Folder{}
	if env.wrapper != nil {
		fe, hasFolders := env.sub("folders")
		_, hasFunnels := env.wrapper.get("funnels")
		if _, hasEntities := env.wrapper.get("entities"); !hasEntities && (hasFolders || hasFunnels) {
			folders = append(folders, decodeEach[Folder](fe.items)...)
			return folders, resp, nil
		}
	}
	for _, it := range env.items {
		if !looksLikeFolder(it) {
			continue
		}
		var f Folder
		if f.UnmarshalJSON(it) == nil {
			folders = append(folders, f)
		}
	}
	return folders, resp, nil
}

// foldersOnly keeps, as the answer is read, what may be a folder: every record of a
// list of folders, none of a list of funnels, and those of a mixed list that look like
// folders. A root folder of thousands of funnels is then never held in memory.
func foldersOnly(path string, raw json.RawMessage) bool {
	switch path[strings.LastIndexByte(path, '.')+1:] {
	case "folders":
		return true
	case "funnels":
		return false
	}
	return looksLikeFolder(raw)
}

// looksLikeFolder tells a folder entity from a funnel by the fields isFolderEntity
// reads, decoded into a small struct (no map of every field, no steps kept).
func looksLikeFolder(raw json.RawMessage) bool {
	var probe struct {
		Category   any `json:"category"`
		EntityType any `json:"entityType"`
		Kind       any `json:"kind"`
		Type       any `json:"type"`
		IsFolder   any `json:"isFolder"`
	}
	if json.Unmarshal(raw, &probe) != nil {
		return false
	}
	text := func(v any) string {
		s, _ := v.(string)
		return s
	}
	for _, v := range []any{probe.Category, probe.EntityType, probe.Kind} {
		if s := text(v); s != "" {
			return strings.EqualFold(s, "folder")
		}
	}
	switch b := probe.IsFolder.(type) {
	case bool:
		if b {
			return true
		}
	case string:
		if strings.EqualFold(b, "true") {
			return true
		}
	}
	return strings.EqualFold(text(probe.Type), "folder")
}
