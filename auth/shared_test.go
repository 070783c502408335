package auth

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

// A source shared past the run that opened it keeps renewing after that run ended,
// across every expiry, for a plain OAuth sign-in and a sub-account of an agency's,
// and stops with its owner.
func TestSharedSourceOutlivesItsRun(t *testing.T) {
	for _, kind := range []string{"oauth", "agency"} {
		t.Run(kind, func(t *testing.T) {
			r := sandboxtest.Start(t, sandbox.Options{})
			store := NewStore(t.TempDir())
			cfg := cfgFor(r)
			if kind == "agency" {
				agencyLogin(t, r, store)
				cfg = &config.Config{Profile: agencyProfile(r, summitID)}
			} else {
				login(t, r, store)
			}
			run, endRun := context.WithCancel(t.Context())
			src, err := Source(run, cfg, store, nil)
			if err != nil {
				t.Fatal(err)
			}
			owner, stop := context.WithCancel(t.Context())
			shared := Shared(owner, src).(TokenSource)
			if status := callAPI(t, r.URL, shared); status != http.StatusOK {
				t.Fatalf("first call: %d", status)
			}
			endRun()

			for i := range 2 { // the renewals one minute allows a source
				if _, err := http.Post(r.URL+"/_sandbox/expire-tokens", "", nil); err != nil {
					t.Fatal(err)
				}
				if status := callAPI(t, r.URL, shared); status != http.StatusOK {
					t.Fatalf("after expiry %d, the run that opened the source gone: %d", i+1, status)
				}
			}

			if _, err := http.Post(r.URL+"/_sandbox/expire-tokens", "", nil); err != nil {
				t.Fatal(err)
			}
			old := mustToken(t, shared)
			stop()
			shared.Invalidate(old)
			if _, err := shared.Token(); !errors.Is(err, context.Canceled) {
				t.Errorf("the shared source renewed after its owner stopped: err %v", err)
			}
		})
	}
}

// Sources of other kinds come back as they are.
func TestSharedLeavesOtherSources(t *testing.T) {
	static := staticSource{token: "t"}
	if got := Shared(t.Context(), static); got != static {
		t.Errorf("Shared(static) = %#v", got)
	}
	if got := Shared(t.Context(), nil); got != nil {
		t.Errorf("Shared(nil) = %#v", got)
	}
}
