package auth

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode"
)

// ErrLoginRequired is behind every "sign in again" outcome: nothing stored, a damaged
// token file, a refresh token the server refused (invalid_grant) or revoked. Test with
// errors.Is; the message of the concrete error says which command to run.
var ErrLoginRequired = errors.New("not signed in")

// ErrBadToken is behind a token that SaveStaticToken refuses to store because of
// what it looks like (empty, too long, spaces or control characters in it).
var ErrBadToken = errors.New("not a token")

// badToken is a refused token text, told in words of its own.
type badToken string

func (e badToken) Error() string        { return string(e) }
func (e badToken) Is(target error) bool { return target == ErrBadToken }

// ErrRefreshLimited is returned instead of a sixth token refresh within a minute.
var ErrRefreshLimited = errors.New("token refreshed too often (at most 5 per minute); try again shortly")

// LoginRequiredError says why a sign-in is needed and how to get one.
type LoginRequiredError struct {
	Profile string
	Reason  string // "no token stored", "the sign-in expired or was revoked", …
	Static  bool   // the profile uses a private integration token
	Err     error  // the cause, if any
	// SignedIn are the other profiles that are signed in, when this one has no
	// token at all: the person most likely meant one of them.
	SignedIn []string
}

func (e *LoginRequiredError) Error() string {
	msg := fmt.Sprintf("%s: run `%s`", e.Reason, LoginCommand(e.Profile, e.Static))
	if o := e.Others(); o != "" {
		msg += "; " + o
	}
	return msg
}

// othersNamed is how many other signed-in profiles a message names before "…".
const othersNamed = 4

// Others names the profiles that are signed in and how to use one ("" when none
// is): "signed in: acme — `funnels auth switch acme` (or --profile acme)".
func (e *LoginRequiredError) Others() string {
	if len(e.SignedIn) == 0 {
		return ""
	}
	names := strings.Join(e.SignedIn[:min(len(e.SignedIn), othersNamed)], ", ")
	if len(e.SignedIn) > othersNamed {
		names += ", …"
	}
	name := "NAME"
	if len(e.SignedIn) == 1 {
		name = e.SignedIn[0]
	}
	return fmt.Sprintf("signed in: %s — `funnels auth switch %s` (or --profile %s)", names, name, name)
}

func (e *LoginRequiredError) Is(target error) bool { return target == ErrLoginRequired }
func (e *LoginRequiredError) Unwrap() error        { return e.Err }

// LoginCommand is the command that signs a profile in.
func LoginCommand(profile string, static bool) string {
	cmd := "funnels login"
	if profile != "" && profile != "default" {
		cmd += " --profile " + profile
	}
	if static {
		cmd += " --with-token"
	}
	return cmd
}

// TokenEndpointError is a refusal from the OAuth token endpoint.
type TokenEndpointError struct {
	Status      int
	Code        string // RFC 6749 "error": invalid_grant, invalid_client, rate_limited, …
	Description string // "error_description", cleaned for a terminal
}

// RateLimited reports a 429 from the token endpoint: the sign-in is fine, only not
// refreshed yet; it is tried again on the next request.
func (e *TokenEndpointError) RateLimited() bool { return e.Status == http.StatusTooManyRequests }

func (e *TokenEndpointError) Error() string {
	msg := fmt.Sprintf("token endpoint answered %d %s", e.Status, http.StatusText(e.Status))
	if e.Code != "" {
		msg += ": " + e.Code
	}
	if e.Description != "" {
		msg += " (" + e.Description + ")"
	}
	return msg
}

// clean makes text from a server safe to print: no control characters (so no escape
// sequences), no secret, at most 200 runes.
func clean(s string, secrets ...string) string {
	for _, sec := range secrets {
		if sec != "" {
			s = strings.ReplaceAll(s, sec, "[redacted]")
		}
	}
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == unicode.ReplacementChar {
			return -1
		}
		return r
	}, s)
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "…"
	}
	return strings.TrimSpace(s)
}
