package check_test

import (
	"io"
	"log"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestWatchPostsToAWebhookTheMachineTrusts: a webhook whose certificate is signed
// by an authority FUNNELS_CA_FILE names (a proxy that inspects HTTPS re-signs every
// answer so) takes the watch's notice; without that file the watch says the notice
// was not posted for the certificate, and what to do, and goes on.
func TestWatchPostsToAWebhookTheMachineTrusts(t *testing.T) {
	hk := &hook{}
	srv := httptest.NewUnstartedServer(hk)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshakes refused without the authority
	srv.StartTLS()
	t.Cleanup(srv.Close)
	ca := filepath.Join(t.TempDir(), "webhook-ca.pem")
	if err := os.WriteFile(ca, sandboxtest.CertPEM(srv), 0o600); err != nil {
		t.Fatal(err)
	}
	// Each watch on a machine of its own: a watch posts only errors new since the
	// last check kept there.
	watch := func(vars map[string]string) string {
		h, reach := sitesHome(t)
		for k, v := range vars {
			h.Vars[k] = v
		}
		stderr, _ := watchUntil(t, h, append([]string{"watch", "--short-every", "--every", "1h", "--check", "--notify", srv.URL + "/hook"}, reach...),
			"the first round", func(stderr string) bool { return len(hk.sent()) > 0 || strings.Contains(stderr, "not posted") })
		return stderr
	}
	if out := watch(nil); len(hk.sent()) != 0 || !strings.Contains(out, "not posted") || !strings.Contains(out, "certificate is not trusted") || !strings.Contains(out, "FUNNELS_CA_FILE") {
		t.Fatalf("without the authority: %d posts\n%s", len(hk.sent()), out)
	}
	if out := watch(map[string]string{"FUNNELS_CA_FILE": ca}); len(hk.sent()) != 1 || strings.Contains(out, "not posted") {
		t.Fatalf("with FUNNELS_CA_FILE: %d posts\n%s", len(hk.sent()), out)
	}
}
