package validate

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Email checks an email address such as jo@example.com and returns it with its domain
// in lower case and punycode. A display name ("Jo <jo@example.com>") is refused.
func Email(s string) (string, error) {
	const field = "email"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	bad := fail(field, s, "must be an email address such as jo@example.com")
	if strings.ContainsAny(t, "<>") {
		return "", fail(field, s, "must be just the address, such as jo@example.com, without a name or <>")
	}
	at := strings.LastIndexByte(t, '@')
	if at <= 0 || at == len(t)-1 {
		return "", bad
	}
	local, domain := t[:at], t[at+1:]
	if len(local) > 64 || !isDotAtom(local) {
		return "", bad
	}
	host, err := HostName(domain)
	if err != nil {
		return "", bad
	}
	out := local + "@" + host
	if len(out) > 254 {
		return "", fail(field, s, "must be at most 254 characters long")
	}
	return out, nil
}

// isDotAtom reports an unquoted local part of RFC 5322: atext characters separated by
// single dots (letters of other scripts allowed, RFC 6531).
func isDotAtom(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.':
		case strings.ContainsRune("!#$%&'*+-/=?^_`{|}~", r):
		case r > 0x7f && !isHidden(r) && r != utf8.RuneError && !unicode.IsSpace(r):
		default:
			return false
		}
	}
	return true
}

// Phone checks a phone number such as +1 555 123 4567 or (555) 123-4567 and returns its
// digits, with the leading + when one was given: +15551234567.
func Phone(s string) (string, error) {
	const field = "phone"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	var b strings.Builder
	for i, r := range t {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')':
		default:
			return "", fail(field, s, "must be a phone number such as +1 555 123 4567 (digits, spaces, +, -, . and brackets)")
		}
	}
	out := b.String()
	switch n := len(strings.TrimPrefix(out, "+")); {
	case n < 5:
		return "", fail(field, s, "must have at least 5 digits")
	case n > 15:
		return "", fail(field, s, "must have at most 15 digits")
	}
	return out, nil
}

// dateLayouts are the ISO 8601 forms DateOfBirth reads, most specific first.
var dateLayouts = [...]string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02T15:04:05",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02",
}

// DateOfBirth checks an ISO 8601 date (1990-04-12) or date-time and returns it as the
// RFC 3339 date-time the API's date-time format wants: 1990-04-12T00:00:00Z. A time
// without an offset is taken as UTC; a given offset is kept. It must lie between
// 1900-01-01 and today.
func DateOfBirth(s string) (string, error) {
	return dateOfBirth(s, time.Now())
}

func dateOfBirth(s string, now time.Time) (string, error) {
	const field = "dateOfBirth"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	for _, layout := range dateLayouts {
		d, err := time.Parse(layout, t)
		if err != nil {
			continue
		}
		switch {
		case d.Year() < 1900:
			return "", fail(field, s, "must be on or after 1900-01-01")
		case d.After(now.Add(24 * time.Hour)): // a day of slack for time zones
			return "", fail(field, s, "must not be in the future")
		}
		return d.Truncate(time.Second).Format(time.RFC3339), nil
	}
	return "", fail(field, s, "must be a date such as 1990-04-12 (ISO 8601, year-month-day)")
}

// PostalCode checks a postal code such as 90210 or SW1A 1AA and returns it in upper
// case: letters, digits, spaces and - only, at most 12 characters.
func PostalCode(s string) (string, error) {
	const field = "postalCode"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	for _, r := range t {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == ' ' || r == '-') {
			return "", fail(field, s, "must use only letters, digits, spaces and -, such as 90210")
		}
	}
	if len(t) > 12 {
		return "", fail(field, s, "must be at most 12 characters long")
	}
	return strings.ToUpper(t), nil
}

// Country checks a country: a 2-letter code (ISO 3166-1, such as US) comes back in
// upper case; anything longer is taken as a name, by the rules of Text.
func Country(s string) (string, error) {
	const field = "country"
	t := strings.TrimSpace(s)
	if len(t) == 2 && isASCIILetter(t[0]) && isASCIILetter(t[1]) {
		return strings.ToUpper(t), nil
	}
	if utf8.RuneCountInString(t) < 2 && t != "" {
		return "", fail(field, s, "must be a 2-letter country code such as US, or a country's name")
	}
	return Text(field, s, 60)
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
