package auth

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestRefreshCancelledAfterTheAnswerKeepsTheSignIn: a command is interrupted (Ctrl-C
// cancels its context) after the token endpoint rotated the refresh token and
// answered, while the answer is on its way. The refresh is finished and saved all the
// same, so the next command is still signed in.
func TestRefreshCancelledAfterTheAnswerKeepsTheSignIn(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	first := login(t, r, store)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	interrupt := roundTripFunc(func(req *http.Request) (*http.Response, error) {
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil || !strings.HasSuffix(req.URL.Path, "/oauth/token") {
			return resp, err
		}
		cancel() // Ctrl-C: the service has rotated the refresh token and answered
		if err := req.Context().Err(); err != nil {
			// What net/http does to an answer whose request was cancelled: it is lost.
			resp.Body.Close()
			return nil, err
		}
		return resp, nil
	})
	src, err := Source(ctx, cfgFor(r), store, &http.Client{Transport: interrupt})
	if err != nil {
		t.Fatal(err)
	}
	src.Invalidate(first.AccessToken)
	_, _ = src.Token() // the caller has given up; what matters is what is on disk

	saved, err := store.Load("sandbox")
	if err != nil {
		t.Fatal(err)
	}
	if saved.RefreshToken == first.RefreshToken {
		t.Fatal("the rotated refresh token was not saved: the sign-in is lost")
	}
	next := sourceFor(t, r, NewStore(store.Dir()), nil)
	next.Invalidate(saved.AccessToken)
	if _, err := next.Token(); err != nil {
		t.Fatalf("the next command: %v", err)
	}
}

// TestStaleTempFilesAreRemovedAtStart: a save killed between writing its temp file and
// renaming it leaves .PROFILE.NNN.tmp, holding the token and client secret; the next
// start removes it (and only the profile's own).
func TestStaleTempFilesAreRemovedAtStart(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	dir := t.TempDir()
	store := NewStore(dir)
	login(t, r, store)
	stale := []string{".sandbox.123456.tmp", ".sandbox.9.tmp"}
	kept := []string{".sandbox.x.123.tmp", "sandbox.json", ".sandbox.123.tmp.bak"}
	for _, name := range append(stale, kept[0], kept[2]) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(`{"access_token":"secret"}`), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Source(t.Context(), cfgFor(r), NewStore(dir), nil); err != nil {
		t.Fatal(err)
	}
	for _, name := range stale {
		if _, err := os.Stat(filepath.Join(dir, name)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there (%v)", name, err)
		}
	}
	for _, name := range kept {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s was removed: %v", name, err)
		}
	}
}
