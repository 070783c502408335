package auth

import (
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

func TestLoginThroughLoopbackRedirect(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(filepath.Join(t.TempDir(), "state", "funnels"))
	b := &followingBrowser{t: t, page: make(chan string, 1)}
	out, _, done := startLogin(t, r, store, b)
	res := wait(t, done)
	if res.err != nil {
		t.Fatalf("login: %v\n%s", res.err, out)
	}
	if page := <-b.page; !strings.HasPrefix(page, "200 ") || !strings.Contains(page, "You can close this tab") {
		t.Errorf("browser saw %q", page)
	}
	if b.calls.Load() != 1 {
		t.Errorf("browser opened %d times", b.calls.Load())
	}

	// The address: its own line, state, PKCE S256, a loopback redirect.
	authURL := authURLRe.FindString(out.String())
	if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(authURL) + `$`).MatchString(out.String()) {
		t.Errorf("the address is not on a line of its own:\n%s", out)
	}
	u, _ := url.Parse(authURL)
	q := u.Query()
	if len(q.Get("state")) < 32 || q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" {
		t.Errorf("authorization address lacks state or PKCE: %s", authURL)
	}
	if ru, _ := url.Parse(q.Get("redirect_uri")); ru == nil || ru.Hostname() != "127.0.0.1" || ru.Path != CallbackPath {
		t.Errorf("redirect_uri = %q", q.Get("redirect_uri"))
	}
	if !strings.Contains(out.String(), PastePrompt) || !strings.Contains(out.String(), "from the browser") {
		t.Errorf("output:\n%s", out)
	}

	tok := res.tok
	if tok.Kind != KindOAuth || tok.LocationID != r.Server.LocationID() || tok.UserType != "Location" || tok.RefreshToken == "" {
		t.Errorf("token = %v", tok)
	}
	if got := apiStatus(t, r.URL, tok.AccessToken); got != http.StatusOK {
		t.Errorf("API answered %d to the new token", got)
	}
	stored, err := store.Load("sandbox")
	if err != nil || stored.AccessToken != tok.AccessToken || stored.ClientSecret != r.Server.ClientSecret() || stored.TokenURL != r.URL+"/oauth/token" {
		t.Fatalf("stored %v, %v", stored, err)
	}

	// The listener took one callback and closed.
	if _, err := http.Get(q.Get("redirect_uri") + "?code=x&state=" + q.Get("state")); err == nil {
		t.Error("the loopback listener is still open after the sign-in")
	}
}

func TestLoginThroughPastedAddress(t *testing.T) {
	for _, form := range []string{"address", "curl Location header", "bare code"} {
		t.Run(form, func(t *testing.T) {
			r := sandboxtest.Start(t, sandbox.Options{})
			store := NewStore(t.TempDir())
			out, pw, done := startLogin(t, r, store, nil)
			authURL := out.waitFor(t, authURLRe)
			redirected := redirectOf(t, authURL)
			line := redirected
			switch form {
			case "curl Location header":
				line = "Location: " + redirected
			case "bare code":
				u, _ := url.Parse(redirected)
				line = u.Query().Get("code")
			}
			if _, err := pw.Write([]byte(line + "\n")); err != nil {
				t.Fatal(err)
			}
			res := wait(t, done)
			if res.err != nil {
				t.Fatalf("login: %v\n%s", res.err, out)
			}
			if !strings.Contains(out.String(), "from the pasted address") {
				t.Errorf("output:\n%s", out)
			}
			if got := apiStatus(t, r.URL, res.tok.AccessToken); got != http.StatusOK {
				t.Errorf("API answered %d", got)
			}
		})
	}
}

func TestLoginRefusesWrongState(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	out, pw, done := startLogin(t, r, store, nil)
	authURL := out.waitFor(t, authURLRe)
	redirected := redirectOf(t, authURL)

	// Pasted with another state: refused, the prompt keeps waiting.
	forged := withState(t, redirected, "not-the-state-we-sent")
	if _, err := pw.Write([]byte(forged + "\n")); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, regexp.MustCompile(`state does not match`))
	// Pasted without any state: refused too.
	u, _ := url.Parse(redirected)
	if _, err := pw.Write([]byte("http://127.0.0.1/callback?code=" + u.Query().Get("code") + "\n")); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, regexp.MustCompile(`has no state`))

	// Sent to the listener with another state: an error page, the sign-in goes on.
	resp, err := http.Get(forged)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("listener answered %d to a wrong state", resp.StatusCode)
	}
	out.waitFor(t, regexp.MustCompile(`does not belong to this sign-in`))
	select {
	case res := <-done:
		t.Fatalf("login ended on a wrong state: %v", res.err)
	default:
	}
	if _, err := store.Load("sandbox"); !isLoginRequired(err) {
		t.Fatalf("something was stored after a wrong state: %v", err)
	}

	// The right address still signs in.
	if _, err := pw.Write([]byte(redirected + "\n")); err != nil {
		t.Fatal(err)
	}
	if res := wait(t, done); res.err != nil {
		t.Fatalf("login: %v", res.err)
	}
}

func TestLoginDeniedInBrowser(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	out, pw, done := startLogin(t, r, NewStore(t.TempDir()), nil)
	redirected := redirectOf(t, out.waitFor(t, authURLRe))
	u, _ := url.Parse(redirected)
	q := u.Query()
	q.Del("code")
	q.Set("error", "access_denied")
	u.RawQuery = q.Encode()
	if _, err := pw.Write([]byte(u.String() + "\n")); err != nil {
		t.Fatal(err)
	}
	res := wait(t, done)
	if res.err == nil || !strings.Contains(res.err.Error(), "access_denied") {
		t.Fatalf("err = %v", res.err)
	}
}

func TestLoginNeedsClient(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	p := profileFor(r)
	p.ClientSecret = ""
	_, err := Login(t.Context(), LoginOptions{Profile: p, Store: NewStore(t.TempDir())})
	if !errors.Is(err, ErrNoClient) {
		t.Fatalf("err = %v", err)
	}
}

func TestLoginWrongClientSecret(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	p := profileFor(r)
	p.ClientSecret = "wrong-secret-value"
	pr, pw := newPipe(t)
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		_, err := Login(t.Context(), LoginOptions{Profile: p, Store: store, Paste: pr, Out: out})
		done <- err
	}()
	redirected := redirectOf(t, out.waitFor(t, authURLRe))
	pw.Write([]byte(redirected + "\n"))
	err := <-done
	var te *TokenEndpointError
	if !asEndpointError(err, &te) || te.Code != "invalid_client" || strings.Contains(err.Error(), "wrong-secret-value") {
		t.Fatalf("err = %v", err)
	}
}

func TestSaveStaticToken(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	p := profileFor(r)
	for _, bad := range []string{"", "  \n", "two words", "a\x1bb"} {
		if _, err := SaveStaticToken(store, p, bad); !errors.Is(err, ErrBadToken) {
			t.Errorf("%q: %v, want ErrBadToken", bad, err)
		}
	}
	tok, err := SaveStaticToken(store, p, "  "+r.Server.DemoToken()+"\n")
	if err != nil {
		t.Fatal(err)
	}
	if tok.Kind != KindPIT || tok.AccessToken != r.Server.DemoToken() {
		t.Errorf("token = %v", tok)
	}
	info, err := os.Stat(store.Path("sandbox"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("token file: %v %v", info, err)
	}
}
