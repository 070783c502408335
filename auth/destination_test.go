package auth

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/config"
)

// loadConfig resolves a configuration from vars and, when not empty, a config file.
func loadConfig(t *testing.T, file string, vars map[string]string) *config.Config {
	t.Helper()
	dir := t.TempDir()
	vars["XDG_CONFIG_HOME"] = dir
	if file != "" {
		if err := os.MkdirAll(filepath.Join(dir, "funnels"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "funnels", "config.toml"), []byte(file), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := config.Load(func(k string) string { return vars[k] }, config.Flags{})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestCheckDestination(t *testing.T) {
	const home, elsewhere = "https://api.example.com", "https://collector.example.net"
	stored := &Token{Kind: KindOAuth, BaseURL: home, TokenURL: home + "/oauth/token"}
	cases := []struct {
		name, file string
		vars       map[string]string
		t          *Token
		refused    string // "" when the token may go
	}{
		{"same server", "", map[string]string{"FUNNELS_BASE_URL": home + "/"}, stored, ""},
		{"same server, other spelling", "", map[string]string{"FUNNELS_BASE_URL": "https://API.example.com:443"}, stored, ""},
		{"another server", "", map[string]string{"FUNNELS_BASE_URL": elsewhere}, stored, "base_url (from FUNNELS_BASE_URL) names collector.example.net"},
		{"another port", "", map[string]string{"FUNNELS_BASE_URL": "https://api.example.com:8443"}, stored, "api.example.com:8443"},
		{"trusted", "", map[string]string{"FUNNELS_BASE_URL": elsewhere, "FUNNELS_TRUST_BASE_URL": "1"}, stored, ""},
		{"refresh elsewhere", "[profiles.default]\ntoken_url = \"" + elsewhere + "/oauth/token\"\n", map[string]string{"FUNNELS_BASE_URL": home}, stored, "token_url"},
		{"a private token is never refreshed", "[profiles.default]\ntoken_url = \"" + elsewhere + "/oauth/token\"\n", map[string]string{"FUNNELS_BASE_URL": home},
			&Token{Kind: KindPIT, BaseURL: home}, ""},
		{"stored before base URLs were kept: the service", "", map[string]string{"FUNNELS_BASE_URL": elsewhere}, &Token{Kind: KindPIT},
			"only sent to services.leadconnectorhq.com"},
		{"stored before base URLs were kept: the service, used there", "", map[string]string{}, &Token{Kind: KindPIT}, ""},
		{"stored before base URLs were kept: the file's", "[profiles.default]\nbase_url = \"" + home + "\"\n", map[string]string{"FUNNELS_BASE_URL": elsewhere},
			&Token{Kind: KindPIT}, "only sent to api.example.com"},
		{"stored before base URLs were kept: the file's, used there", "[profiles.default]\nbase_url = \"" + home + "\"\n", map[string]string{},
			&Token{Kind: KindPIT}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := loadConfig(t, c.file, c.vars)
			err := checkDestination(cfg, c.t)
			if c.refused == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrUntrustedBaseURL) || !strings.Contains(err.Error(), c.refused) {
				t.Fatalf("err = %v, want %q", err, c.refused)
			}
			if c.t.BaseURL == "" && !strings.Contains(err.Error(), "stored without its base URL") {
				t.Errorf("does not say the base URL was assumed: %v", err)
			}
		})
	}
}
