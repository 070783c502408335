package validate

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Lengths the spec leaves open. They are generous: they catch a pasted paragraph, not
// a long name.
const (
	maxNameRunes   = 100  // folder and step names
	maxTextRunes   = 100  // contact fields
	maxOpaqueBytes = 512  // click and browser identifiers
	maxIDBytes     = 128  // record ids
	maxURLBytes    = 2048 // addresses and page paths
)

// FolderName checks a folder's name: not blank, at most 100 characters, no control
// characters. It returns the name without surrounding spaces.
func FolderName(s string) (string, error) { return name("name", s) }

// StepName checks a step's name by the rules of FolderName.
func StepName(s string) (string, error) { return name("name", s) }

func name(field, s string) (string, error) {
	return text(field, s, maxNameRunes)
}

// Text checks free text for field (a contact's first name, city, …): not blank, at
// most max characters (max ≤ 0: 100), valid UTF-8 without control or invisible
// formatting characters. It returns the text without surrounding spaces.
func Text(field, s string, max int) (string, error) {
	if max <= 0 {
		max = maxTextRunes
	}
	return text(field, s, max)
}

func text(field, s string, max int) (string, error) {
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		return "", fail(field, s, "is required")
	case !utf8.ValidString(t):
		return "", fail(field, s, "is not valid UTF-8 text")
	case strings.ContainsFunc(t, isHidden):
		return "", fail(field, s, "must not contain control characters or line breaks")
	case utf8.RuneCountInString(t) > max:
		return "", fail(field, s, fmt.Sprintf("must be at most %d characters", max))
	}
	return t, nil
}

// Opaque checks an identifier made elsewhere that we pass on untouched (a click id, a
// browser id, an event id): not blank, no spaces or control characters, at most 512
// bytes.
func Opaque(field, s string) (string, error) {
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		return "", fail(field, s, "is required")
	case !utf8.ValidString(t):
		return "", fail(field, s, "is not valid UTF-8 text")
	case strings.ContainsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || isHidden(r) }):
		return "", fail(field, s, "must not contain spaces or control characters")
	case len(t) > maxOpaqueBytes:
		return "", fail(field, s, fmt.Sprintf("must be at most %d characters", maxOpaqueBytes))
	}
	return t, nil
}

// isHidden reports characters that must never reach a record: controls (C0, DEL, C1,
// line breaks) and invisible formatting characters such as bidi overrides.
func isHidden(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029'
}

// oneOf words an enumeration for a message: "funnel or website", "a, b or c".
func oneOf(values []string) string {
	switch len(values) {
	case 0:
		return ""
	case 1:
		return values[0]
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}
