package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"github.com/funnelsdev/funnels/config/xdgdir"
)

// Path is where the config file lives: $XDG_CONFIG_HOME/funnels/config.toml. The
// variable is read through getenv so tests (and callers with their own environment)
// decide; when it is unset or not absolute, adrg/xdg's default for this OS is used
// (~/.config on Linux, ~/Library/Application Support on macOS).
func Path(getenv func(string) string) string {
	base := xdgdir.Config(getenv)
	return filepath.Join(base, "funnels", "config.toml")
}

// fileConfig is the shape of config.toml.
type fileConfig struct {
	DefaultProfile string                 `toml:"default_profile"`
	UI             fileUI                 `toml:"ui"`
	Limits         fileLimits             `toml:"limits"`
	API            fileAPI                `toml:"api"`
	Profiles       map[string]fileProfile `toml:"profiles"`
	Groups         map[string][]string    `toml:"groups"`
	Fanout         fileFanout             `toml:"fanout"`
	Check          CheckSettings          `toml:"check"`

	md toml.MetaData
}

type fileUI struct {
	Mouse    fileSwitch `toml:"mouse"`
	Theme    string     `toml:"theme"`
	ReadOnly fileSwitch `toml:"readonly"`
}

// fileFanout is [fanout]: how commands run across many sub-accounts.
type fileFanout struct {
	Concurrency int `toml:"concurrency"`
}

type fileAPI struct {
	Version string `toml:"version"`
	CAFile  string `toml:"ca_file"`
}

type fileLimits struct {
	MaxListItems    int `toml:"max_list_items"`
	MaxListRequests int `toml:"max_list_requests"`
}

type fileProfile struct {
	BaseURL      string     `toml:"base_url"`
	LocationID   string     `toml:"location_id"`
	AuthURL      string     `toml:"auth_url"`
	TokenURL     string     `toml:"token_url"`
	AuthKind     string     `toml:"auth_kind"`
	ClientID     string     `toml:"client_id"`
	ClientSecret string     `toml:"client_secret"`
	RedirectPort *int       `toml:"redirect_port"`
	Scopes       scopeList  `toml:"scopes"`
	ReadOnly     fileSwitch `toml:"readonly"`
}

// scopeList accepts `scopes = ["a", "b"]` and `scopes = "a b"`.
type scopeList []string

func (s *scopeList) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case string:
		*s = SplitScopes(v)
	case []any:
		out := make([]string, 0, len(v))
		for _, e := range v {
			str, ok := e.(string)
			if !ok {
				return fmt.Errorf("scopes must be strings, got %T", e)
			}
			out = append(out, str)
		}
		*s = out
	default:
		return fmt.Errorf("scopes must be a list of strings or one space-separated string, got %T", v)
	}
	return nil
}

// FileError is a config file that cannot be read as TOML or has a value of the wrong
// type. Line is 0 when the parser could not tell.
type FileError struct {
	Path         string
	Line, Column int
	Msg          string
	Err          error
}

func (e *FileError) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("config file %s, line %d, column %d: %s", e.Path, e.Line, e.Column, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("config file %s, line %d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("config file %s: %s", e.Path, e.Msg)
}

func (e *FileError) Unwrap() error { return e.Err }

// typeErrLine pulls the line out of the decoder's type errors, which are plain strings
// ("toml: line 3 (last key "ui.mouse"): incompatible types: …").
var typeErrLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^toml: line (\d+)(?: \(last key "[^"]*"\))?: `) })

// readFile reads and decodes the file. A missing file is an empty one.
func readFile(path string) (fileConfig, []string, error) {
	var fc fileConfig
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fc, nil, nil
	}
	if err != nil {
		return fc, nil, fmt.Errorf("reading config file: %w", err)
	}
	md, err := toml.Decode(string(data), &fc)
	if err != nil {
		return fc, nil, decodeError(path, err)
	}
	fc.md = md

	var warnings []string
	for _, k := range md.Undecoded() {
		warnings = append(warnings, fmt.Sprintf("config file %s: unknown key %q ignored", path, k.String()))
	}
	if secret := secretIn(fc); secret != "" {
		if info, err := os.Stat(path); err == nil && info.Mode().Perm()&0o077 != 0 {
			warnings = append(warnings, fmt.Sprintf("config file %s holds %s and other users can read it (mode %04o): run chmod 600 %s", path, secret, info.Mode().Perm(), path))
		}
	}
	return fc, warnings, nil
}

func decodeError(path string, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return &FileError{Path: path, Line: pe.Position.Line, Column: pe.Position.Col, Msg: pe.Message, Err: err}
	}
	msg := err.Error()
	fe := &FileError{Path: path, Msg: strings.TrimPrefix(msg, "toml: "), Err: err}
	if m := typeErrLine().FindStringSubmatch(msg); m != nil {
		fe.Line, _ = strconv.Atoi(m[1])
		fe.Msg = strings.TrimPrefix(msg, m[0])
		if i := strings.Index(msg, "(last key "); i >= 0 {
			fe.Msg = msg[i:]
		}
	}
	return fe
}

