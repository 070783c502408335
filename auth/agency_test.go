package auth

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

const (
	summitID    = "SummitStrengthLoc002"
	riversideID = "RiversideBoxingLoc03"
	harborID    = "HarborYogaStudioLc04"
)

// agencyProfile is the sandbox profile as an agency sign-in, opening location.
func agencyProfile(r *sandbox.Running, location string) config.Profile {
	p := profileFor(r)
	p.AuthKind, p.LocationID = config.AuthAgency, location
	return p
}

// agencyLogin signs the sandbox profile in at agency level through the loopback redirect.
func agencyLogin(t *testing.T, r *sandbox.Running, store *Store) *Token {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	b := &followingBrowser{t: t, page: make(chan string, 1)}
	tok, err := Login(ctx, LoginOptions{Profile: agencyProfile(r, ""), Store: store, Browser: b, Out: io.Discard, Agency: true})
	if err != nil {
		t.Fatalf("agency login: %v", err)
	}
	return tok
}

func agencySource(t *testing.T, r *sandbox.Running, store *Store, location string, rt http.RoundTripper) TokenSource {
	t.Helper()
	src, err := Source(t.Context(), &config.Config{Profile: agencyProfile(r, location)}, store, &http.Client{Transport: rt})
	if err != nil {
		t.Fatalf("Source: %v", err)
	}
	return src
}

// countPath counts the sandbox's logged requests to a path.
func countPath(r *sandbox.Running, path string) int {
	n := 0
	for _, req := range r.Server.Requests() {
		if req.Path == path {
			n++
		}
	}
	return n
}

