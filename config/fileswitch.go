package config

import "fmt"

// fileSwitch is an on/off value of the config file: a TOML boolean, or a string or
// number in one of SwitchSpellings. What it cannot read is kept in raw, for the
// caller to refuse or, for read-only, to take as on.
type fileSwitch struct {
	given, on, bad bool
	raw            string // the value as written, when it is no switch
}

func (s *fileSwitch) UnmarshalTOML(v any) error {
	s.given = true
	switch v := v.(type) {
	case bool:
		s.on = v
		return nil
	case int64:
		s.read(fmt.Sprint(v))
		return nil
	case string:
		s.read(v)
		return nil
	}
	return fmt.Errorf("an on/off value must be a boolean, a string or a number, not %T", v)
}

func (s *fileSwitch) read(v string) {
	on, err := ParseSwitch("", v)
	if err != nil {
		s.bad, s.raw = true, v
		return
	}
	s.on = on
}

// value is the switch's value, or a *SwitchError naming from when it is no switch.
func (s fileSwitch) value(from string) (bool, error) {
	if s.bad {
		return false, &SwitchError{From: from, Value: s.raw}
	}
	return s.on, nil
}

// readOnly is the switch read as a read-only setting (see readOnlySwitch).
func (s fileSwitch) readOnly(from string) (on bool, warning string) {
	if s.bad {
		return readOnlySwitch(from, s.raw)
	}
	return s.on, ""
}
