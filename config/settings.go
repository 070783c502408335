package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Keys of the file outside a profile, as `funnels config get/set` spell them.
const (
	KeyDefaultProfile  = "default_profile"
	KeyMouse           = "ui.mouse"
	KeyTheme           = "ui.theme"
	KeyMaxListItems    = "limits.max_list_items"
	KeyMaxListRequests = "limits.max_list_requests"
	KeyUIReadOnly      = "ui.readonly" // every profile read-only ([ui] readonly)
	KeyAPIVersion      = "api.version" // the Version header of API requests ([api] version)
	// KeyCAFile is a PEM file of certificate authorities the API and its sign-in are
	// trusted with besides the system's ([api] ca_file, FUNNELS_CA_FILE).
	KeyCAFile = "api.ca_file"
)

// SettingKeys are the keys `funnels config get/set/list` know, in the order list
// shows them: the file's own, then those of a profile (in its [profiles.NAME] table).
func SettingKeys() []string {
	return append([]string{KeyDefaultProfile, KeyMouse, KeyTheme, KeyUIReadOnly, KeyAPIVersion, KeyCAFile, KeyMaxListItems, KeyMaxListRequests}, profileKeys()...)
}

func profileKeys() []string {
	return []string{KeyBaseURL, KeyLocationID, KeyAuthURL, KeyTokenURL, KeyAuthKind, KeyClientID, KeyClientSecret,
		KeyRedirectPort, KeyScopes, KeyReadOnly}
}

// IsProfileKey reports whether key is a setting of a profile (written in its
// [profiles.NAME] table).
func IsProfileKey(key string) bool { return slices.Contains(profileKeys(), key) }

// UnknownKeyError is a key `funnels config get/set` does not know.
type UnknownKeyError struct{ Key string }

func (e *UnknownKeyError) Error() string {
	return fmt.Sprintf("unknown key %q; the keys are: %s", e.Key, strings.Join(SettingKeys(), ", "))
}

// Setting is the value key resolves to in c and where it came from (see Origin).
func (c *Config) Setting(key string) (value, origin string, err error) {
	p := c.Profile
	switch key {
	case KeyDefaultProfile:
		return p.Name, c.ProfileFrom, nil
	case KeyMouse:
		return strconv.FormatBool(c.Mouse), c.Origin(key), nil
	case KeyTheme:
		return c.Theme, c.Origin(key), nil
	case KeyUIReadOnly:
		return strconv.FormatBool(c.uiReadOnly), c.Origin(key), nil
	case KeyReadOnly: // what this run is: [ui], the profile's table, the flag or the environment
		return strconv.FormatBool(c.ReadOnly), c.Origin(key), nil
	case KeyAPIVersion:
		return c.APIVersion, c.Origin(key), nil
	case KeyCAFile:
		return c.CAFile, c.Origin(key), nil
	case KeyMaxListItems:
		return strconv.Itoa(c.MaxListItems), c.Origin(key), nil // 0: the client's own bound
	case KeyMaxListRequests:
		return strconv.Itoa(c.MaxListRequests), c.Origin(key), nil
	case KeyBaseURL:
		value = p.BaseURL
	case KeyLocationID:
		value = p.LocationID
	case KeyAuthURL:
		value = p.AuthURL
	case KeyTokenURL:
		value = p.TokenURL
	case KeyAuthKind:
		value = p.AuthKind
	case KeyClientID:
		value = p.ClientID
	case KeyClientSecret:
		value = p.ClientSecret
	case KeyRedirectPort:
		value = strconv.Itoa(p.RedirectPort)
	case KeyScopes:
		value = strings.Join(p.Scopes, " ")
	default:
		return "", "", &UnknownKeyError{Key: key}
	}
	return value, c.Origin(key), nil
}

// setOrigin records where a setting came from.
func (c *Config) setOrigin(key, from string) {
	if c.origin == nil {
		c.origin = map[string]string{}
	}
	c.origin[key] = from
}
