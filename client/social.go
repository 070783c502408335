package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
)

// AttachSocialAccount attaches an OAuth account of a social platform
// (POST /social-media-posting/oauth/{locationId}/{platform}/accounts/{accountId}).
func (c *Client) AttachSocialAccount(ctx context.Context, locationID, platform, accountID string, body json.RawMessage) (*Result, *Response, error) {
	if locationID == "" {
		locationID = c.location
	}
	if len(body) == 0 {
		body = json.RawMessage("{}")
	}
	if _, err := objectFields(body); err != nil {
		return nil, nil, errors.New("social account: the body must be a JSON object")
	}
	path := "/social-media-posting/oauth/" + url.PathEscape(locationID) + "/" + url.PathEscape(platform) +
		"/accounts/" + url.PathEscape(accountID)
	return c.doResult(ctx, call{method: http.MethodPost, path: path, body: body})
}
