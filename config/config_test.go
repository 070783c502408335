package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// env returns a getenv over vars with XDG_CONFIG_HOME pointing at a fresh directory.
func env(t *testing.T, vars map[string]string) (func(string) string, string) {
	t.Helper()
	dir := t.TempDir()
	m := map[string]string{"XDG_CONFIG_HOME": dir}
	for k, v := range vars {
		m[k] = v
	}
	return func(k string) string { return m[k] }, dir
}

func writeFile(t *testing.T, getenv func(string) string, body string, mode os.FileMode) string {
	t.Helper()
	path := Path(getenv)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDefaults(t *testing.T) {
	getenv, dir := env(t, nil)
	cfg, err := Load(getenv, Flags{})
	if err != nil {
		t.Fatal(err)
	}
	want := Profile{
		Name: "default", BaseURL: "https://services.leadconnectorhq.com",
		AuthURL:  "https://marketplace.gohighlevel.com/oauth/chooselocation",
		TokenURL: "https://services.leadconnectorhq.com/oauth/token",
		AuthKind: "oauth", RedirectPort: DefaultRedirectPort, Scopes: DefaultScopes(),
	}
	if !reflect.DeepEqual(cfg.Profile, want) {
		t.Errorf("profile = %+v\nwant      %+v", cfg.Profile, want)
	}
	if cfg.File != filepath.Join(dir, "funnels", "config.toml") {
		t.Errorf("File = %q", cfg.File)
	}
	if cfg.Token != "" || cfg.Mouse || cfg.Theme != "auto" || len(cfg.Warnings) != 0 {
		t.Errorf("unexpected %+v", cfg)
	}
	if got := cfg.Origin(KeyBaseURL); got != "default" {
		t.Errorf("origin = %q", got)
	}
}

func TestPrecedenceFileEnvFlags(t *testing.T) {
	const file = `
default_profile = "work"
[profiles.work]
base_url = "https://file.example"
location_id = "from-file"
client_id = "file-client"
redirect_port = 9000
scopes = "a b,c"
[profiles.other]
location_id = "other-loc"
`
	cases := []struct {
		name    string
		vars    map[string]string
		flags   Flags
		wantURL string
		wantLoc string
		wantCID string
		from    string
	}{
		{"file only", nil, Flags{}, "https://file.example", "from-file", "file-client", "[profiles.work] base_url in "},
		{"env beats file", map[string]string{"FUNNELS_BASE_URL": "https://env.example", "FUNNELS_LOCATION_ID": "from-env", "FUNNELS_CLIENT_ID": "env-client"}, Flags{},
			"https://env.example", "from-env", "env-client", "FUNNELS_BASE_URL"},
		{"flags beat env", map[string]string{"FUNNELS_BASE_URL": "https://env.example", "FUNNELS_LOCATION_ID": "from-env"},
			Flags{BaseURL: "https://flag.example/", Location: "from-flag", ClientID: "flag-client"},
			"https://flag.example", "from-flag", "flag-client", "--base-url"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			getenv, _ := env(t, tc.vars)
			writeFile(t, getenv, file, 0o600)
			cfg, err := Load(getenv, tc.flags)
			if err != nil {
				t.Fatal(err)
			}
			p := cfg.Profile
			if p.Name != "work" || p.BaseURL != tc.wantURL || p.LocationID != tc.wantLoc || p.ClientID != tc.wantCID {
				t.Errorf("got %+v", p)
			}
			if p.TokenURL != tc.wantURL+"/oauth/token" {
				t.Errorf("token URL %q does not follow the base URL", p.TokenURL)
			}
			if p.RedirectPort != 9000 || !reflect.DeepEqual(p.Scopes, []string{"a", "b", "c"}) {
				t.Errorf("port/scopes %d %q", p.RedirectPort, p.Scopes)
			}
			if !strings.HasPrefix(cfg.Origin(KeyBaseURL), tc.from) {
				t.Errorf("origin %q, want prefix %q", cfg.Origin(KeyBaseURL), tc.from)
			}
		})
	}
}

