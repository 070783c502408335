// Package auth signs a profile in (OAuth Authorization Code with PKCE over a loopback
// redirect or a pasted address; or a private integration token), keeps its token in a
// private file, and hands the API client a token source that refreshes safely.
//
// It also holds the one accounts catalogue (Catalogue, catalogue.go): the profiles,
// the sub-accounts each agency sign-in reaches (listed once per catalogue, the
// listing kept a day for runs that may use it) and what each sub-account is called.
// Whatever names or lists accounts — sets of sub-accounts, the browser's switcher,
// the MCP server, the team server, login and completion — reads it.
package auth

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"time"

	"golang.org/x/oauth2"
)

// Kinds of token.
const (
	KindOAuth    = "oauth"    // access + rotating refresh token (UserType Company: an agency sign-in)
	KindPIT      = "pit"      // private integration token: static, never refreshed
	KindLocation = "location" // a sub-account token minted from an agency sign-in: no refresh token
)

// Token is a stored sign-in: the credentials, what the server said about them, and
// what a refresh needs later (so a profile works without flags after login).
//
// Every way of formatting a Token (%v, %+v, %#v, %s, %d, JSON, text, slog) shows the
// secrets as [redacted]; only the store writes them, through its own file type.
type Token struct {
	AccessToken, RefreshToken, TokenType string
	Expiry                               time.Time
	Kind                                 string // KindOAuth or KindPIT

	LocationID, CompanyID, UserID, UserType, Scope string

	BaseURL, AuthURL, TokenURL, ClientID, ClientSecret string

	Obtained time.Time // when the access token was issued (for the early-expiry margin)

	// Storage is where the store found or put it: StorageFile or StorageKeyring
	// ("" for a token not stored). Never written to disk.
	Storage string
}

// Agency reports whether the token is an agency-level (Company) sign-in.
func (t *Token) Agency() bool { return t.Kind == KindOAuth && t.UserType == "Company" }

const redacted = "[redacted]"

func mask(s string) string {
	if s == "" {
		return ""
	}
	return redacted
}

// String describes the token without its secrets.
func (t Token) String() string {
	exp := "none"
	if !t.Expiry.IsZero() {
		exp = t.Expiry.UTC().Format(time.RFC3339)
	}
	return fmt.Sprintf("auth.Token{Kind: %q, LocationID: %q, Expiry: %s, AccessToken: %q, RefreshToken: %q, ClientSecret: %q}",
		t.Kind, t.LocationID, exp, mask(t.AccessToken), mask(t.RefreshToken), mask(t.ClientSecret))
}

// GoString is String, so %#v cannot leak either.
func (t Token) GoString() string { return t.String() }

// Format makes every fmt verb print String.
func (t Token) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, t.String()) }

// MarshalText is String, for encoders that use it.
func (t Token) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// MarshalJSON writes the non-secret fields and marks the secrets as redacted.
func (t Token) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Kind, LocationID, CompanyID, UserID, UserType, Scope string
		BaseURL, TokenURL                                    string
		Expiry                                               time.Time
		AccessToken, RefreshToken, ClientSecret              string
	}{t.Kind, t.LocationID, t.CompanyID, t.UserID, t.UserType, t.Scope, t.BaseURL, t.TokenURL, t.Expiry,
		mask(t.AccessToken), mask(t.RefreshToken), mask(t.ClientSecret)})
}

// LogValue keeps slog from reflecting over the fields.
func (t Token) LogValue() slog.Value { return slog.StringValue(t.String()) }

// fresh reports whether the access token can still be sent at now: not expired, with a
// margin of 30 s, or a quarter of the token's lifetime when that is shorter.
func (t *Token) fresh(now time.Time) bool {
	if t.AccessToken == "" {
		return false
	}
	if t.Expiry.IsZero() {
		return true
	}
	margin := 30 * time.Second
	if !t.Obtained.IsZero() {
		if life := t.Expiry.Sub(t.Obtained); life > 0 && life/4 < margin {
			margin = life / 4
		}
	}
	return now.Before(t.Expiry.Add(-margin))
}

// oauth2 is the token as the API client sees it: no refresh token, no client secret.
func (t *Token) oauth2() *oauth2.Token {
	typ := t.TokenType
	if typ == "" {
		typ = "Bearer"
	}
	return &oauth2.Token{AccessToken: t.AccessToken, TokenType: typ, Expiry: t.Expiry}
}
