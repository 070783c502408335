package config

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// SwitchSpellings are the values an on/off setting takes, in any case.
const SwitchSpellings = "1/0, true/false, yes/no, y/n, on/off, t/f, enabled/disabled"

// SwitchError is a value given to an on/off setting that is none of SwitchSpellings.
// From names the setting as the user knows it ("FUNNELS_DEBUG", "[ui] mouse in FILE").
type SwitchError struct{ From, Value string }

func (e *SwitchError) Error() string {
	return fmt.Sprintf("%s: %s is not on or off; use one of %s (any case)", e.From, quoteShort(e.Value), SwitchSpellings)
}

// ParseSwitch reads an on/off value: one of SwitchSpellings, any case, surrounding
// spaces ignored. Anything else is a *SwitchError naming from.
func ParseSwitch(from, value string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "1", "true", "yes", "y", "on", "t", "enabled":
		return true, nil
	case "0", "false", "no", "n", "off", "f", "disabled":
		return false, nil
	}
	return false, &SwitchError{From: from, Value: value}
}

// envSwitch reads an on/off environment variable; unset or empty is off.
func envSwitch(getenv func(string) string, name string) (bool, error) {
	v := getenv(name)
	if strings.TrimSpace(v) == "" {
		return false, nil
	}
	return ParseSwitch(name, v)
}

// readOnlySwitch reads a read-only setting: a value that is neither on nor off turns
// read-only on, with a warning, since a mistyped switch must never let writes through.
func readOnlySwitch(from, value string) (on bool, warning string) {
	on, err := ParseSwitch(from, value)
	if err != nil {
		return true, fmt.Sprintf("%s: %s is not on or off (%s); read-only is on", from, quoteShort(value), SwitchSpellings)
	}
	return on, ""
}

// quoteShort quotes a value for a message, cut to a readable length.
func quoteShort(v string) string {
	const most = 40
	if utf8.RuneCountInString(v) <= most {
		return fmt.Sprintf("%q", v)
	}
	return fmt.Sprintf("%q… (%d characters)", string([]rune(v)[:most]), utf8.RuneCountInString(v))
}
