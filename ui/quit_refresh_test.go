package ui

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

// heldAnswers lets every token-endpoint request reach the server, then holds its
// answer back: it reports on answered that the server has rotated the refresh token,
// and after hold hands the answer over — unless died closed first: then the answer is
// lost, as it is when the process exits while the answer is on its way.
type heldAnswers struct {
	answered chan struct{}
	died     chan struct{}
	hold     time.Duration
}

func (h *heldAnswers) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err != nil || !strings.HasSuffix(r.URL.Path, "/oauth/token") {
		return resp, err
	}
	select {
	case h.answered <- struct{}{}:
	default:
	}
	select {
	case <-h.died:
		resp.Body.Close()
		return nil, errors.New("the process has exited")
	case <-time.After(h.hold):
	}
	return resp, nil
}

// TestQuitDuringARefreshKeepsTheSignIn: the access token is refused, the browser's
// first load refreshes it, and the user quits after the service has rotated the refresh
// token but before the answer was read and saved. Run returns only once the new token
// is on disk: the process may exit then, and the next run is still signed in.
func TestQuitDuringARefreshKeepsTheSignIn(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	held := &heldAnswers{answered: make(chan struct{}, 1), died: make(chan struct{}), hold: time.Second}
	c, store, profile := signedInVia(t, sb, &http.Client{Transport: held})
	sb.Server.ExpireAccessTokens()

	in, keys := io.Pipe()
	defer keys.Close()
	ran := make(chan error, 1)
	go func() {
		ran <- Run(context.Background(), Options{Client: c, Profile: "sandbox", ProgramOptions: []tea.ProgramOption{
			tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithWindowSize(100, 30), tea.WithoutSignals(),
		}})
	}()
	select {
	case <-held.answered:
	case err := <-ran:
		t.Fatalf("the browser ended before any refresh: %v", err)
	case <-time.After(waitTimeout):
		t.Fatal("no refresh was made")
	}
	if _, err := io.WriteString(keys, "q"); err != nil {
		t.Fatal(err)
	}
	if err := <-ran; err != nil {
		t.Fatalf("Run: %v", err)
	}
	// The process exits here: whatever is on disk now is what the next run gets.
	close(held.died)
	saved, err := store.Load(profile.Name)
	if err != nil {
		t.Fatal(err)
	}
	next, err := auth.Source(context.Background(), &config.Config{Profile: profile}, auth.NewStore(store.Dir()), nil)
	if err != nil {
		t.Fatal(err)
	}
	next.Invalidate(saved.AccessToken) // make it spend the saved refresh token
	if _, err := next.Token(); err != nil {
		var lr *auth.LoginRequiredError
		if errors.As(err, &lr) {
			t.Fatalf("the sign-in was lost: %v", err)
		}
		t.Fatal(err)
	}
}
