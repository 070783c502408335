package auth

import (
	"bufio"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

func TestParsePasted(t *testing.T) {
	const st = "the-state"
	cases := []struct {
		in, code, retry string
		fatal           bool
	}{
		{"http://127.0.0.1:47615/callback?code=abc&state=the-state", "abc", "", false},
		{"  'http://127.0.0.1:47615/callback?state=the-state&code=abc'  ", "abc", "", false},
		{"Location: http://127.0.0.1:1/callback?code=abc&state=the-state", "abc", "", false},
		{"location:http://127.0.0.1:1/callback?code=abc&state=the-state", "abc", "", false},
		{"/callback?code=abc&state=the-state", "abc", "", false},
		{"code=abc&state=the-state", "abc", "", false},
		{"abc123-_.~", "abc123-_.~", "", false},
		{"http://127.0.0.1:1/callback?code=abc&state=other", "", "state does not match", false},
		{"http://127.0.0.1:1/callback?code=abc", "", "no state", false},
		{"http://127.0.0.1:1/callback?state=the-state", "", "no code", false},
		{"http://127.0.0.1:1/callback?error=access_denied&state=the-state", "", "", true},
		{"http://127.0.0.1:1/callback?error=access_denied&state=wrong", "", "state does not match", false},
		{"", "", "nothing pasted", false},
		{"two words", "", "neither", false},
	}
	for _, tc := range cases {
		p := parsePasted(tc.in, st)
		if p.code != tc.code || (p.fatal != nil) != tc.fatal || !strings.Contains(p.retry, tc.retry) || (tc.retry == "" && p.retry != "") {
			t.Errorf("parsePasted(%q) = %+v", tc.in, p)
		}
	}
}

func TestCallbackRefusesOtherMethods(t *testing.T) {
	ln, err := listenCallback(0)
	if err != nil {
		t.Fatal(err)
	}
	events := make(chan event, 4)
	srv := serveCallback(t.Context(), ln, "s", events)
	defer srv.close()
	resp, err := http.Post("http://"+srv.addr+CallbackPath+"?code=c&state=s", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || len(events) != 0 {
		t.Errorf("POST answered %d, events %d", resp.StatusCode, len(events))
	}
	// A redirect with the right state is reported once; a second one changes nothing.
	for range 2 {
		resp, err = http.Get("http://" + srv.addr + CallbackPath + "?code=c&state=s")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if len(events) != 1 {
		t.Fatalf("%d events", len(events))
	}
	if e := <-events; e.code != "c" || e.via != "browser" {
		t.Errorf("event %+v", e)
	}
}

// TestOverlongPasteSaysSoAndKeepsListening: a pasted line over 64 KiB is answered
// with "too long" and the prompt; the right address pasted after it signs in.
func TestOverlongPasteSaysSoAndKeepsListening(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	out, pw, done := startLogin(t, r, store, nil)
	redirected := redirectOf(t, out.waitFor(t, authURLRe))
	huge := redirected + "&junk=" + strings.Repeat("x", 100<<10)
	if _, err := pw.Write([]byte(huge + "\n")); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, regexp.MustCompile(`longer than 64 KiB, too long`))
	if _, err := pw.Write([]byte(redirected + "\n")); err != nil {
		t.Fatal(err)
	}
	if res := wait(t, done); res.err != nil {
		t.Fatalf("login after an overlong paste: %v", res.err)
	}
}

// TestReadLine: lines of every length around the bound, with and without their end.
func TestReadLine(t *testing.T) {
	long := strings.Repeat("a", 70)
	br := bufio.NewReaderSize(strings.NewReader("ok\r\n"+long+"\n"+strings.Repeat("b", 64)+"\nlast"), 16)
	for _, want := range []struct {
		line    string
		tooLong bool
		eof     bool
	}{{"ok", false, false}, {"", true, false}, {strings.Repeat("b", 64), false, false}, {"last", false, true}} {
		line, tooLong, err := readLine(br, 64)
		if line != want.line || tooLong != want.tooLong || (err != nil) != want.eof {
			t.Fatalf("readLine = %q, %v, %v; want %q, %v, eof %v", line, tooLong, err, want.line, want.tooLong, want.eof)
		}
	}
}