// secretIn names a secret the file holds ("" for none).
func secretIn(fc fileConfig) string {
	for _, p := range fc.Profiles {
		if p.ClientSecret != "" {
			return "a client_secret"
		}
	}
	if fc.Check.Notify != "" {
		return "a webhook ([check] notify: its address is its key)"
	}
	return ""
}

// apply copies the [ui], [api] and [limits] tables and the active profile's table into cfg.
func (fc fileConfig) apply(cfg *Config, path string) error {
	if fc.UI.Mouse.given {
		from := "[ui] mouse in " + path
		on, err := fc.UI.Mouse.value(from)
		if err != nil {
			return err
		}
		cfg.Mouse = on
		cfg.setOrigin(KeyMouse, from)
	}
	if fc.UI.Theme != "" {
		cfg.Theme = fc.UI.Theme
		cfg.setOrigin(KeyTheme, "[ui] theme in "+path)
	}
	if fc.md.IsDefined("api", "version") {
		cfg.APIVersion = fc.API.Version
		cfg.setOrigin(KeyAPIVersion, "[api] version in "+path)
	}
	cfg.MaxListItems, cfg.MaxListRequests = fc.Limits.MaxListItems, fc.Limits.MaxListRequests
	cfg.Groups, cfg.FanoutConcurrency = fc.Groups, fc.Fanout.Concurrency
	cfg.Check = fc.Check
	if fc.md.IsDefined("limits", "max_list_items") {
		cfg.setOrigin(KeyMaxListItems, "[limits] max_list_items in "+path)
	}
	if fc.md.IsDefined("limits", "max_list_requests") {
		cfg.setOrigin(KeyMaxListRequests, "[limits] max_list_requests in "+path)
	}
	name := cfg.Profile.Name
	p, ok := fc.Profiles[name]
	uiFrom, profileFrom := "[ui] readonly in "+path, fmt.Sprintf("[profiles.%s] readonly in %s", name, path)
	uiOn, uiWarning := fc.UI.ReadOnly.readOnly(uiFrom)
	profileOn, profileWarning := p.ReadOnly.readOnly(profileFrom)
	for _, w := range []string{uiWarning, profileWarning} {
		if w != "" {
			cfg.Warnings = append(cfg.Warnings, w)
		}
	}
	if fc.UI.ReadOnly.given {
		cfg.uiReadOnly = uiOn
		cfg.setOrigin(KeyUIReadOnly, uiFrom)
	}
	switch {
	case ok && profileOn:
		cfg.ReadOnly, cfg.ReadOnlyFrom = true, profileFrom
	case uiOn:
		cfg.ReadOnly, cfg.ReadOnlyFrom = true, uiFrom
	}
	if cfg.ReadOnly {
		cfg.setOrigin(KeyReadOnly, cfg.ReadOnlyFrom)
	}
	if !ok {
		return nil
	}
	cfg.fileBaseURL = p.BaseURL
	from := func(key string) string { return fmt.Sprintf("[profiles.%s] %s in %s", name, key, path) }
	var l layer
	l = l.add(KeyBaseURL, from(KeyBaseURL), p.BaseURL)
	l = l.add(KeyLocationID, from(KeyLocationID), p.LocationID)
	l = l.add(KeyAuthURL, from(KeyAuthURL), p.AuthURL)
	l = l.add(KeyTokenURL, from(KeyTokenURL), p.TokenURL)
	l = l.add(KeyAuthKind, from(KeyAuthKind), p.AuthKind)
	l = l.add(KeyClientID, from(KeyClientID), p.ClientID)
	l = l.add(KeyClientSecret, from(KeyClientSecret), p.ClientSecret)
	if p.RedirectPort != nil {
		l = append(l, setting{key: KeyRedirectPort, from: from(KeyRedirectPort), port: *p.RedirectPort})
	}
	if fc.md.IsDefined("profiles", name, "scopes") {
		l = append(l, setting{key: KeyScopes, from: from(KeyScopes), scopes: p.Scopes})
	}
	cfg.apply(l)
	return nil
}
