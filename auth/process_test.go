package auth

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

// The second process of TestTwoProcessesSpendOneRefreshToken: this test binary, run
// again with FUNNELS_TEST_REFRESHER set. It prints a hash of the token it got, never
// the token.
func TestMain(m *testing.M) {
	if os.Getenv("FUNNELS_TEST_REFRESHER") == "1" {
		os.Exit(refresherProcess())
	}
	os.Exit(m.Run())
}

func refresherProcess() int {
	dir, base, rejected := os.Getenv("FUNNELS_TEST_DIR"), os.Getenv("FUNNELS_TEST_URL"), os.Getenv("FUNNELS_TEST_REJECTED")
	at, _ := strconv.ParseInt(os.Getenv("FUNNELS_TEST_AT"), 10, 64)
	cfg := &config.Config{Profile: config.Profile{
		Name: "sandbox", BaseURL: base, AuthURL: base + "/oauth/chooselocation", TokenURL: base + "/oauth/token",
		AuthKind: config.AuthOAuth, ClientID: "sandbox-client", ClientSecret: "sandbox-secret",
	}}
	src, err := Source(contextBackground(), cfg, NewStore(dir), nil)
	if err != nil {
		fmt.Println("ERROR", err)
		return 1
	}
	src.Invalidate(rejected)
	time.Sleep(time.Until(time.Unix(0, at)))
	tok, err := src.Token()
	if err != nil {
		fmt.Println("ERROR", err)
		return 1
	}
	fmt.Println("TOKEN", digest(tok.AccessToken))
	return 0
}

func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

func TestTwoProcessesSpendOneRefreshToken(t *testing.T) {
	// One refresh per minute at the sandbox: if both processes spent the refresh token,
	// one would be refused (429, or invalid_grant for the rotated one).
	r := sandboxtest.Start(t, sandbox.Options{RefreshPerMinute: 1})
	dir := t.TempDir()
	store := NewStore(dir)
	first := login(t, r, store)
	count := &countingTransport{}
	src := sourceFor(t, r, NewStore(dir), count)
	src.Invalidate(first.AccessToken)

	at := time.Now().Add(700 * time.Millisecond)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(),
		"FUNNELS_TEST_REFRESHER=1", "FUNNELS_TEST_DIR="+dir, "FUNNELS_TEST_URL="+r.URL,
		"FUNNELS_TEST_REJECTED="+first.AccessToken, "FUNNELS_TEST_AT="+strconv.FormatInt(at.UnixNano(), 10))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Until(at))
	tok, err := src.Token()
	werr := cmd.Wait()
	if err != nil {
		t.Fatalf("this process: %v", err)
	}
	if werr != nil {
		t.Fatalf("other process: %v\n%s%s", werr, stdout.String(), stderr.String())
	}
	line := strings.TrimSpace(stdout.String())
	if line != "TOKEN "+digest(tok.AccessToken) {
		t.Fatalf("processes disagree: other said %q, this one has %s", line, digest(tok.AccessToken))
	}
	if tok.AccessToken == first.AccessToken {
		t.Fatal("no refresh happened")
	}
	stored, err := store.Load("sandbox")
	if err != nil || stored.AccessToken != tok.AccessToken {
		t.Fatalf("file holds another token: %v", err)
	}
	if got := apiStatus(t, r.URL, tok.AccessToken); got != http.StatusOK {
		t.Errorf("API: %d", got)
	}
}
