// Package config turns defaults, the config file, the environment and flags into one
// Config value. It knows nothing about tokens on disk or HTTP; callers get plain values.
//
// Order, lowest to highest: defaults < what `funnels login` saved for the profile (a
// SavedLogins the caller hands LoadSignedIn; see Config.FillSaved) < the file < the
// environment < flags.
package config

import (
	"fmt"
	"regexp"
	"slices"
	"sync"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// Defaults of a profile nobody configured.
const (
	DefaultBaseURL      = "https://services.leadconnectorhq.com"
	DefaultAuthURL      = "https://marketplace.gohighlevel.com/oauth/chooselocation"
	DefaultProfile      = "default"
	DefaultRedirectPort = 47615 // register http://127.0.0.1:47615/callback as the app's redirect URL
	tokenPath           = "/oauth/token"
)

// Auth kinds of a profile.
const (
	AuthOAuth  = "oauth"  // Authorization Code login with refreshable tokens
	AuthToken  = "token"  // a private integration token (static)
	AuthAgency = "agency" // an agency-level OAuth login that mints a token per sub-account
)

// DefaultScopes are asked for when a profile names none: read access to funnels and
// pages, read and write of redirects. Apps that need more list them in `scopes`.
var defaultScopes = []string{
	"funnels/funnel.readonly",
	"funnels/page.readonly",
	"funnels/pagecount.readonly",
	"funnels/redirect.readonly",
	"funnels/redirect.write",
}

// DefaultScopes returns a fresh copy of the scopes used when none are configured.
func DefaultScopes() []string { return append([]string(nil), defaultScopes...) }

// Profile is one named sub-account with everything needed to sign in and call the API.
type Profile struct {
	Name, BaseURL, LocationID, AuthURL, TokenURL string
	AuthKind                                     string // AuthOAuth or AuthToken
	ClientID, ClientSecret                       string
	RedirectPort                                 int // 0: any free port
	Scopes                                       []string
}

// Config is the resolved configuration of one run.
type Config struct {
	File        string   // the config file path (may not exist)
	Profile     Profile  // the active profile, fully resolved
	ProfileFrom string   // what chose the profile: "--profile", "FUNNELS_PROFILE", "default_profile in FILE" or "default"
	Token       string   // a static token from FUNNELS_TOKEN or --token ("" if none)
	TokenFrom   string   // where Token came from: "--token" or "FUNNELS_TOKEN"
	Mouse       bool     // [ui] mouse
	Theme       string   // [ui] theme: "auto", "dark" or "light"
	Warnings    []string // unknown keys and the like, for callers to show on stderr

	// [limits]: bounds on one walk over a list's pages (funnels, pages); 0 → the
	// client's defaults.
	MaxListItems, MaxListRequests int

	// Groups are the named sets of sub-accounts of [groups] (gyms = ["a", "b"]):
	// each member a location id, a profile name or PROFILE/LOCATION.
	Groups map[string][]string
	// FanoutConcurrency is [fanout] concurrency: how many sub-accounts a command
	// given a set works on side by side; 0 → the command's default.
	FanoutConcurrency int
	// Check is [check]: how `funnels check` reaches the public pages here.
	Check CheckSettings

	// ReadOnly: --readonly, FUNNELS_READONLY, readonly = true under [ui] or in the
	// profile's table. ReadOnlyFrom names the first of those that set it.
	ReadOnly     bool
	ReadOnlyFrom string
	uiReadOnly   bool // [ui] readonly alone, for `config get ui.readonly`

	// APIVersion is the Version header of API requests ([api] version,
	// FUNNELS_API_VERSION, --api-version): what client.CheckAPIVersion takes.
	APIVersion string

	// CAFile is a PEM file of certificate authorities to trust besides the system's,
	// for the API and its sign-in: a proxy that inspects HTTPS, a server of a
	// certificate of its own (FUNNELS_CA_FILE, else [api] ca_file, a path there
	// taken from the config file's folder); "" for the system's alone.
	CAFile string

	// InsecureStorage keeps tokens in the 0600 file even where an OS keyring is
	// available: --insecure-storage or FUNNELS_INSECURE_STORAGE.
	InsecureStorage bool

	// TrustBaseURL lets a stored token go to a base URL other than the one it was
	// stored for: --trust-base-url or FUNNELS_TRUST_BASE_URL.
	TrustBaseURL bool

	// SavedLoginErr is why the profile's saved login could not be used (a damaged
	// token file, a saved setting that no longer passes); nil when there is none or
	// it was used. Only LoadSignedIn and FillSaved read one.
	SavedLoginErr error

	// fileBaseURL is the base_url the profile's table in the file gives ("": none).
	fileBaseURL string

	// origin names where each setting of Profile came from, by config key
	// ("base_url" → "FUNNELS_BASE_URL"). Settings still at their default are absent.
	origin map[string]string
}

// Keys of a profile, as written in the file. They also name settings in Origin.
const (
	KeyBaseURL      = "base_url"
	KeyLocationID   = "location_id"
	KeyAuthURL      = "auth_url"
	KeyTokenURL     = "token_url"
	KeyAuthKind     = "auth_kind"
	KeyClientID     = "client_id"
	KeyClientSecret = "client_secret"
	KeyRedirectPort = "redirect_port"
	KeyScopes       = "scopes"
	KeyReadOnly     = "readonly"
)

// ConfiguredBaseURL is the base URL the profile has without flags, environment or a
// saved login: its table's base_url in the config file, else the service's.
func (c *Config) ConfiguredBaseURL() string {
	if c.fileBaseURL != "" {
		return trimSlash(c.fileBaseURL)
	}
	return DefaultBaseURL
}

// Origin says where a profile setting came from: a flag ("--base-url"), an environment
// variable, the config file, "saved login", or "default".
func (c *Config) Origin(key string) string {
	if o := c.origin[key]; o != "" {
		return o
	}
	return "default"
}

// profileName is what a profile may be called: it names a file under the state
// directory, so no separators, no leading dot. Compiled on first use, as are the
// package's other expressions: a package's variables are made before any command
// starts, and most commands never check a name (a sync.OnceValue is made once and
// never changes).
var profileName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`) })

// CheckProfileName refuses names that could not be a file name of their own.
func CheckProfileName(name string) error {
	if !profileName().MatchString(name) {
		return fmt.Errorf("profile name %q: use letters, digits, '.', '_' or '-' (at most 64, not starting with '.' or '-')", name)
	}
	return nil
}

// defaults is the profile nobody configured.
func defaults(name string) Profile {
	return Profile{
		Name:         name,
		BaseURL:      DefaultBaseURL,
		AuthURL:      DefaultAuthURL,
		TokenURL:     DefaultBaseURL + tokenPath,
		AuthKind:     AuthOAuth,
		RedirectPort: DefaultRedirectPort,
		Scopes:       DefaultScopes(),
	}
}

// Load resolves the configuration: defaults < file < environment < flags. getenv is
// the process environment (tests pass their own, XDG_CONFIG_HOME included).
func Load(getenv func(string) string, flags Flags) (*Config, error) {
	l, err := NewLoader(getenv)
	if err != nil {
		return nil, err
	}
	return l.Load(flags)
}

// LoadSignedIn is Load with the saved login of the resolved profile as the layer
// above the defaults (see FillSaved): the configuration a command that calls the API
// works from.
func LoadSignedIn(getenv func(string) string, flags Flags, saved SavedLogins) (*Config, error) {
	cfg, err := Load(getenv, flags)
	if err != nil {
		return nil, err
	}
	cfg.FillSaved(saved)
	return cfg, nil
}

// Loader resolves the configuration of any number of profiles from one reading of
// the config file: a list of every profile costs one parse, not one per profile.
type Loader struct {
	getenv   func(string) string
	path     string
	file     fileConfig
	warnings []string
}

// NewLoader reads the config file that getenv points at (see Path).
func NewLoader(getenv func(string) string) (*Loader, error) {
	path := Path(getenv)
	file, warnings, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return &Loader{getenv: getenv, path: path, file: file, warnings: warnings}, nil
}

// LoadSignedIn is Load with the profile's saved login as a layer (see FillSaved).
func (ld *Loader) LoadSignedIn(flags Flags, saved SavedLogins) (*Config, error) {
	cfg, err := ld.Load(flags)
	if err != nil {
		return nil, err
	}
	cfg.FillSaved(saved)
	return cfg, nil
}

// Load resolves the configuration of the profile flags (or the environment, or the
// file) names, as the package's Load does.
func (ld *Loader) Load(flags Flags) (*Config, error) {
	getenv, path, file := ld.getenv, ld.path, ld.file
	warnings := slices.Clone(ld.warnings)
	name, nameFrom := DefaultProfile, "default"
	switch {
	case flags.Profile != "":
		name, nameFrom = flags.Profile, "--profile"
	case getenv("FUNNELS_PROFILE") != "":
		name, nameFrom = getenv("FUNNELS_PROFILE"), "FUNNELS_PROFILE"
	case file.DefaultProfile != "":
		name, nameFrom = file.DefaultProfile, "default_profile in "+path
	}
	if err := CheckProfileName(name); err != nil {
		return nil, fmt.Errorf("%s: %w", nameFrom, err)
	}

	cfg := &Config{
		File:        path,
		Profile:     defaults(name),
		ProfileFrom: nameFrom,
		Theme:       "auto",
		APIVersion:  client.DefaultAPIVersion,
		Warnings:    warnings,
		origin:      map[string]string{},
	}
	if err := file.apply(cfg, path); err != nil {
		return nil, err
	}
	if err := cfg.applySwitches(getenv, flags); err != nil {
		return nil, err
	}
	cfg.applyAPIVersion(getenv, flags)
	if ca, from := caFileOf(file, path, getenv); ca != "" {
		cfg.CAFile = ca
		cfg.setOrigin(KeyCAFile, from)
	}
	layers := []layer{envLayer(getenv)}
	fl, err := flags.layer()
	if err != nil {
		return nil, err
	}
	layers = append(layers, fl)
	for _, l := range layers {
		cfg.apply(l)
	}
	cfg.deriveTokenURL()

	switch {
	case flags.Token != "":
		cfg.Token, cfg.TokenFrom = flags.Token, "--token"
	case getenv("FUNNELS_TOKEN") != "":
		cfg.Token, cfg.TokenFrom = getenv("FUNNELS_TOKEN"), "FUNNELS_TOKEN"
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// deriveTokenURL keeps the token URL on the base URL's host unless someone set it.
func (c *Config) deriveTokenURL() {
	if c.unset(KeyTokenURL) {
		c.Profile.TokenURL = trimSlash(c.Profile.BaseURL) + tokenPath
	}
}

// validate checks every resolved setting and names where a bad one came from.
func (c *Config) validate() error {
	if err := c.validateProfile(); err != nil {
		return err
	}
	if c.Theme != "auto" && c.Theme != "dark" && c.Theme != "light" {
		return fmt.Errorf("theme in %s: %q is not one of auto, dark, light", c.File, c.Theme)
	}
	if err := client.CheckAPIVersion(c.APIVersion); err != nil {
		return fmt.Errorf("%s (from %s): %w", KeyAPIVersion, c.Origin(KeyAPIVersion), err)
	}
	if c.MaxListItems < 0 || c.MaxListRequests < 0 {
		return fmt.Errorf("[limits] in %s: max_list_items and max_list_requests must be positive (or 0 for the default)", c.File)
	}
	return nil
}

func (c *Config) validateProfile() error {
	p := &c.Profile
	for _, u := range []struct{ key, val string }{
		{KeyBaseURL, p.BaseURL}, {KeyAuthURL, p.AuthURL}, {KeyTokenURL, p.TokenURL},
	} {
		if err := CheckBaseURL(u.val); err != nil {
			return fmt.Errorf("%s (from %s): %w", u.key, c.Origin(u.key), err)
		}
	}
	p.BaseURL = trimSlash(p.BaseURL)
	if p.LocationID != "" {
		id, err := validate.LocationID(KeyLocationID, p.LocationID)
		if err != nil {
			return fmt.Errorf("%w (from %s)", err, c.Origin(KeyLocationID))
		}
		if id != p.LocationID {
			c.Warnings = append(c.Warnings, fmt.Sprintf("%s (from %s): the spaces around %q were removed", KeyLocationID, c.Origin(KeyLocationID), id))
			p.LocationID = id
		}
	}
	if p.AuthKind != AuthOAuth && p.AuthKind != AuthToken && p.AuthKind != AuthAgency {
		return fmt.Errorf("auth_kind (from %s): %q is not one of %q, %q, %q", c.Origin(KeyAuthKind), p.AuthKind, AuthOAuth, AuthToken, AuthAgency)
	}
	if p.RedirectPort < 0 || p.RedirectPort > 65535 {
		return fmt.Errorf("redirect_port (from %s): %d is not a port (0-65535; 0 picks a free one)", c.Origin(KeyRedirectPort), p.RedirectPort)
	}
	return nil
}
