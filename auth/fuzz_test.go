package auth

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// FuzzTokenResponse feeds any body to the token endpoint's decoders: no panic, a
// positive lifetime never yields an expiry in the past, and an error never repeats a
// secret.
func FuzzTokenResponse(f *testing.F) {
	for _, s := range []string{
		`{"access_token":"a","token_type":"Bearer","expires_in":86399,"refresh_token":"r","scope":"x y","userType":"Location","locationId":"L"}`,
		`{"access_token":"a","expires_in":"86399"}`, `{"access_token":"a","expires_in":1e300}`, `{"access_token":"a","expires_in":-5}`, `{"access_token":"a","expires_in":1e17}`,
		`{"error":"invalid_grant","error_description":"refresh token r-secret is revoked"}`, `{"message":["a","b"]}`, `<html>`, ``,
	} {
		f.Add([]byte(s))
	}
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte) {
		var tr tokenResponse
		if json.Unmarshal(body, &tr) == nil {
			tok := tr.merge(&Token{RefreshToken: "r-old"}, now)
			if tr.ExpiresIn > 0 && !tok.Expiry.After(now) {
				t.Fatalf("expires_in %d gave expiry %v", tr.ExpiresIn, tok.Expiry)
			}
			if tok.RefreshToken == "" {
				t.Fatalf("the refresh token was lost")
			}
		}
		err := endpointError(400, body, "r-secret", "client-secret")
		if msg := err.Error(); strings.Contains(msg, "r-secret") || strings.Contains(msg, "client-secret") {
			t.Fatalf("secret in error: %s", msg)
		}
	})
}
