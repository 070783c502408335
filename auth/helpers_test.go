package auth

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/config"
)

// syncBuffer is an io.Writer tests can read while Login writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls until re matches the buffer and returns the match.
func (s *syncBuffer) waitFor(t *testing.T, re *regexp.Regexp) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := re.FindString(s.String()); m != "" {
			return m
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %v in output:\n%s", re, s.String())
	return ""
}

var authURLRe = regexp.MustCompile(`http://127\.0\.0\.1:\d+/oauth/chooselocation\?\S+`)

// profileFor is the profile the sandbox's login line describes.
func profileFor(r *sandbox.Running) config.Profile {
	return config.Profile{
		Name: "sandbox", BaseURL: r.URL, LocationID: r.Server.LocationID(),
		AuthURL: r.URL + "/oauth/chooselocation", TokenURL: r.URL + "/oauth/token",
		AuthKind: config.AuthOAuth, ClientID: r.Server.ClientID(), ClientSecret: r.Server.ClientSecret(),
		RedirectPort: 0, Scopes: config.DefaultScopes(),
	}
}

func cfgFor(r *sandbox.Running) *config.Config {
	return &config.Config{Profile: profileFor(r)}
}

// followingBrowser plays a browser on the same machine: it follows the redirect to our
// loopback listener.
type followingBrowser struct {
	t     *testing.T
	page  chan string
	calls atomic.Int32
}

func (b *followingBrowser) Open(ctx context.Context, u string) error {
	b.calls.Add(1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.page <- "error: " + err.Error()
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		b.page <- resp.Status + " " + string(body)
	}()
	return nil
}

// redirectOf opens the authorization address without following the redirect and
// returns where the browser would be sent: what a user copies from the address bar.
func redirectOf(t *testing.T, authURL string) string {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("authorize answered %s", resp.Status)
	}
	return resp.Header.Get("Location")
}

// withState replaces the state of a redirected address.
func withState(t *testing.T, addr, state string) string {
	t.Helper()
	u, err := url.Parse(addr)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("state", state)
	u.RawQuery = q.Encode()
	return u.String()
}

type loginResult struct {
	tok *Token
	err error
}

// startLogin runs Login in the background; paste lines are written to the returned pipe.
func startLogin(t *testing.T, r *sandbox.Running, store *Store, browser Browser) (*syncBuffer, *io.PipeWriter, <-chan loginResult) {
	t.Helper()
	pr, pw := io.Pipe()
	t.Cleanup(func() { pw.Close() })
	out := &syncBuffer{}
	done := make(chan loginResult, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	go func() {
		tok, err := Login(ctx, LoginOptions{Profile: profileFor(r), Store: store, Paste: pr, Out: out, Browser: browser})
		done <- loginResult{tok, err}
	}()
	return out, pw, done
}

func wait(t *testing.T, done <-chan loginResult) loginResult {
	t.Helper()
	select {
	case res := <-done:
		return res
	case <-time.After(15 * time.Second):
		t.Fatal("login did not finish")
	}
	return loginResult{}
}

// login signs the sandbox profile in through the loopback redirect.
func login(t *testing.T, r *sandbox.Running, store *Store) *Token {
	t.Helper()
	b := &followingBrowser{t: t, page: make(chan string, 1)}
	_, _, done := startLogin(t, r, store, b)
	res := wait(t, done)
	if res.err != nil {
		t.Fatalf("login: %v", res.err)
	}
	return res.tok
}

// apiStatus calls the API with an access token, as the client would.
func apiStatus(t *testing.T, base, access string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/funnels/funnel/list", nil)
	req.Header.Set("Version", "2021-07-28")
	req.Header.Set("Authorization", "Bearer "+access)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// callAPI is what the client package does: one call, and on 401 Invalidate, Token and
// one retry if the token changed.
func callAPI(t *testing.T, base string, src TokenSource) int {
	t.Helper()
	tok, err := src.Token()
	if err != nil {
		t.Fatalf("Token: %v", err)
	}
	status := apiStatus(t, base, tok.AccessToken)
	if status != http.StatusUnauthorized {
		return status
	}
	src.Invalidate(tok.AccessToken)
	again, err := src.Token()
	if err != nil {
		t.Fatalf("Token after 401: %v", err)
	}
	if again.AccessToken == tok.AccessToken {
		return status
	}
	return apiStatus(t, base, again.AccessToken)
}

// countingTransport counts calls to the token endpoint.
type countingTransport struct{ refreshes atomic.Int32 }

func (c *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if strings.HasSuffix(req.URL.Path, "/oauth/token") {
		c.refreshes.Add(1)
	}
	return http.DefaultTransport.RoundTrip(req)
}

// postForm sends a raw token request and returns the "error" of the answer ("" on 200).
func postForm(t *testing.T, tokenURL string, form url.Values) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, tokenURL, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		return ""
	}
	body, _ := io.ReadAll(resp.Body)
	if m := regexp.MustCompile(`"error":"([^"]+)"`).FindSubmatch(body); m != nil {
		return string(m[1])
	}
	return resp.Status
}

func isLoginRequired(err error) bool { return errors.Is(err, ErrLoginRequired) }

func newPipe(t *testing.T) (*io.PipeReader, *io.PipeWriter) {
	pr, pw := io.Pipe()
	t.Cleanup(func() { pw.Close() })
	return pr, pw
}

func asEndpointError(err error, te **TokenEndpointError) bool { return errors.As(err, te) }

func copyAll(w io.Writer, r io.Reader) (int64, error) { return io.Copy(w, r) }

func contextBackground() context.Context { return context.Background() }

func regexpOf(s string) *regexp.Regexp { return regexp.MustCompile(regexp.QuoteMeta(s)) }
