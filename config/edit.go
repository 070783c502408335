package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/BurntSushi/toml"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/config/atomicfile"
)

// SetInFile writes key = value into the config file at path: a profile's key into
// the [profiles.NAME] table of profile, the others where the file keeps them. The
// rest of the file stays as it was, comments included. The new file must load (every
// setting of profile valid) and give key the new value, or nothing is written. A new
// file is made 0600 in a 0700 directory.
func SetInFile(path, profile, key, value string) error {
	literal, err := tomlLiteral(key, value)
	if err != nil {
		return err
	}
	var table []string
	switch {
	case IsProfileKey(key):
		if err := CheckProfileName(profile); err != nil {
			return err
		}
		table = []string{"profiles", profile}
	case key == KeyMouse || key == KeyTheme || key == KeyUIReadOnly:
		table, key = []string{"ui"}, strings.TrimPrefix(key, "ui.")
	case key == KeyMaxListItems || key == KeyMaxListRequests:
		table, key = []string{"limits"}, strings.TrimPrefix(key, "limits.")
	case key == KeyAPIVersion || key == KeyCAFile:
		table, key = []string{"api"}, strings.TrimPrefix(key, "api.")
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("reading config file: %w", err)
	}
	text := setInText(string(old), table, key, literal)
	if err := checkEdit(path, string(old), text, profile, append(table, key), literal); err != nil {
		return err
	}
	return writeFileAtomic(path, []byte(text))
}

// tomlLiteral checks value for key and writes it as TOML.
func tomlLiteral(key, value string) (string, error) {
	bad := func(format string, a ...any) error { return fmt.Errorf("%s: "+format, append([]any{key}, a...)...) }
	if strings.ContainsFunc(value, unicode.IsControl) {
		return "", bad("the value must not contain control characters")
	}
	var v any = value
	switch key {
	case KeyDefaultProfile:
		if err := CheckProfileName(value); err != nil {
			return "", bad("%v", err)
		}
	case KeyMouse, KeyUIReadOnly, KeyReadOnly:
		b, err := ParseSwitch(key, value)
		if err != nil {
			return "", err
		}
		v = b
	case KeyTheme:
		if value != "auto" && value != "dark" && value != "light" {
			return "", bad("%q is not one of auto, dark, light", value)
		}
	case KeyRedirectPort:
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 65535 {
			return "", bad("%q is not a port (0-65535; 0 picks a free one)", value)
		}
		v = n
	case KeyMaxListItems, KeyMaxListRequests:
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return "", bad("%q is not a count (0 for the default)", value)
		}
		v = n
	case KeyAPIVersion:
		if err := client.CheckAPIVersion(value); err != nil {
			return "", bad("%v", err)
		}
	case KeyCAFile:
		if strings.TrimSpace(value) == "" {
			return "", bad("the value is empty")
		}
		// Kept whole: a path as typed names a file from where it was typed, and the
		// file keeps a relative one from its own folder.
		abs, err := filepath.Abs(value)
		if err != nil {
			return "", bad("%v", err)
		}
		// `config set` keeps no path every later run would refuse.
		if _, err := client.ReadCertificatesFile(abs); err != nil {
			return "", bad("%v", err)
		}
		v = abs
	case KeyScopes:
		v = SplitScopes(value)
	case KeyAuthKind:
		if value != AuthOAuth && value != AuthToken && value != AuthAgency {
			return "", bad("%q is not one of %q, %q, %q", value, AuthOAuth, AuthToken, AuthAgency)
		}
	case KeyBaseURL, KeyAuthURL, KeyTokenURL:
		if err := CheckBaseURL(value); err != nil {
			return "", bad("%v", err)
		}
	case KeyLocationID:
		id, err := validate.LocationID(key, value)
		if err != nil {
			return "", err
		}
		v = id
	case KeyClientID, KeyClientSecret:
		if strings.TrimSpace(value) == "" {
			return "", bad("the value is empty")
		}
	default:
		return "", &UnknownKeyError{Key: key}
	}
	var buf bytes.Buffer
	if err := toml.NewEncoder(&buf).Encode(map[string]any{"v": v}); err != nil {
		return "", bad("%v", err)
	}
	return strings.TrimSpace(strings.TrimPrefix(buf.String(), "v = ")), nil
}

