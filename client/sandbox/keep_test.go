package sandbox

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A sandbox started again on the same state directory takes its tokens back: the
// static ones it printed, its OAuth client, and the OAuth tokens it issued.
func TestStateDirKeepsTokensAcrossRestarts(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sandbox")
	first, err := Start("", Options{StateDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	demo, readOnly := first.Server.DemoToken(), first.Server.ReadOnlyToken()
	o := newOAuth(t, first)
	code := o.code("", "s")
	status, tok, _ := o.token(url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI}, "user_type": {"Location"}})
	if status != 200 {
		t.Fatalf("exchange: %d %v", status, tok)
	}
	access, refresh := tok["access_token"].(string), tok["refresh_token"].(string)
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}

	info, err := os.Stat(KeepPath(dir))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the kept tokens: %v, mode %v", err, info.Mode())
	}
	if d, _ := os.Stat(dir); d.Mode().Perm() != 0o700 {
		t.Fatalf("the state directory is %v", d.Mode().Perm())
	}

	second, err := Start("", Options{StateDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = second.Close() })
	s := second.Server
	if s.DemoToken() != demo || s.ReadOnlyToken() != readOnly || s.ClientID() != "sandbox-client" || s.ClientSecret() != "sandbox-secret" {
		t.Fatalf("tokens after the restart: %s %s %s", s.DemoToken(), s.ReadOnlyToken(), s.ClientID())
	}
	api := newTC(t, second)
	api.as(demo).get("/funnels/funnel/list?locationId="+s.LocationID()).hasStatus(t, 200)
	api.as(access).get("/funnels/funnel/list?locationId="+s.LocationID()).hasStatus(t, 200)
	api.as(readOnly).post("/funnels/funnel/folder/create", map[string]any{"locationId": s.LocationID(), "name": "x", "type": "funnel"}).hasStatus(t, 403)

	// The refresh token works once, as before the restart, and is used up for good.
	o = newOAuth(t, second)
	refreshForm := func() url.Values {
		return url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}, "user_type": {"Location"}}
	}
	if status, m, _ := o.token(refreshForm()); status != 200 || m["access_token"] == "" {
		t.Fatalf("refresh after the restart: %d %v", status, m)
	}
	if err := second.Close(); err != nil {
		t.Fatal(err)
	}
	third := startT(t, Options{StateDir: dir})
	if status, m, _ := newOAuth(t, third).token(refreshForm()); status != 400 || m["error"] != "invalid_grant" {
		t.Fatalf("a used refresh token after another restart: %d %v", status, m)
	}
	raw, _ := os.ReadFile(KeepPath(dir))
	if strings.Contains(string(raw), refresh) {
		t.Fatal("a used refresh token is still kept")
	}
}

func TestStateDirOptionsWinAndDamageIsSaid(t *testing.T) {
	dir := t.TempDir()
	kept := startT(t, Options{StateDir: dir}).Server
	r := startT(t, Options{StateDir: dir, DemoToken: "pit-given", ReadOnlyToken: "pit-given-ro", ClientID: "given-app", ClientSecret: "given-secret"})
	if r.Server.DemoToken() != "pit-given" || r.Server.ReadOnlyToken() != "pit-given-ro" {
		t.Fatalf("a token named in the options wins: %s", r.Server.DemoToken())
	}
	// For that run only: the next start without them has the kept ones again.
	again := startT(t, Options{StateDir: dir}).Server
	if again.DemoToken() != kept.DemoToken() || again.ReadOnlyToken() != kept.ReadOnlyToken() ||
		again.ClientID() != kept.ClientID() || again.ClientSecret() != kept.ClientSecret() {
		t.Fatalf("a token named for one start became every later start's: %s, want %s", again.DemoToken(), kept.DemoToken())
	}
	// Named on the first start ever, it is still that start's alone.
	fresh := t.TempDir()
	startT(t, Options{StateDir: fresh, DemoToken: "pit-demo"})
	if tok := startT(t, Options{StateDir: fresh}).Server.DemoToken(); tok == "pit-demo" || tok == "" {
		t.Fatalf("the next start has a token of its own, not the one named before: %q", tok)
	}
	if err := os.WriteFile(KeepPath(dir), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Start("", Options{StateDir: dir}); err == nil || !strings.Contains(err.Error(), KeepPath(dir)) || !strings.Contains(err.Error(), "delete it") {
		t.Fatalf("a damaged file: %v", err)
	}
	// Without a state directory nothing is kept and tokens differ per start.
	if a, b := startT(t, Options{}).Server.DemoToken(), startT(t, Options{}).Server.DemoToken(); a == b {
		t.Fatal("without a state directory every start has new tokens")
	}
}

// The other gyms' tokens, an agency's token and the location tokens it minted come
// back after a restart as what they were: the same gym, still an agency.
func TestStateDirKeepsSubAccountsAndAgencyTokens(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sandbox")
	first, err := Start("", Options{StateDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	summitToken := first.Server.SubAccounts()[1].DemoToken
	agencyAccess := agencyToken(t, newOAuth(t, first))["access_token"].(string)
	minted := mint(t, newTC(t, first).as(agencyAccess), url.Values{"companyId": {seedCompanyID}, "locationId": {riversideLocationID}}).
		hasStatus(t, 200).obj(t)["access_token"].(string)
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	second := startT(t, Options{StateDir: dir})
	if got := second.Server.SubAccounts()[1].DemoToken; got != summitToken {
		t.Fatalf("summit's token changed across the restart: %s", got)
	}
	api := newTC(t, second)
	if body := api.as(summitToken).get("/funnels/funnel/list?limit=100").hasStatus(t, 200).String(); !strings.Contains(body, "Summit Open House") {
		t.Fatalf("summit's token no longer reads summit: %.200s", body)
	}
	if body := api.as(minted).get("/funnels/funnel/list?limit=100").hasStatus(t, 200).String(); !strings.Contains(body, "Fight Night Tickets") {
		t.Fatalf("the minted token no longer reads riverside: %.200s", body)
	}
	api.as(agencyAccess).get(installedPath("")).hasStatus(t, 200)
	api.as(agencyAccess).get("/funnels/funnel/list?limit=1").wantError(t, 403, "agency token")
}
