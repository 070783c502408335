package ui

import (
	"strings"

	"github.com/funnelsdev/funnels/client/validate"
)

// Field checks built from the validate package's rules, for the forms' fields.

// text returns a check of free text for field, with the validate package's rule.
func text(field string) func(string) (string, error) {
	return func(s string) (string, error) { return validate.Text(field, s, 0) }
}

func opaque(field string) func(string) (string, error) {
	return func(s string) (string, error) { return validate.Opaque(field, s) }
}

func id(field string) func(string) (string, error) {
	return func(s string) (string, error) { return validate.ID(field, s) }
}

// normalized runs a field's check again for the value to send.
func normalized(check func(string) (string, error), s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	out, err := check(s)
	if err != nil {
		return strings.TrimSpace(s)
	}
	return out
}
