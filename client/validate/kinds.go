package validate

import (
	"fmt"
	"strings"

	"github.com/google/uuid"
)

// FolderTypes are the kinds of folder (and funnel) the service knows.
func FolderTypes() []string { return []string{"funnel", "website"} }

// FolderType checks a folder's type, funnel or website, and returns it in lower case.
func FolderType(s string) (string, error) {
	return choice("type", s, FolderTypes())
}

// DefaultStepType is the type of a new step when none is chosen, in a form and on
// the command line: an opt-in page, the first step of most funnels.
const DefaultStepType = "optin_funnel_page"

// StepTypes are the step types the real service is known to take; the API's contract
// lists none, so these are the choices a form offers.
func StepTypes() []string {
	return []string{
		"optin_funnel_page", "sales_funnel_page", "thankyou_funnel_page", "upsell_funnel_page",
		"downsell_funnel_page", "webinar_funnel_page", "misc_funnel_page",
	}
}

// StepType checks a step's type and returns its full name. The short form works too:
// optin → optin_funnel_page, thankyou → thankyou_funnel_page.
func StepType(s string) (string, error) {
	const field = "type"
	t := strings.ToLower(strings.TrimSpace(s))
	types := StepTypes()
	if t == "" {
		return "", fail(field, s, "is required: one of "+oneOf(shortStepTypes(types)))
	}
	for _, full := range types {
		if t == full || t+"_funnel_page" == full || strings.ReplaceAll(t, "-", "_")+"_funnel_page" == full {
			return full, nil
		}
	}
	return "", fail(field, s, "must be one of "+oneOf(shortStepTypes(types))+" (or the same with _funnel_page)")
}

func shortStepTypes(types []string) []string {
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = strings.TrimSuffix(t, "_funnel_page")
	}
	return out
}

// Platforms are the social platforms whose accounts can be attached.
func Platforms() []string { return []string{"facebook", "instagram", "linkedin", "twitter", "tiktok"} }

// Platform checks a social platform's name and returns it in lower case.
func Platform(s string) (string, error) {
	return choice("platform", s, Platforms())
}

func choice(field, s string, values []string) (string, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return "", fail(field, s, "is required: "+oneOf(values))
	}
	for _, v := range values {
		if t == v {
			return v, nil
		}
	}
	return "", fail(field, s, "must be "+oneOf(values))
}

// ID checks the id of a record (folder, funnel, step, page, user, location) given for
// field: letters, digits and - _ . : only, at most 128 characters. Ids travel in
// paths and queries, so nothing else is let through.
func ID(field, s string) (string, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	if len(t) > maxIDBytes {
		return "", fail(field, s, fmt.Sprintf("must be at most %d characters long", maxIDBytes))
	}
	for _, r := range t {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' || r == ':') {
			if r < '!' || r > '~' { // spaces, controls, other scripts: not quoted back
				return "", fail(field, s, "must be an id made of letters, digits, -, _, . and : only")
			}
			return "", fail(field, s, fmt.Sprintf("must be an id made of letters, digits, -, _, . and : only (not %q)", r))
		}
	}
	if t == "." || t == ".." {
		return "", fail(field, s, "must be an id, not . or ..")
	}
	return t, nil
}

// StepID checks a new step's id: a version 4 UUID, returned in lower case.
func StepID(s string) (string, error) {
	const field = "id"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	u, err := uuid.Parse(t)
	if err != nil || u.Version() != 4 || u.Variant() != uuid.RFC4122 || len(t) != 36 {
		return "", fail(field, s, "must be a version 4 UUID such as 0b7c6f7e-2a4d-4c1e-9f3a-6d2b8e1c5a90")
	}
	return u.String(), nil
}
