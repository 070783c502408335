package client

import (
	"fmt"
	"slices"
	"strings"
)

// DefaultAPIVersion is the Version header sent when Options.APIVersion is empty: the
// value the funnels contract names.
const DefaultAPIVersion = "2021-07-28"

// apiVersions are the Version values the service answers the funnels routes to: the
// contract's, the one HighLevel's JavaScript SDK sends, and the one of its v3 docs and
// Python SDK. The routes and records are the same under each; v3 may answer errors in
// its own envelope, which newAPIError reads too.
var apiVersions = []string{DefaultAPIVersion, "2023-02-21", "v3"}

// CheckAPIVersion refuses a Version value the service is not known to take, naming
// the ones it takes.
func CheckAPIVersion(v string) error {
	if slices.Contains(apiVersions, v) {
		return nil
	}
	return fmt.Errorf("API version %q is not one of %s", v, strings.Join(apiVersions, ", "))
}