func TestProfileChoice(t *testing.T) {
	getenv, _ := env(t, map[string]string{"FUNNELS_PROFILE": "other"})
	writeFile(t, getenv, "default_profile = \"work\"\n[profiles.other]\nlocation_id = \"o\"\n", 0o600)
	cfg, err := Load(getenv, Flags{})
	if err != nil || cfg.Profile.Name != "other" || cfg.Profile.LocationID != "o" {
		t.Fatalf("env profile: %+v %v", cfg, err)
	}
	cfg, err = Load(getenv, Flags{Profile: "sandbox"})
	if err != nil || cfg.Profile.Name != "sandbox" || cfg.Profile.LocationID != "" {
		t.Fatalf("flag profile: %+v %v", cfg, err)
	}
	if _, err := Load(getenv, Flags{Profile: "../etc"}); err == nil || !strings.Contains(err.Error(), "--profile") {
		t.Fatalf("bad profile name accepted: %v", err)
	}
}

func TestStaticToken(t *testing.T) {
	getenv, _ := env(t, map[string]string{"FUNNELS_TOKEN": "pit-env"})
	cfg, err := Load(getenv, Flags{})
	if err != nil || cfg.Token != "pit-env" || cfg.TokenFrom != "FUNNELS_TOKEN" {
		t.Fatalf("%+v %v", cfg, err)
	}
	cfg, err = Load(getenv, Flags{Token: "pit-flag"})
	if err != nil || cfg.Token != "pit-flag" || cfg.TokenFrom != "--token" {
		t.Fatalf("%+v %v", cfg, err)
	}
}

func TestMalformedFileNamesFileAndLine(t *testing.T) {
	cases := []struct {
		name, body string
		line       int
	}{
		{"syntax", "[ui]\nmouse = true\ntheme = \"dark\n", 3},
		{"missing equals", "default_profile = \"a\"\n\n[profiles.a]\nlocation_id \"x\"\n", 4},
		{"wrong type", "[ui]\n\ntheme = 3\n", 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			getenv, _ := env(t, nil)
			path := writeFile(t, getenv, tc.body, 0o600)
			_, err := Load(getenv, Flags{})
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("err = %v, want *FileError", err)
			}
			if fe.Path != path || fe.Line != tc.line {
				t.Errorf("path %q line %d, want %q line %d", fe.Path, fe.Line, path, tc.line)
			}
			msg := err.Error()
			if !strings.Contains(msg, path) || !strings.Contains(msg, "line ") {
				t.Errorf("message %q does not name file and line", msg)
			}
		})
	}
}

func TestUnknownKeysWarn(t *testing.T) {
	getenv, _ := env(t, nil)
	path := writeFile(t, getenv, "colour = \"red\"\n[profiles.default]\nbase_ur = \"https://x.example\"\nlocation_id = \"L\"\n", 0o600)
	cfg, err := Load(getenv, Flags{})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Profile.LocationID != "L" {
		t.Errorf("known keys lost: %+v", cfg.Profile)
	}
	joined := strings.Join(cfg.Warnings, "\n")
	for _, want := range []string{`"colour"`, `"profiles.default.base_ur"`, path} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings %q lack %s", joined, want)
		}
	}
}

func TestSecretInReadableFileWarns(t *testing.T) {
	getenv, _ := env(t, nil)
	writeFile(t, getenv, "[profiles.default]\nclient_secret = \"s3cr3t\"\n", 0o644)
	cfg, err := Load(getenv, Flags{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Warnings) != 1 || !strings.Contains(cfg.Warnings[0], "chmod 600") || strings.Contains(cfg.Warnings[0], "s3cr3t") {
		t.Errorf("warnings = %q", cfg.Warnings)
	}
}

func TestCheckBaseURL(t *testing.T) {
	ok := []string{
		"https://services.leadconnectorhq.com", "https://x.example/prefix/",
		"http://127.0.0.1:8484", "http://127.8.9.10", "http://localhost:1", "http://LOCALHOST", "http://[::1]:8080",
	}
	bad := []string{
		"", "services.leadconnectorhq.com", "http://example.com", "http://127.0.0.1.nip.io", "http://10.0.0.1",
		"ftp://127.0.0.1", "https://user:pw@x.example", "https://x.example/?a=b", "http://[::2]", "https://",
	}
	for _, u := range ok {
		if err := CheckBaseURL(u); err != nil {
			t.Errorf("CheckBaseURL(%q) = %v", u, err)
		}
	}
	for _, u := range bad {
		if err := CheckBaseURL(u); err == nil {
			t.Errorf("CheckBaseURL(%q) accepted", u)
		}
	}
	if err := CheckBaseURL("https://user:hunter2@x.example"); err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("password shown or accepted: %v", err)
	}
}

