package serve

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/funnelsdev/funnels/client"
)

// isLocationName reports whether a field or parameter of this name names
// sub-accounts (locationId, location_id, locationIds, any case).
func isLocationName(name string) bool {
	n := strings.ToLower(strings.ReplaceAll(name, "_", ""))
	return n == "locationid" || n == "locationids"
}

// locationRoutes are the routes whose path names a sub-account: the segment after
// each prefix.
var locationRoutes = []string{"/social-media-posting/oauth/", "/locations/"}

// namedLocations are the sub-accounts a request names — in its path, its query, or
// anywhere in its JSON body — each with where it was named.
func namedLocations(path string, query url.Values, body []byte) map[string]string {
	out := map[string]string{}
	if p, err := url.PathUnescape(path); err == nil {
		path = p
	}
	for _, prefix := range locationRoutes {
		if rest, ok := strings.CutPrefix(path, prefix); ok {
			seg, _, _ := strings.Cut(rest, "/")
			out[seg] = "path"
		}
	}
	for k, vs := range query {
		if isLocationName(k) {
			for _, v := range vs {
				for _, id := range strings.Split(v, ",") {
					out[strings.TrimSpace(id)] = "query"
				}
			}
		}
	}
	var v any
	if len(body) > 0 && json.Unmarshal(body, &v) == nil {
		bodyLocations(v, out)
	}
	delete(out, "")
	return out
}

func bodyLocations(v any, out map[string]string) {
	switch t := v.(type) {
	case map[string]any:
		for k, val := range t {
			if !isLocationName(k) {
				bodyLocations(val, out)
				continue
			}
			switch ids := val.(type) {
			case string:
				out[ids] = "body"
			case []any:
				for _, id := range ids {
					if s, ok := id.(string); ok {
						out[s] = "body"
					}
				}
			}
		}
	case []any:
		for _, x := range t {
			bodyLocations(x, out)
		}
	}
}

// grantedOnly refuses, before it is sent, a request that names a sub-account the
// person holds no grant on, whatever the client's own sub-account: defence in depth
// behind the service's own check of the token. Before a write goes, the audit log
// learns the names of the sub-accounts it names.
func (g *Gate) grantedOnly(method, path string, query url.Values, body []byte) error {
	named := namedLocations(path, query, body)
	for loc, where := range named {
		if !g.Allows(loc) {
			return fmt.Errorf("%w: the request names sub-account %s in its %s, which was not granted to %s on this server: nothing was sent",
				client.ErrWrongLocation, loc, where, g.person.Name)
		}
	}
	if client.Writes(method, path) {
		g.nameBeforeWrite(named)
	}
	return nil
}
