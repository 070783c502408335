package client_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestCurlReplaysTheRequestWithoutTheToken: the curl command of a logged request
// carries $FUNNELS_TOKEN instead of the token, and run by a shell it does what the
// client did.
func TestCurlReplaysTheRequestWithoutTheToken(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	var recs []client.RequestRecord
	c.Subscribe(func(e client.Event) {
		if f, ok := e.(client.RequestFinished); ok {
			recs = append(recs, f.Record)
		}
	})
	if _, _, err := c.CreateFolder(ctxT(t), client.CreateFolderRequest{Name: "O'Brien's \"Deals\" $HOME", Type: "funnel"}); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 {
		t.Fatalf("%d records", len(recs))
	}
	cmd := recs[0].Curl()
	if strings.Contains(cmd, sb.Server.DemoToken()) || !strings.Contains(cmd, "$FUNNELS_TOKEN") {
		t.Fatalf("curl command leaks or lacks the token variable:\n%s", cmd)
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl not installed; the command text was checked")
	}
	out, err := exec.Command("sh", "-c", "export FUNNELS_TOKEN="+sb.Server.DemoToken()+"; "+cmd+" -s -w ' %{http_code}'").CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !strings.HasSuffix(string(out), " 201") || !strings.Contains(string(out), `O'Brien's \"Deals\" $HOME`) {
		t.Errorf("replayed: %s", out)
	}
}
