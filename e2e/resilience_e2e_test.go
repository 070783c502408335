package e2e

import (
	"net"
	"net/url"
	"os"
	"strings"
	"testing"
)

// TestTUIServerGoesAwayAndComesBack: the sandbox stops under a running browser; a
// reload fails with a clear message and what was loaded stays on screen; the server
// comes back on the same address and `r` recovers.
func TestTUIServerGoesAwayAndComesBack(t *testing.T) {
	needTmux(t)
	const token = "pit-resilience-test-token"
	sb := startSandboxBinary(t, "--token", token)
	u, err := url.Parse(sb.values["base_url"])
	if err != nil {
		t.Fatal(err)
	}
	// --no-cache: no crawl in the background; the failures met are the test's requests'.
	s := startTUI(t, 120, 40, nil, "--no-cache", "--base-url", sb.values["base_url"], "--token", token, "--location", sb.values["location_id"])
	s.waitFor("Spring Sale 2026")

	if err := sb.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	_ = sb.cmd.Wait()
	s.keys("r")
	s.waitUntil("the retries announced", func(scr string) bool {
		return strings.Contains(lastLine(scr), "connection refused, retrying in")
	})
	scr := s.waitUntil("a clear message that the server does not answer, once the retries are spent", func(scr string) bool {
		return strings.Contains(scr, "no answer from server") && !strings.Contains(lastLine(scr), "retrying")
	})
	if !strings.Contains(scr, "Archive/") && !strings.Contains(scr, "press r to retry") {
		t.Fatalf("after the failure the pane shows neither its rows nor how to retry:\n%s", scr)
	}

	// Back on the same port, with the same token.
	if _, port, err := net.SplitHostPort(u.Host); err == nil {
		startSandboxBinary(t, "--addr", "127.0.0.1:"+port, "--token", token)
	}
	s.keys("r")
	s.waitUntil("the rows back and the error gone", func(scr string) bool {
		return strings.Contains(scr, "Spring Sale 2026") && !strings.Contains(scr, "press r to retry") &&
			!strings.Contains(lastLine(scr), "no answer")
	})
	s.quit()
}
