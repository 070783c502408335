package form

import (
	"strings"

	"github.com/funnelsdev/funnels/client/validate"
)

// Field checks built from the validate package's rules, for the forms' fields.

// FreeText returns a check of free text for field, with the validate package's rule.
func FreeText(field string) func(string) (string, error) {
	return func(s string) (string, error) { return validate.Text(field, s, 0) }
}

// Opaque returns a check of an opaque token (an event id, a click id) for field.
func Opaque(field string) func(string) (string, error) {
	return func(s string) (string, error) { return validate.Opaque(field, s) }
}

// ID returns a check of a record's id for field.
func ID(field string) func(string) (string, error) {
	return func(s string) (string, error) { return validate.ID(field, s) }
}

// Normalized runs a field's check again for the value to send.
func Normalized(check func(string) (string, error), s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	out, err := check(s)
	if err != nil {
		return strings.TrimSpace(s)
	}
	return out
}