// checkEdit refuses an edited file that does not load, that leaves a setting of
// profile invalid, or that differs from the old one in anything but the value at key
// (a layout the line editor did not understand).
func checkEdit(path, oldText, text, profile string, key []string, literal string) error {
	var fc fileConfig
	md, err := toml.Decode(text, &fc)
	if err != nil {
		return fmt.Errorf("the file would not load after the change (%v); edit %s by hand", decodeError(path, err), path)
	}
	fc.md = md
	var before, after, want map[string]any
	if _, err := toml.Decode(oldText, &before); err != nil {
		return decodeError(path, err)
	}
	if _, err := toml.Decode(text, &after); err != nil {
		return decodeError(path, err)
	}
	if _, err := toml.Decode("v = "+literal, &want); err != nil {
		return fmt.Errorf("%s: %w", key[len(key)-1], err)
	}
	if got, ok := take(after, key); !ok || !reflect.DeepEqual(got, want["v"]) {
		return fmt.Errorf("could not find where %s belongs in %s; edit it by hand", strings.Join(key, "."), path)
	}
	take(before, key)
	if !reflect.DeepEqual(before, after) {
		return fmt.Errorf("changing %s would change more of %s; edit it by hand", strings.Join(key, "."), path)
	}
	cfg := &Config{File: path, Profile: defaults(orDefault(profile, DefaultProfile)), Theme: "auto",
		APIVersion: client.DefaultAPIVersion, origin: map[string]string{}}
	if err := fc.apply(cfg, path); err != nil {
		return err
	}
	cfg.deriveTokenURL()
	return cfg.validate()
}

// take removes the value at the dotted key path from m and returns it, with the
// tables that are left empty removed too.
func take(m map[string]any, path []string) (any, bool) {
	if m == nil {
		return nil, false
	}
	if len(path) == 1 {
		v, ok := m[path[0]]
		delete(m, path[0])
		return v, ok
	}
	sub, ok := m[path[0]].(map[string]any)
	if !ok {
		return nil, false
	}
	v, ok := take(sub, path[1:])
	if len(sub) == 0 {
		delete(m, path[0])
	}
	return v, ok
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// writeFileAtomic replaces path with data atomically: a new file is 0600 in a 0700
// directory; an existing one keeps its mode.
func writeFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("config directory: %w", err)
	}
	mode := os.FileMode(0o600)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	if err := atomicfile.Write(path, data, mode); err != nil {
		return fmt.Errorf("writing config file: %w", err)
	}
	return nil
}

