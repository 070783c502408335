package client

import (
	"errors"
	"net/http"
)

// ErrReadOnly is behind every request refused because the client is read-only.
var ErrReadOnly = errors.New("read-only: writes are off")

// ReadOnlyError is a request that writes, refused by a read-only client before it was
// sent: nothing reached the server.
type ReadOnlyError struct {
	Method, Path string
}

func (e *ReadOnlyError) Error() string {
	return e.Method + " " + e.Path + ": refused in read-only mode (nothing was sent)"
}

func (e *ReadOnlyError) Is(target error) bool { return target == ErrReadOnly }

// readingPosts are the POST routes that only read: a read-only client sends them.
var readingPosts = map[string]bool{"/funnels/custom-fonts": true}

// Writes reports whether a request changes something on the service, or sets
// something off there: every method but GET, HEAD and OPTIONS, except the POST
// routes that only read (custom fonts). The conversion event and the page-view
// workflow trigger count as writes: they record an event and run workflows. path is
// the path below the base URL, without its query.
func Writes(method, path string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	case http.MethodPost:
		return !readingPosts[path]
	}
	return true
}

// ReadOnly reports whether the client refuses every request that writes.
func (c *Client) ReadOnly() bool { return c.readOnly }
