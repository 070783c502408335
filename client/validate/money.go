package validate

import (
	"strings"
)

// Currency checks a 3-letter currency code (ISO 4217, such as USD) and returns it in
// upper case.
func Currency(s string) (string, error) {
	const field = "currency"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	if len(t) != 3 || strings.ContainsFunc(t, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }) {
		return "", fail(field, s, "must be a 3-letter currency code such as USD")
	}
	return strings.ToUpper(t), nil
}

// Limits of a transaction value; the spec gives none.
const (
	maxValueIntDigits  = 15
	maxValueFracDigits = 6
)

// Value checks the value of a transaction, which the API takes as a string holding a
// decimal number such as 49.99. It returns it without surrounding spaces, without
// leading zeros and with a 0 before a leading point (.5 → 0.5).
func Value(s string) (string, error) {
	const field = "value"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required")
	}
	if strings.HasPrefix(t, "-") {
		return "", fail(field, s, "must not be negative")
	}
	t = strings.TrimPrefix(t, "+")
	if strings.Contains(t, ",") {
		return "", fail(field, s, "must use . for decimals and no thousands separators, such as 1234.50")
	}
	whole, frac, hasPoint := strings.Cut(t, ".")
	if !allDigits(whole) && whole != "" || !allDigits(frac) && frac != "" || whole == "" && frac == "" || hasPoint && frac == "" {
		return "", fail(field, s, "must be a number such as 49.99")
	}
	whole = strings.TrimLeft(whole, "0")
	if whole == "" {
		whole = "0"
	}
	switch {
	case len(whole) > maxValueIntDigits:
		return "", fail(field, s, "is too large")
	case len(frac) > maxValueFracDigits:
		return "", fail(field, s, "must have at most 6 decimal places")
	}
	if hasPoint {
		return whole + "." + frac, nil
	}
	return whole, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
