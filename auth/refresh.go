package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// refreshRequest is what one refresh needs.
type refreshRequest struct {
	TokenURL, ClientID, ClientSecret string
	Old                              *Token
}

// refresh spends old's refresh token at the token endpoint: our own form POST, because
// the service wants user_type on refreshes too and golang.org/x/oauth2 cannot send it.
// The result keeps everything old knew that the answer does not replace.
func refresh(ctx context.Context, hc *http.Client, r refreshRequest, now time.Time) (*Token, error) {
	userType := r.Old.UserType
	if userType == "" {
		userType = "Location"
	}
	form := url.Values{
		"grant_type":    {"refresh_token"},
		"refresh_token": {r.Old.RefreshToken},
		"client_id":     {r.ClientID},
		"client_secret": {r.ClientSecret},
		"user_type":     {userType},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.TokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, fmt.Errorf("token refresh: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("token refresh: %w", redactURLError(err))
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("token refresh: reading the answer: %w", err)
	}
	secrets := []string{r.Old.RefreshToken, r.Old.AccessToken, r.ClientSecret}
	if resp.StatusCode != http.StatusOK {
		if err := suspended(resp.StatusCode, body, r.Old.LocationID, secrets...); err != nil {
			return nil, err
		}
		return nil, endpointError(resp.StatusCode, body, secrets...)
	}
	var tr tokenResponse
	if err := json.Unmarshal(body, &tr); err != nil || tr.AccessToken == "" {
		return nil, fmt.Errorf("token refresh: the token endpoint answered 200 without a token")
	}
	return tr.merge(r.Old, now), nil
}

// tokenResponse is the token endpoint's answer, for a code or a refresh.
type tokenResponse struct {
	AccessToken  string   `json:"access_token"`
	TokenType    string   `json:"token_type"`
	ExpiresIn    flexSecs `json:"expires_in"`
	RefreshToken string   `json:"refresh_token"`
	Scope        string   `json:"scope"`
	UserType     string   `json:"userType"`
	LocationID   string   `json:"locationId"`
	CompanyID    string   `json:"companyId"`
	UserID       string   `json:"userId"`
}

// merge lays the answer over old. A missing refresh token keeps the old one (the
// server did not rotate it).
func (tr tokenResponse) merge(old *Token, now time.Time) *Token {
	t := *old
	t.AccessToken, t.Obtained = tr.AccessToken, now
	t.Expiry = time.Time{}
	if tr.ExpiresIn > 0 {
		t.Expiry = now.Add(time.Duration(tr.ExpiresIn) * time.Second)
	}
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&t.RefreshToken, tr.RefreshToken)
	set(&t.TokenType, tr.TokenType)
	set(&t.Scope, tr.Scope)
	set(&t.UserType, tr.UserType)
	set(&t.LocationID, tr.LocationID)
	set(&t.CompanyID, tr.CompanyID)
	set(&t.UserID, tr.UserID)
	return &t
}

// maxLifetime is the longest access-token lifetime we believe.
const maxLifetime = 10 * 365 * 24 * time.Hour

// flexSecs reads a number of seconds written as a number or a string.
type flexSecs int64

func (f *flexSecs) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		return nil
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("expires_in %q is not a number", s)
	}
	// Clamp to what a time.Duration can add to now: a server's absurd lifetime must not
	// wrap around into an expiry in the past (or a token that never expires).
	switch {
	case n != n || n <= 0:
		n = 0
	case n > maxLifetime.Seconds():
		n = maxLifetime.Seconds()
	}
	*f = flexSecs(n)
	return nil
}

// endpointError turns a refusal into a *TokenEndpointError, keeping secrets out of it.
func endpointError(status int, body []byte, secrets ...string) error {
	var e struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
		Message     any    `json:"message"`
	}
	_ = json.Unmarshal(body, &e)
	desc := e.Description
	if desc == "" {
		if s, ok := e.Message.(string); ok {
			desc = s
		}
	}
	return &TokenEndpointError{Status: status, Code: clean(e.Error, secrets...), Description: clean(desc, secrets...)}
}

// redactURLError drops the URL from a transport error: *url.Error quotes it, and while
// ours carry no secret, that is one guarantee fewer to keep.
func redactURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("%s %s: %w", ue.Op, hostOf(ue.URL), ue.Err)
	}
	return err
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "token endpoint"
	}
	return u.Scheme + "://" + u.Host
}
