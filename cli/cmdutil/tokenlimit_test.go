package cmdutil

import (
	"errors"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
)

// TestTokenEndpointRateLimitIsNotSignedOut: a 429 from the token endpoint while a
// token is refreshed is a rate limit (exit 1, try again), never "not signed in" or
// "sign in again" (exit 3): the sign-in is fine.
func TestTokenEndpointRateLimitIsNotSignedOut(t *testing.T) {
	err := error(&client.AuthError{Err: &auth.TokenEndpointError{Status: 429, Code: "rate_limited"}})
	if errors.Is(err, client.ErrUnauthorized) || !errors.Is(err, client.ErrRateLimited) {
		t.Fatalf("a 429 of the token endpoint matches ErrUnauthorized %v, ErrRateLimited %v",
			errors.Is(err, client.ErrUnauthorized), errors.Is(err, client.ErrRateLimited))
	}
	if code := ExitCode(err); code != ExitAPI {
		t.Errorf("exit %d, want %d", code, ExitAPI)
	}
	lines := strings.Join(describe(nil, err, "funnels login"), "\n")
	if !strings.Contains(lines, "429") || !strings.Contains(lines, "rate limited") ||
		strings.Contains(lines, "not signed in") || strings.Contains(lines, "funnels login") {
		t.Errorf("told %q", lines)
	}

	// Any other refusal of the token endpoint is still a sign-in to renew.
	other := &client.AuthError{Err: &auth.TokenEndpointError{Status: 400, Code: "invalid_request"}}
	if !errors.Is(other, client.ErrUnauthorized) || ExitCode(other) != ExitAuth {
		t.Errorf("a 400 of the token endpoint: exit %d", ExitCode(other))
	}
}
