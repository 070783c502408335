package redirectplan

import (
	"strings"

	"github.com/funnelsdev/funnels/client"
)

// Row is one redirect as a file holds it. Where says where it was read ("line 3" of
// a CSV or JSONL file, "record 3" of a JSON array; "" for a row not from a file).
// Refusal says why a row of another platform's file cannot be a HighLevel redirect
// (a pattern, a temporary status …); the plan refuses it with that reason.
type Row struct {
	Domain  string `json:"domain"`
	Path    string `json:"path"`
	Target  string `json:"target"`
	Action  string `json:"action"`
	ID      string `json:"id,omitempty"`
	Where   string `json:"-"`
	Refusal string `json:"-"`
}

// RowOf is a redirect of the service as a row.
func RowOf(r client.Redirect) Row {
	return Row{Domain: r.Domain, Path: r.Path, Target: r.Target, Action: r.Action, ID: r.ID}
}

// Key is what tells redirects apart: the domain and the path, without case, as the
// service matches them.
type Key struct{ Domain, Path string }

// KeyOf is the key of a domain and a path.
func KeyOf(domain, path string) Key {
	return Key{Domain: client.Host(domain), Path: strings.ToLower(strings.TrimSpace(path))}
}

// Key is the row's key.
func (r Row) Key() Key { return KeyOf(r.Domain, r.Path) }