func TestInsecureURLRefusedNamingSource(t *testing.T) {
	getenv, _ := env(t, map[string]string{"FUNNELS_BASE_URL": "http://api.example"})
	_, err := Load(getenv, Flags{})
	if err == nil || !strings.Contains(err.Error(), "FUNNELS_BASE_URL") || !strings.Contains(err.Error(), "https") {
		t.Fatalf("err = %v", err)
	}
	getenv, _ = env(t, nil)
	_, err = Load(getenv, Flags{TokenURL: "http://tokens.example/oauth/token"})
	if err == nil || !strings.Contains(err.Error(), "--token-url") {
		t.Fatalf("token URL: err = %v", err)
	}
}

func TestBadValues(t *testing.T) {
	for _, tc := range []struct{ body, flagPort, want string }{
		{"[ui]\ntheme = \"blue\"\n", "", "theme"},
		{"[profiles.default]\nauth_kind = \"magic\"\n", "", "auth_kind"},
		{"[profiles.default]\nredirect_port = 70000\n", "", "redirect_port"},
		{"[limits]\nmax_list_items = -1\n", "", "max_list_items"},
		{"", "x", "--redirect-port"},
	} {
		getenv, _ := env(t, nil)
		writeFile(t, getenv, tc.body, 0o600)
		_, err := Load(getenv, Flags{RedirectPort: tc.flagPort})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want mention of %s", tc.body, err, tc.want)
		}
	}
}

func TestRememberFillsOnlyUnset(t *testing.T) {
	getenv, _ := env(t, map[string]string{"FUNNELS_LOCATION_ID": "env-loc"})
	cfg, err := Load(getenv, Flags{Profile: "sandbox"})
	if err != nil {
		t.Fatal(err)
	}
	err = cfg.Remember(Remembered{BaseURL: "http://127.0.0.1:8484", LocationID: "saved-loc",
		ClientID: "sandbox-client", ClientSecret: "sandbox-secret", AuthKind: "oauth"})
	if err != nil {
		t.Fatal(err)
	}
	p := cfg.Profile
	if p.BaseURL != "http://127.0.0.1:8484" || p.TokenURL != "http://127.0.0.1:8484/oauth/token" {
		t.Errorf("base/token URL not remembered: %+v", p)
	}
	if p.LocationID != "env-loc" {
		t.Errorf("environment lost to the saved login: %q", p.LocationID)
	}
	if p.ClientID != "sandbox-client" || cfg.Origin(KeyClientID) != OriginLogin {
		t.Errorf("client id %q from %q", p.ClientID, cfg.Origin(KeyClientID))
	}
	if err := cfg.Remember(Remembered{BaseURL: "http://evil.example"}); err != nil {
		t.Errorf("set base URL was replaced or checked: %v", err)
	}
	fresh, _ := Load(getenv, Flags{Profile: "x"})
	if err := fresh.Remember(Remembered{BaseURL: "http://evil.example"}); err == nil {
		t.Error("insecure remembered base URL accepted")
	}

	hand := &Config{Profile: Profile{Name: "p", BaseURL: "https://hand.example"}}
	if err := hand.Remember(Remembered{BaseURL: "http://127.0.0.1:1", ClientID: "c", AuthKind: "oauth"}); err != nil {
		t.Fatal(err)
	}
	if hand.Profile.BaseURL != "https://hand.example" || hand.Profile.ClientID != "c" || hand.Profile.TokenURL != "https://hand.example/oauth/token" {
		t.Errorf("hand-built config: %+v", hand.Profile)
	}
}

func TestPathFallsBackToXDG(t *testing.T) {
	got := Path(func(string) string { return "" })
	if !filepath.IsAbs(got) || !strings.HasSuffix(got, filepath.Join("funnels", "config.toml")) {
		t.Errorf("Path = %q", got)
	}
	if got := Path(func(k string) string { return map[string]string{"XDG_CONFIG_HOME": "/cfg"}[k] }); got != "/cfg/funnels/config.toml" {
		t.Errorf("Path = %q", got)
	}
}
