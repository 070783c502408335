package client

import "net/url"

// setLocation sets locationId in q to loc, or to the client's location when loc is "".
func (c *Client) setLocation(q url.Values, loc string) {
	if loc == "" {
		loc = c.location
	}
	setIf(q, "locationId", loc)
}

// setIf sets k in q to v unless v is "".
func setIf(q url.Values, k, v string) {
	if v != "" {
		q.Set(k, v)
	}
}
