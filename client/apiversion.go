package client

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// DefaultAPIVersion is the Version header sent when Options.APIVersion is empty: the
// value the funnels contract names.
const DefaultAPIVersion = "2021-07-28"

// apiVersions are the Version values the service documents for the funnels routes:
// the contract's first, then the one HighLevel's docs publish the redirect list
// under, the one its JavaScript SDK sends, and the one of its v3 docs and Python SDK.
// The routes and records are the same under each; v3 may answer errors in its own
// envelope, which newAPIError reads too.
var apiVersions = []string{DefaultAPIVersion, "2021-04-15", "2023-02-21", "v3"}

// CheckAPIVersion refuses a Version value the service is not known to take, naming
// the ones it takes.
func CheckAPIVersion(v string) error {
	if slices.Contains(apiVersions, v) {
		return nil
	}
	return fmt.Errorf("API version %q is not one of %s", v, strings.Join(apiVersions, ", "))
}

// noteVersion records the Version header a request carried (sent) on the error of
// its answer, and whether the answer blames it: a 400, 406 or 422 whose message —
// or, when it has none, its body — names the version. Words decide nothing here but
// what the message shows: it is the server's own explanation, completed.
func (e *APIError) noteVersion(sent string, body []byte) {
	e.Version = sent
	switch e.StatusCode {
	case http.StatusBadRequest, http.StatusNotAcceptable, http.StatusUnprocessableEntity:
	default:
		return
	}
	text := strings.Join(e.Messages, " ")
	if text == "" {
		text = string(body[:min(len(body), 4096)])
	}
	e.VersionBlamed = namesVersion(text)
}

// namesVersion reports text naming the version as a word of its own: "version",
// "Version header", "headers.version", "apiVersion" — not "pageVersion", nor a path
// such as /old-version that a message quotes.
func namesVersion(text string) bool {
	lower := strings.ToLower(text)
	const word = "version"
	for i := 0; ; {
		j := strings.Index(lower[i:], word)
		if j < 0 {
			return false
		}
		at := i + j
		before, after := lower[:at], strings.TrimPrefix(lower[at+len(word):], "s")
		starts := before == "" || strings.HasSuffix(before, "api") || strings.IndexByte(" \t\n\"'(.[{:", before[len(before)-1]) >= 0
		ends := after == "" || !isPathByte(after[0])
		if starts && ends {
			return true
		}
		i = at + len(word)
	}
}

// isPathByte reports a byte that continues a word or a path.
func isPathByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '_' || b == '-' || b == '/'
}

// versionHint says which Version header a request carried, and how to send another.
func (e *APIError) versionHint() string {
	if e.Version == DefaultAPIVersion {
		return "the request carried Version: " + e.Version + ", the contract's"
	}
	return "the request carried Version: " + e.Version + " (--api-version, FUNNELS_API_VERSION; the contract's is " + DefaultAPIVersion + ")"
}
