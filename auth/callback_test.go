package auth

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestCallbackCountsWrongStatesAndRefusesForeignHosts: any local web page can send the
// browser to the loopback listener. Fifty wrong states print one line between them;
// the right redirect asked for under another Host (DNS rebinding) is refused and does
// not end the sign-in; the count shows on the line that ends the wait.
func TestCallbackCountsWrongStatesAndRefusesForeignHosts(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	out, _, done := startLogin(t, r, store, nil)
	redirected := redirectOf(t, out.waitFor(t, authURLRe))
	forged := withState(t, redirected, "not-the-state-we-sent")
	for i := 0; i < 50; i++ {
		resp, err := http.Get(forged)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("wrong state answered %d", resp.StatusCode)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, redirected, nil)
	req.Host = "rebound.example:80"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Fatalf("another Host answered %d", resp.StatusCode)
	}
	select {
	case res := <-done:
		t.Fatalf("the sign-in ended on a request for another Host: %v", res.err)
	default:
	}

	resp, err = http.Get(redirected)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if res := wait(t, done); res.err != nil {
		t.Fatalf("login: %v", res.err)
	}
	text := out.String()
	if n := strings.Count(text, "does not belong to this sign-in"); n != 1 {
		t.Errorf("%d lines about wrong addresses:\n%s", n, text)
	}
	if !regexp.MustCompile(`exchanging it\. \(51 requests to the sign-in address that did not belong to it were refused\)`).MatchString(text) {
		t.Errorf("no count on the last line:\n%s", text)
	}
}