// setInText sets key = literal in table (nil: the top level) of a TOML text, line by
// line: an existing key gets the new value (its comment stays); a missing key goes
// after the table's last key; a missing table is added at the end.
func setInText(text string, table []string, key, literal string) string {
	lines := strings.SplitAfter(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	start, end := 0, len(lines)
	if table != nil {
		start = -1
		for i, l := range lines {
			if path, ok := tableHeader(l); ok && slices.Equal(path, table) {
				start = i + 1
				break
			}
		}
		if start < 0 {
			out := strings.TrimRight(text, "\n")
			if out != "" {
				out += "\n\n"
			}
			return out + "[" + headerPath(table) + "]\n" + key + " = " + literal + "\n"
		}
	}
	for i := start; i < len(lines); i++ {
		if _, ok := tableHeader(lines[i]); ok {
			end = i
			break
		}
	}
	lastKey := -1
	for i := start; i < end; i++ {
		k, valueAt, ok := keyLine(lines[i])
		if !ok {
			continue
		}
		lastKey = i
		if k != key {
			continue
		}
		rest := strings.Join(lines[i:], "")
		n := valueLength(rest[valueAt:])
		edited := lines[i][:valueAt] + literal + rest[valueAt+n:]
		return strings.Join(lines[:i], "") + edited
	}
	line := key + " = " + literal + "\n"
	at := lastKey + 1
	if lastKey < 0 {
		at = start
		if table == nil {
			at = leadingComments(lines, end)
		}
	}
	out := append([]string(nil), lines[:at]...)
	if at > 0 && !strings.HasSuffix(out[at-1], "\n") {
		out[at-1] += "\n"
	}
	out = append(out, line)
	if table == nil && lastKey < 0 && at < len(lines) {
		out = append(out, "\n")
	}
	return strings.Join(append(out, lines[at:]...), "")
}

// leadingComments is where the first block of comments at the top of a file ends (at
// its first blank line), or 0 when there is none before end.
func leadingComments(lines []string, end int) int {
	for i := 0; i < end; i++ {
		switch t := strings.TrimSpace(lines[i]); {
		case t == "":
			return i
		case !strings.HasPrefix(t, "#"):
			return 0
		}
	}
	return 0
}

// bareKey is a key TOML takes without quotes.
var bareKey = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]+$`) })

// headerPath writes a table's dotted key, quoting the parts that need it.
func headerPath(path []string) string {
	parts := make([]string, len(path))
	for i, p := range path {
		if bareKey().MatchString(p) {
			parts[i] = p
		} else {
			parts[i] = strconv.Quote(p)
		}
	}
	return strings.Join(parts, ".")
}

// tableHeader reads a [table] line into its dotted key.
func tableHeader(line string) ([]string, bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "[") || strings.HasPrefix(t, "[[") {
		return nil, false
	}
	end := closing(t, 1, ']')
	if end < 0 {
		return nil, false
	}
	return splitDotted(t[1:end]), true
}

// keyLine reads a `key = value` line: its key (dotted keys joined with "."), and where
// its value starts.
func keyLine(line string) (key string, valueAt int, ok bool) {
	t := strings.TrimSpace(line)
	if t == "" || t[0] == '#' || t[0] == '[' {
		return "", 0, false
	}
	eq := closing(line, 0, '=')
	if eq < 0 {
		return "", 0, false
	}
	valueAt = eq + 1
	for valueAt < len(line) && (line[valueAt] == ' ' || line[valueAt] == '\t') {
		valueAt++
	}
	return strings.Join(splitDotted(line[:eq]), "."), valueAt, true
}

// closing is the index of c in s at or after from, outside quotes; -1 if none.
func closing(s string, from int, c byte) int {
	for i := from; i < len(s); i++ {
		switch s[i] {
		case c:
			return i
		case '"', '\'':
			j := strings.IndexByte(s[i+1:], s[i])
			if j < 0 {
				return -1
			}
			i += j + 1
		}
	}
	return -1
}

// splitDotted splits a dotted key into its parts, unquoting quoted ones.
func splitDotted(s string) []string {
	var parts []string
	for {
		dot := closing(s, 0, '.')
		part := s
		if dot >= 0 {
			part = s[:dot]
		}
		part = strings.TrimSpace(part)
		if u, err := strconv.Unquote(part); err == nil && strings.HasPrefix(part, `"`) {
			part = u
		} else if len(part) >= 2 && part[0] == '\'' && part[len(part)-1] == '\'' {
			part = part[1 : len(part)-1]
		}
		parts = append(parts, part)
		if dot < 0 {
			return parts
		}
		s = s[dot+1:]
	}
}

// valueLength is how many bytes the TOML value at the start of s takes: a string of
// any kind, an array or inline table (over several lines too), or a bare value.
func valueLength(s string) int {
	switch {
	case strings.HasPrefix(s, `"""`), strings.HasPrefix(s, `'''`):
		if j := strings.Index(s[3:], s[:3]); j >= 0 {
			return 3 + j + 3
		}
		return len(s)
	case strings.HasPrefix(s, `"`):
		for i := 1; i < len(s); i++ {
			switch s[i] {
			case '\\':
				i++
			case '"', '\n':
				return i + 1
			}
		}
		return len(s)
	case strings.HasPrefix(s, `'`):
		if j := strings.IndexAny(s[1:], "'\n"); j >= 0 {
			return j + 2
		}
		return len(s)
	case strings.HasPrefix(s, "["), strings.HasPrefix(s, "{"):
		depth := 0
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '[', '{':
				depth++
			case ']', '}':
				depth--
				if depth == 0 {
					return i + 1
				}
			case '"', '\'':
				i += valueLength(s[i:]) - 1
			case '#':
				if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
					i += j
				} else {
					return len(s)
				}
			}
		}
		return len(s)
	}
	if n := strings.IndexFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '#' || r == '\n' || r == '\r' }); n >= 0 {
		return n
	}
	return len(s)
}
