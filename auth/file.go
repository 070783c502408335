package auth

import "time"

// fileVersion is bumped when the token file's meaning changes.
const fileVersion = 1

// tokenFile is the on-disk form of a Token: the only place its secrets are written.
type tokenFile struct {
	Version      int       `json:"version"`
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
	case f.Kind != KindOAuth && f.Kind != KindPIT:
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
