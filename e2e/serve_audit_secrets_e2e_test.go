package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeAuditKeepsNoSecrets: a writer's `api POST` over ssh with secrets in its
// query, its body (nested, any case) and a URL of its body: the audit log's
// "sending" line carries the body — what was sent, every secret hidden — and
// neither the audit log nor the server's log holds any of the secrets, though the
// server's log names the command.
func TestServeAuditKeepsNoSecrets(t *testing.T) {
	tm := startTeam(t, map[string]string{"ana": "write"})
	secrets := []string{"QUERYKEY1", "HUNTER2PW", "PRIVKEY3", "SESSION4", "URLTOKEN5", "COOKIE6"}
	body := `{"locationId":"` + tm.sb.Server.LocationID() + `","domain":"join.lakesidefit.com","path":"/secret-test",` +
		`"target":"https://example.com/land?utm_source=mail&access_token=URLTOKEN5","action":"url",` +
		`"Password":"HUNTER2PW","auth":{"privateKey":"PRIVKEY3","sessionId":"SESSION4"},"cookie":"COOKIE6"}`
	r := tm.ssh("ana", "api", "POST", "/funnels/lookup/redirect?apiKey=QUERYKEY1", "--data", "'"+body+"'") // one word on the server
	if r.code != 0 && r.code != 1 {
		t.Fatalf("api POST: exit %d\n%s", r.code, r.stderr)
	}
	auditFile, err := os.ReadFile(filepath.Join(tm.dir, "audit.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var sending struct {
		Phase, Path string
		Body        json.RawMessage
	}
	for _, line := range strings.Split(strings.TrimSpace(string(auditFile)), "\n") {
		if err := json.Unmarshal([]byte(line), &sending); err == nil && sending.Phase == "sending" {
			break
		}
	}
	if sending.Phase != "sending" || !strings.Contains(string(sending.Body), `"path":"/secret-test"`) ||
		!strings.Contains(string(sending.Body), "utm_source=mail") || !strings.Contains(sending.Path, "apiKey=") {
		t.Errorf("the sending line does not carry the body and path sent: %+v\n%s", sending, auditFile)
	}
	log := tm.srv.stderr.String()
	if !strings.Contains(log, `"api" "POST"`) || !strings.Contains(log, `"--data" "[hidden]"`) {
		t.Errorf("the server's log does not name the command, its --data hidden:\n%s", log)
	}
	for _, s := range secrets {
		for where, text := range map[string]string{"the audit log": string(auditFile), "the server's log": log} {
			if strings.Contains(text, s) {
				t.Errorf("%s holds %s:\n%s", where, s, text)
			}
		}
	}
}