// funnelLocations lists the locations of the funnels a token sees.
func funnelsSeen(t *testing.T, base, access string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/funnels/funnel/list?limit=100", nil)
	req.Header.Set("Version", "2021-07-28")
	req.Header.Set("Authorization", "Bearer "+access)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func TestAgencySignInListsAndMints(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	k := newFakeKeyring()
	store := NewStoreWith(t.TempDir(), StoreOptions{Keyring: k})
	tok := agencyLogin(t, r, store)
	if !tok.Agency() || tok.CompanyID != r.Server.CompanyID() || tok.LocationID != "" || tok.Storage != StorageKeyring {
		t.Fatalf("agency token: %v agency=%v storage %q", tok, tok.Agency(), tok.Storage)
	}
	var authorize string
	for _, req := range r.Server.Requests() {
		if req.Path == "/oauth/chooselocation" {
			authorize = req.Query
		}
		if req.Path == "/oauth/token" && !strings.Contains(req.Body, "user_type=Company") {
			t.Fatalf("the exchange did not ask for an agency token: %s", req.Body)
		}
	}
	if !strings.Contains(authorize, "oauth.readonly") || !strings.Contains(authorize, "oauth.write") {
		t.Fatalf("the agency scopes were not asked for: %s", authorize)
	}

	// The sub-accounts where the app is installed, by name.
	subs, err := listSubAccounts(t.Context(), &config.Config{Profile: agencyProfile(r, "")}, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range subs {
		names = append(names, s.Name+"="+s.ID)
	}
	if strings.Join(names, ",") != "Lakeside Fit=LakesideFit2026Loc01,Riverside Boxing Club="+riversideID+",Summit Strength="+summitID {
		t.Fatalf("sub-accounts: %v", names)
	}

	// Without a sub-account there is nothing to open.
	_, err = Source(t.Context(), &config.Config{Profile: agencyProfile(r, "")}, store, nil)
	if !errors.Is(err, ErrNoSubAccount) || !strings.Contains(err.Error(), "--location") {
		t.Fatalf("no sub-account: %v", err)
	}

	// Opening the second gym mints its token; the API shows that gym's funnels.
	src := agencySource(t, r, store, summitID, nil)
	access := mustToken(t, src)
	if seen := funnelsSeen(t, r.URL, access); !strings.Contains(seen, "Summit Open House") || strings.Contains(seen, "Spring Sale 2026") {
		t.Fatalf("the minted token sees: %.200s", seen)
	}
	if n := countPath(r, "/oauth/locationToken"); n != 1 {
		t.Fatalf("%d mints", n)
	}
	// Kept for the sub-account, in the keyring like the agency's token: the next run
	// (a new source) mints nothing.
	entry := mintedEntry("sandbox", summitID)
	if stored, err := store.read(entry); err != nil || stored.AccessToken != access || stored.Kind != KindLocation || stored.Storage != StorageKeyring {
		t.Fatalf("minted token not kept: %v %v", stored, err)
	}
	if again := mustToken(t, agencySource(t, r, store, summitID, nil)); again != access || countPath(r, "/oauth/locationToken") != 1 {
		t.Fatalf("a second run minted again (%d mints)", countPath(r, "/oauth/locationToken"))
	}
	// Another gym, another token.
	other := mustToken(t, agencySource(t, r, store, riversideID, nil))
	if other == access || !strings.Contains(funnelsSeen(t, r.URL, other), "Fight Night Tickets") {
		t.Fatal("riverside's token is not riverside's")
	}

	// The profile lists as an agency; its sub-accounts as accounts.
	getenv := func(k string) string { return map[string]string{"XDG_CONFIG_HOME": t.TempDir()}[k] }
	accounts, err := NewCatalogue(getenv, store, CatalogueOptions{Load: func(string) (*config.Config, error) {
		return &config.Config{Profile: agencyProfile(r, "")}, nil
	}}).Accounts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range accounts {
		got = append(got, a.Name+":"+a.Kind+":"+a.LocationName)
		if a.Name == AccountName("sandbox", summitID) && a.Expiry.IsZero() {
			t.Error("the minted token's expiry is not listed")
		}
	}
	want := "sandbox:agency:,sandbox/LakesideFit2026Loc01:minted:Lakeside Fit,sandbox/" + riversideID + ":minted:Riverside Boxing Club,sandbox/" + summitID + ":minted:Summit Strength"
	if strings.Join(got, ",") != want {
		t.Fatalf("accounts:\n%s\nwant\n%s", strings.Join(got, ","), want)
	}

	// A default sub-account for runs without --location.
	if err := ChooseSubAccount(store, "sandbox", riversideID); err != nil {
		t.Fatal(err)
	}
	chosen := &config.Config{Profile: agencyProfile(r, "")}
	chosen.FillSaved(store) // the saved login names the chosen sub-account
	if src, err := Source(t.Context(), chosen, store, nil); err != nil || mustToken(t, src) != other {
		t.Fatalf("default sub-account: %v", err)
	}

	// Logout removes the agency's token and every minted one, from the keyring too.
	if err := store.Delete("sandbox"); err != nil {
		t.Fatal(err)
	}
	if k.len() != 0 {
		t.Fatalf("logout left %d keyring items", k.len())
	}
	if files, _ := filepath.Glob(filepath.Join(store.Dir(), "*.json")); len(files) != 0 {
		t.Fatalf("logout left %v", files)
	}
}

// A minted token is minted again when it expires: before it is sent (its expiry has
// passed) and when the API refuses it (the service expired it early). An agency token
// that expired meanwhile is refreshed first, and its rotation saved.
func TestMintedTokenExpires(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	agencyLogin(t, r, store)
	src := agencySource(t, r, store, summitID, nil)
	first := mustToken(t, src)

	// Expired by the clock: the next run mints before sending anything.
	entry := mintedEntry("sandbox", summitID)
	stored, err := store.read(entry)
	if err != nil {
		t.Fatal(err)
	}
	stored.Expiry = time.Now().Add(-time.Minute)
	if err := store.writeTo(entry, stored, StorageFile); err != nil {
		t.Fatal(err)
	}
	src = agencySource(t, r, store, summitID, nil)
	second := mustToken(t, src)
	if second == first || countPath(r, "/oauth/locationToken") != 2 {
		t.Fatalf("an expired minted token was handed out (%d mints)", countPath(r, "/oauth/locationToken"))
	}

	// Expired by the service, the agency's token too: the API's 401 leads to one
	// agency refresh and one mint, and the call succeeds.
	agencyBefore, _ := store.Load("sandbox")
	http.Post(r.URL+"/_sandbox/expire-tokens", "", nil)
	if status := callAPI(t, r.URL, src); status != http.StatusOK {
		t.Fatalf("after expiry: %d", status)
	}
	if n := countPath(r, "/oauth/locationToken"); n != 4 { // one refused with 401 "Token expired", one after the refresh
		t.Fatalf("%d mints", n)
	}
	agencyAfter, _ := store.Load("sandbox")
	if agencyAfter.RefreshToken == agencyBefore.RefreshToken || !agencyAfter.Agency() {
		t.Fatal("the agency's refresh token did not rotate, or the rotation was not saved")
	}
	if now, _ := store.read(entry); now.AccessToken == second {
		t.Fatal("the re-minted token was not kept")
	}
}

// A sub-account without the app, and a private token for an agency profile, are
// refused with what to do.
func TestAgencyRefusals(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	if _, err := SaveStaticToken(store, agencyProfile(r, ""), "pit-abc"); !errors.Is(err, ErrAgencyNeedsOAuth) {
		t.Fatalf("PIT for an agency: %v", err)
	}
	agencyLogin(t, r, store)
	src := agencySource(t, r, store, harborID, nil)
	_, err := src.Token()
	var ae *AgencyError
	if !errors.As(err, &ae) || ae.Status != 403 || !strings.Contains(err.Error(), "403") || !strings.Contains(err.Error(), "not installed") {
		t.Fatalf("not installed: %v", err)
	}
	// A location sign-in is not an agency.
	plain := NewStore(t.TempDir())
	login(t, r, plain)
	if _, err := listSubAccounts(t.Context(), cfgFor(r), plain, nil); err == nil || !strings.Contains(err.Error(), "not an agency") {
		t.Fatalf("listSubAccounts of a location sign-in: %v", err)
	}
}

func TestListProfiles(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	cfgHome := t.TempDir()
	getenv := func(k string) string { return map[string]string{"XDG_CONFIG_HOME": cfgHome}[k] }
	if err := os.MkdirAll(filepath.Join(cfgHome, "funnels"), 0o700); err != nil {
		t.Fatal(err)
	}
	body := "default_profile = \"sandbox\"\n[profiles.clinic]\nlocation_id = \"CLINIC1\"\nreadonly = true\n"
	if err := os.WriteFile(filepath.Join(cfgHome, "funnels", "config.toml"), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	store := NewStore(t.TempDir())
	login(t, r, store)
	p := profileFor(r)
	p.Name = "staging"
	if _, err := SaveStaticToken(store, p, "pit-123"); err != nil {
		t.Fatal(err)
	}
	list, err := ListProfiles(getenv, store)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range list {
		got = append(got, strings.Join([]string{p.Name, p.LocationID, p.Kind, p.Storage, map[bool]string{true: "default"}[p.Default],
			map[bool]string{true: "ro"}[p.ReadOnly], map[bool]string{true: "exp"}[!p.Expiry.IsZero()]}, "|"))
	}
	want := "clinic|CLINIC1||||ro|,sandbox|LakesideFit2026Loc01|oauth|file|default||exp,staging|LakesideFit2026Loc01|pit|file|||"
	if strings.Join(got, ",") != want {
		t.Fatalf("profiles:\n%s\nwant\n%s", strings.Join(got, ","), want)
	}
}
