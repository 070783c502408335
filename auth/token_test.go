package auth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestTokenNeverFormatsSecrets(t *testing.T) {
	tok := sampleToken()
	var outputs []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%d", "%x", "%X"} {
		outputs = append(outputs, fmt.Sprintf(verb, tok), fmt.Sprintf(verb, *tok))
	}
	outputs = append(outputs, fmt.Sprint(tok), fmt.Sprintln(*tok), tok.String(), tok.GoString())
	j, _ := json.Marshal(tok)
	text, _ := tok.MarshalText()
	wrapped, _ := json.Marshal(map[string]any{"t": tok, "list": []Token{*tok}})
	outputs = append(outputs, string(j), string(text), string(wrapped))
	var logs bytes.Buffer
	slog.New(slog.NewTextHandler(&logs, nil)).Info("x", "tok", tok, "val", *tok)
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("x", "tok", tok)
	outputs = append(outputs, logs.String(), fmt.Errorf("wrapped: %v", tok).Error())

	for _, out := range outputs {
		for _, secret := range []string{tok.AccessToken, tok.RefreshToken, tok.ClientSecret} {
			if strings.Contains(out, secret) {
				t.Errorf("secret in %q", out)
			}
		}
		if !strings.Contains(out, "redacted") {
			t.Errorf("no redaction marker in %q", out)
		}
	}
}

func TestTokenFresh(t *testing.T) {
	now := time.Now()
	cases := []struct {
		name string
		tok  Token
		want bool
	}{
		{"no expiry", Token{AccessToken: "a"}, true},
		{"an hour left", Token{AccessToken: "a", Expiry: now.Add(time.Hour)}, true},
		{"within the margin", Token{AccessToken: "a", Expiry: now.Add(20 * time.Second)}, false},
		{"expired", Token{AccessToken: "a", Expiry: now.Add(-time.Second)}, false},
		{"short life, margin a quarter", Token{AccessToken: "a", Obtained: now.Add(-time.Second), Expiry: now.Add(7 * time.Second)}, true},
		{"empty", Token{}, false},
	}
	for _, tc := range cases {
		if got := tc.tok.fresh(now); got != tc.want {
			t.Errorf("%s: fresh = %v", tc.name, got)
		}
	}
}
