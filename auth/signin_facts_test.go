package auth

import (
	"bytes"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// A refresh answered 400 "Location is not active" is a suspended sub-account: the
// source says so, the stored sign-in is kept byte for byte, and once the sub-account
// is active again the same sign-in refreshes.
func TestSuspendedLocationKeepsTheSignIn(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	first := login(t, r, store)
	before, err := os.ReadFile(store.Path("sandbox"))
	if err != nil {
		t.Fatal(err)
	}
	r.Server.SetSuspended(r.Server.LocationID(), true)
	src := sourceFor(t, r, store, nil)
	src.Invalidate(first.AccessToken)
	_, err = src.Token()
	var se *SuspendedError
	if !errors.As(err, &se) || !errors.Is(err, ErrSuspended) {
		t.Fatalf("Token: %v; want a *SuspendedError", err)
	}
	if errors.Is(err, ErrLoginRequired) {
		t.Fatal("a suspended sub-account reads as signed out")
	}
	want := "sub-account " + r.Server.LocationID() + " is suspended (400 Location is not active) — your sign-in is kept"
	if se.Error() != want {
		t.Fatalf("message %q, want %q", se.Error(), want)
	}
	after, err := os.ReadFile(store.Path("sandbox"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Fatal("the token file changed")
	}

	r.Server.SetSuspended(r.Server.LocationID(), false)
	src = sourceFor(t, r, store, nil)
	src.Invalidate(first.AccessToken)
	if tok, err := src.Token(); err != nil || tok.AccessToken == first.AccessToken {
		t.Fatalf("after reactivation: %v, %v; want a refreshed token", tok, err)
	}
}

// A sign-in not asked to be an agency one that comes back as a Company token is kept
// as the agency sign-in it is: its sub-accounts can be listed and opened.
func TestCompanyTokenFromPlainLogin(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{SignIn: sandbox.SignIn{CompanyLogin: true}})
	store := NewStore(t.TempDir())
	tok := login(t, r, store)
	if !tok.Agency() {
		t.Fatalf("the token is not an agency sign-in: %v", tok)
	}
	cfg := cfgFor(r)
	cfg.Profile.LocationID = ""
	subs, err := listSubAccounts(t.Context(), cfg, store, nil)
	if err != nil || len(subs) == 0 {
		t.Fatalf("listSubAccounts: %v, %v", subs, err)
	}
	src := agencySource(t, r, store, summitID, nil)
	if status := callAPI(t, r.URL, src); status != http.StatusOK {
		t.Fatalf("a minted token of the plain login's agency: %d", status)
	}
}

// A minted token that came with a refresh token is refreshed with it (user_type
// Location), not minted again; one without is minted again.
func TestMintedTokenRefreshToken(t *testing.T) {
	for _, withRefresh := range []bool{true, false} {
		name := "without"
		if withRefresh {
			name = "with"
		}
		t.Run(name, func(t *testing.T) {
			r := sandboxtest.Start(t, sandbox.Options{SignIn: sandbox.SignIn{MintRefreshTokens: withRefresh}})
			store := NewStore(t.TempDir())
			agencyLogin(t, r, store)
			src := agencySource(t, r, store, summitID, nil)
			first := mustToken(t, src)
			entry := mintedEntry("sandbox", summitID)
			stored, err := store.read(entry)
			if err != nil {
				t.Fatal(err)
			}
			if (stored.RefreshToken != "") != withRefresh {
				t.Fatalf("stored refresh token %v, want one: %v", stored.RefreshToken != "", withRefresh)
			}
			r.Server.ResetLog()
			src.Invalidate(first)
			second := mustToken(t, src)
			if second == first {
				t.Fatal("the refused token was handed out again")
			}
			mints, refreshes := countPath(r, "/oauth/locationToken"), 0
			for _, req := range r.Server.Requests() {
				if req.Path == "/oauth/token" && strings.Contains(req.Body, "grant_type=refresh_token") && strings.Contains(req.Body, "user_type=Location") {
					refreshes++
				}
			}
			if withRefresh && (refreshes != 1 || mints != 0) {
				t.Fatalf("%d refreshes, %d mints; want the refresh token spent once", refreshes, mints)
			}
			if !withRefresh && (refreshes != 0 || mints != 1) {
				t.Fatalf("%d refreshes, %d mints; want one mint", refreshes, mints)
			}
			now, err := store.read(entry)
			if err != nil || now.AccessToken != second {
				t.Fatalf("the new token was not kept: %v", err)
			}
			if withRefresh && (now.RefreshToken == stored.RefreshToken || now.RefreshToken == "") {
				t.Fatal("the rotated refresh token was not kept")
			}
			if status := apiStatus(t, r.URL, second); status != http.StatusOK {
				t.Fatalf("the new token: %d", status)
			}
		})
	}
}

// A minted token of a suspended sub-account says so; the agency sign-in is kept.
func TestSuspendedSubAccountOfAgency(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{SignIn: sandbox.SignIn{Suspended: []string{summitID}}})
	store := NewStore(t.TempDir())
	agencyLogin(t, r, store)
	src := agencySource(t, r, store, summitID, nil)
	_, err := src.Token()
	var se *SuspendedError
	if !errors.As(err, &se) || se.Location != summitID {
		t.Fatalf("Token: %v; want the suspended sub-account named", err)
	}
	if _, err := store.Load("sandbox"); err != nil {
		t.Fatalf("the agency sign-in is gone: %v", err)
	}
}

// A profile that was never signed in leaves no lock file behind, and its "not
// signed in" names the profiles that are.
func TestNeverSignedInLeavesNoLockAndNamesOthers(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	login(t, r, store) // profile "sandbox"
	cfg := cfgFor(r)
	cfg.Profile.Name = "nope"
	_, err := Source(t.Context(), cfg, store, nil)
	var lr *LoginRequiredError
	if !errors.As(err, &lr) {
		t.Fatalf("Source: %v; want a *LoginRequiredError", err)
	}
	if !strings.Contains(err.Error(), "signed in: sandbox — `funnels auth switch sandbox` (or --profile sandbox)") {
		t.Fatalf("the message names no signed-in profile: %v", err)
	}
	if _, err := os.Stat(filepath.Join(store.Dir(), "nope.lock")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a lock file was left for a profile never signed in: %v", err)
	}
	if err := Ready(cfg, store); err == nil || !strings.Contains(err.Error(), "funnels auth switch sandbox") {
		t.Fatalf("Ready: %v", err)
	}
}
