package auth

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestNoSecretInOutputErrorsLogsOrFiles drives every path that prints or fails — login
// by paste, refresh, a server-side expiry, a revoked refresh token, a wrong client
// secret, a damaged file, the refresh limit — and searches everything they produced
// for every token, code and secret involved.
func TestNoSecretInOutputErrorsLogsOrFiles(t *testing.T) {
	var logs bytes.Buffer
	log.SetOutput(&logs) // also where slog's default handler writes
	t.Cleanup(func() { log.SetOutput(os.Stderr) })

	r := sandboxtest.Start(t, sandbox.Options{})
	dir := t.TempDir()
	store := NewStore(dir)
	var captured []string
	var secrets []string
	remember := func() {
		if tok, err := store.Load("sandbox"); err == nil {
			secrets = append(secrets, tok.AccessToken, tok.RefreshToken)
		}
	}

	// Login by paste.
	out, pw, done := startLogin(t, r, store, nil)
	redirected := redirectOf(t, out.waitFor(t, authURLRe))
	u, _ := url.Parse(redirected)
	secrets = append(secrets, u.Query().Get("code"), r.Server.ClientSecret())
	pw.Write([]byte(withState(t, redirected, "forged") + "\n"))
	out.waitFor(t, regexpOf("state does not match"))
	pw.Write([]byte(redirected + "\n"))
	if res := wait(t, done); res.err != nil {
		t.Fatal(res.err)
	}
	captured = append(captured, out.String())
	remember()

	// Refresh, server-side expiry, the client's retry.
	src := sourceFor(t, r, store, nil)
	first := mustToken(t, src)
	src.Invalidate(first)
	mustToken(t, src)
	remember()
	http.Post(r.URL+"/_sandbox/expire-tokens", "", nil)
	callAPI(t, r.URL, src)
	remember()

	// Failures.
	var errs []error
	for range 3 {
		src.Invalidate(mustTokenOrEmpty(src))
		if _, err := src.Token(); err != nil {
			errs = append(errs, err) // the refresh limit
			break
		}
		remember()
	}
	r.Server.RevokeRefreshTokens()
	src2 := sourceFor(t, r, NewStore(dir), nil)
	src2.Invalidate(mustTokenOrEmpty(src2))
	_, err := src2.Token()
	errs = append(errs, err)

	bad := profileFor(r)
	bad.ClientSecret = "the-wrong-secret-4711"
	secrets = append(secrets, bad.ClientSecret)
	badSrc := sourceFor(t, r, NewStore(dir), nil)
	badSrc.(*refreshing).profile = bad
	badSrc.Invalidate(mustTokenOrEmpty(badSrc))
	if _, err = badSrc.Token(); err == nil || !strings.Contains(err.Error(), "client id or secret") {
		t.Errorf("wrong secret: %v", err)
	}
	errs = append(errs, err)

	other := NewStore(t.TempDir())
	os.MkdirAll(other.Dir(), 0o700)
	os.WriteFile(other.Path("x"), []byte(`{"version":1,"kind":"oauth","access_token":"`+first), 0o600)
	_, err = other.Load("x")
	errs = append(errs, err)

	for _, e := range errs {
		if e == nil {
			t.Fatal("a failure path did not fail")
		}
		captured = append(captured, e.Error(), fmt.Sprintf("%+v", e), fmt.Sprintf("%#v", e))
	}
	if !errors.Is(errs[len(errs)-1], ErrLoginRequired) {
		t.Errorf("damaged file: %v", errs[len(errs)-1])
	}
	captured = append(captured, logs.String())

	// Files: everything in the store directory but the token file itself.
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path != store.Path("sandbox") {
			data, _ := os.ReadFile(path)
			captured = append(captured, string(data))
		}
		return nil
	})

	if len(secrets) < 8 {
		t.Fatalf("only %d secrets collected", len(secrets))
	}
	for i, text := range captured {
		for _, s := range secrets {
			if s != "" && strings.Contains(text, s) {
				t.Errorf("capture %d holds a secret (%d bytes)", i, len(s))
			}
		}
	}
}

func mustTokenOrEmpty(src TokenSource) string {
	tok, err := src.Token()
	if err != nil {
		return ""
	}
	return tok.AccessToken
}
