package auth

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Storages of a token.
const (
	StorageFile    = "file"    // the 0600 file holds it
	StorageKeyring = "keyring" // the OS keyring holds the secrets; the file the rest
)

// fileVersion is bumped when the token file's meaning changes.
const fileVersion = 1

// tokenFile is the on-disk form of a Token: the only place its secrets are written.
// With Storage "keyring" it holds no secret: AccessToken, RefreshToken and
// ClientSecret are in the keyring under KeyringAccount (see secrets and fill).
type tokenFile struct {
	Version        int    `json:"version"`
	Storage        string `json:"storage,omitempty"`
	KeyringAccount string `json:"keyring_account,omitempty"`

	Kind         string    `json:"kind"`
	AccessToken  string    `json:"access_token"`
	RefreshToken string    `json:"refresh_token,omitempty"`
	TokenType    string    `json:"token_type,omitempty"`
	Expiry       time.Time `json:"expiry,omitzero"`
	Obtained     time.Time `json:"obtained,omitzero"`
	Scope        string    `json:"scope,omitempty"`
	LocationID   string    `json:"location_id,omitempty"`
	CompanyID    string    `json:"company_id,omitempty"`
	UserID       string    `json:"user_id,omitempty"`
	UserType     string    `json:"user_type,omitempty"`
	BaseURL      string    `json:"base_url,omitempty"`
	AuthURL      string    `json:"auth_url,omitempty"`
	TokenURL     string    `json:"token_url,omitempty"`
	ClientID     string    `json:"client_id,omitempty"`
	ClientSecret string    `json:"client_secret,omitempty"`
}

func fileFromToken(t *Token) tokenFile {
	return tokenFile{
		Version: fileVersion, Kind: t.Kind,
		AccessToken: t.AccessToken, RefreshToken: t.RefreshToken, TokenType: t.TokenType,
		Expiry: t.Expiry, Obtained: t.Obtained, Scope: t.Scope,
		LocationID: t.LocationID, CompanyID: t.CompanyID, UserID: t.UserID, UserType: t.UserType,
		BaseURL: t.BaseURL, AuthURL: t.AuthURL, TokenURL: t.TokenURL,
		ClientID: t.ClientID, ClientSecret: t.ClientSecret,
	}
}

// token checks the file's content and returns the token, or why it cannot be used.
func (f tokenFile) token() (*Token, string) {
	switch {
	case f.Version != fileVersion:
		return nil, "unknown version"
	case f.Kind != KindOAuth && f.Kind != KindPIT && f.Kind != KindLocation:
		return nil, "unknown kind of token"
	case f.AccessToken == "":
		return nil, "no access token in it"
	}
	return &Token{
		AccessToken: f.AccessToken, RefreshToken: f.RefreshToken, TokenType: f.TokenType,
		Expiry: f.Expiry, Kind: f.Kind, Obtained: f.Obtained, Scope: f.Scope,
		LocationID: f.LocationID, CompanyID: f.CompanyID, UserID: f.UserID, UserType: f.UserType,
		BaseURL: f.BaseURL, AuthURL: f.AuthURL, TokenURL: f.TokenURL,
		ClientID: f.ClientID, ClientSecret: f.ClientSecret,
	}, ""
}

// keyringSecrets is what the keyring holds of a token: its secrets only, so the item
// stays small (some keyrings take a few kilobytes at most).
type keyringSecrets struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token,omitempty"`
	ClientSecret string `json:"client_secret,omitempty"`
}

// secrets encodes the token's secrets for the keyring.
func (f tokenFile) secrets() string {
	b, _ := json.Marshal(keyringSecrets{AccessToken: f.AccessToken, RefreshToken: f.RefreshToken, ClientSecret: f.ClientSecret})
	return string(b)
}

// stub is the file of a token kept in the keyring: everything but the secrets.
func (f tokenFile) stub(account string) tokenFile {
	f.Storage, f.KeyringAccount = StorageKeyring, account
	f.AccessToken, f.RefreshToken, f.ClientSecret = "", "", ""
	return f
}

// fill puts the secrets read from the keyring back into a stub.
func (f *tokenFile) fill(secret string) error {
	var ks keyringSecrets
	if err := json.Unmarshal([]byte(secret), &ks); err != nil || ks.AccessToken == "" {
		return errors.New("the keyring's entry is not a token")
	}
	f.AccessToken, f.RefreshToken, f.ClientSecret = ks.AccessToken, ks.RefreshToken, ks.ClientSecret
	return nil
}

// account is where in the keyring a stub's secrets are.
func (f tokenFile) account(s *Store, entry string) string {
	if f.KeyringAccount != "" {
		return f.KeyringAccount
	}
	return s.account(entry)
}

// checkLocation refuses a sub-account id that CheckLocationID would change or refuse:
// it names a file of the store.
func checkLocation(id string) error {
	got, err := CheckLocationID(id)
	if err != nil {
		return err
	}
	if got != id {
		return fmt.Errorf("sub-account id %q has spaces around it", clean(id))
	}
	return nil
}

// mintedEntry names the token minted for a sub-account of an agency profile.
func mintedEntry(profile, location string) string { return profile + "@" + location }
