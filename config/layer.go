package config

import "strings"

// setting is one value given by one source, with the name the user knows it by
// ("--base-url", "FUNNELS_BASE_URL", "[profiles.x] base_url in FILE") for messages.
type setting struct {
	key, from string
	str       string
	port      int
	scopes    []string
}

// layer is what one source sets; anything it does not mention is absent.
type layer []setting

// add appends a string setting when it is non-empty.
func (l layer) add(key, from, val string) layer {
	if val == "" {
		return l
	}
	return append(l, setting{key: key, from: from, str: val})
}

// apply overwrites the profile with every setting of the layer and records its origin.
func (c *Config) apply(l layer) {
	for _, s := range l {
		p := &c.Profile
		switch s.key {
		case KeyBaseURL:
			p.BaseURL = s.str
		case KeyLocationID:
			p.LocationID = s.str
		case KeyAuthURL:
			p.AuthURL = s.str
		case KeyTokenURL:
			p.TokenURL = s.str
		case KeyAuthKind:
			p.AuthKind = s.str
		case KeyClientID:
			p.ClientID = s.str
		case KeyClientSecret:
			p.ClientSecret = s.str
		case KeyRedirectPort:
			p.RedirectPort = s.port
		case KeyScopes:
			p.Scopes = append([]string(nil), s.scopes...)
		default:
			continue
		}
		if c.origin == nil {
			c.origin = map[string]string{}
		}
		c.origin[s.key] = s.from
	}
}

// SplitScopes reads a scope list written with spaces and/or commas.
func SplitScopes(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
}

func trimSlash(s string) string { return strings.TrimRight(s, "/") }
