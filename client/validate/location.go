package validate

import (
	"fmt"
	"strings"
)

// maxLocationID bounds a location id: the service's are 20 characters.
const maxLocationID = 64

// LocationID checks a sub-account (location) id given for field: letters, digits, -
// and _ only, at most 64 characters. A location id names files of the local index and
// access records and travels in every request, so nothing else is let through. The
// id is returned trimmed of surrounding spaces; callers that keep the value say so
// when that changed it.
func LocationID(field, s string) (string, error) {
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		return "", fail(field, s, "is required")
	case len(t) > maxLocationID:
		return "", fail(field, s, fmt.Sprintf("must be at most %d characters long (it is %d)", maxLocationID, len(t)))
	case strings.ContainsFunc(t, func(r rune) bool {
		return !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}):
		return "", fail(field, s, "is not a location id: only letters, digits, - and _ (it is in the sub-account's URL: …/location/ID/…)")
	}
	return t, nil
}
