package validate

import (
	"strings"

	"github.com/funnelsdev/funnels/client"
)

// EventNames are the values eventName takes, in the spec's order (a form's choices).
func EventNames() []string { return append([]string(nil), client.EventNames[:]...) }

// EventName checks a conversion's eventName against the spec's 20 names. Case does not
// matter (lead → Lead); it returns the name as the spec spells it.
func EventName(s string) (string, error) {
	const field = "eventName"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required: one of "+oneOf(client.EventNames[:]))
	}
	for _, n := range client.EventNames {
		if strings.EqualFold(n, t) {
			return n, nil
		}
	}
	return "", fail(field, s, "must be one of "+oneOf(client.EventNames[:]))
}
