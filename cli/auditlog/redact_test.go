package auditlog

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// The secrets a person may send, each under the names the service and people use,
// at any depth, in JSON, a form, a query string and a string holding a URL: none is
// kept in the audit log, and what is not a secret is kept whole.
func TestAuditBodyHidesSecrets(t *testing.T) {
	body := `{"name":"Spring","domain":"offers.example.com","pwd":"S1","pass":"S2","Password":"S3","privateKey":"S4",
		"client_secret":"S5","sessionId":"S6","cookie":"S7","token":"S8","access_token":"S9","apiKey":"S10","X-API-KEY":"S11",
		"nested":{"deeper":[{"PASSWORD":"S12","keep":"K1"}],"Authorization":"Bearer S13"},
		"target":"https://example.com/land?utm=K2&access_token=S14&apiKey=S15",
		"note":"sent with Bearer S16 and jwt eyJhbGciOi.eyJzdWIiOi.S17sig and pit-0123abcd-0000",
		"form":"user=K3&password=S18", "site":"https://K4:S19@example.com/"}`
	got := string(auditBody([]byte(body)))
	for i := 1; i <= 19; i++ {
		if s := "S" + strconv.Itoa(i); strings.Contains(got, `"`+s+`"`) || strings.Contains(got, "="+s) || strings.Contains(got, " "+s) ||
			strings.Contains(got, "."+s) || strings.Contains(got, ":"+s) {
			t.Errorf("secret %s kept: %s", s, got)
		}
	}
	for _, keep := range []string{`"name":"Spring"`, `"domain":"offers.example.com"`, `"keep":"K1"`, "utm=K2", "user=K3", "https://K4:"} {
		if !strings.Contains(got, keep) {
			t.Errorf("lost %s: %s", keep, got)
		}
	}
	if strings.Contains(got, "pit-0123abcd") {
		t.Errorf("a private integration token kept: %s", got)
	}

	form := string(auditBody([]byte("locationId=L1&Password=S1&apiKey=S2&name=x")))
	if !strings.Contains(form, "locationId=L1") || !strings.Contains(form, "name=x") || strings.Contains(form, "S1") || strings.Contains(form, "S2") {
		t.Errorf("a form body: %s", form)
	}
	if auditBody([]byte("free text, not a body")) != nil || auditBody(nil) != nil {
		t.Error("a body neither JSON nor a form was kept")
	}
}

// A body over the bound is kept as its size and digest, as valid JSON.
func TestAuditBodyIsBounded(t *testing.T) {
	big := `{"x":"` + strings.Repeat("a", 2*maxAuditBody) + `"}`
	got := auditBody([]byte(big))
	if len(got) > 512 || !json.Valid(got) || !strings.Contains(string(got), "sha256") {
		t.Errorf("a %d-byte body kept as %d bytes: %.200s", len(big), len(got), got)
	}
}

func TestRedactPath(t *testing.T) {
	for in, want := range map[string]string{
		"/funnels/lookup/redirect/list?locationId=L&access_token=S&limit=10": "/funnels/lookup/redirect/list?locationId=L&access_token=%5Bhidden%5D&limit=10",
		"/x?ApiKey=S":   "/x?ApiKey=%5Bhidden%5D",
		"/x?token":      "/x?token",
		"/no/query":     "/no/query",
		"/x?a=1&pwd=S2": "/x?a=1&pwd=%5Bhidden%5D",
	} {
		if got := redactPath(in); got != want {
			t.Errorf("redactPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// The server's log shows what a session ran without what it sent: --data in any
// spelling, a flag named like a secret, a secret in a query or a header.
func TestLoggedCommand(t *testing.T) {
	got := LoggedCommand([]string{"api", "POST", "/x?apiKey=S1&locationId=L", "--data", `{"password":"S2"}`, "--data=S3",
		"--client-secret", "S4", "--query", "token=S5", "-H", "Authorization: Bearer S6", "--location", "LOC"})
	for _, s := range []string{"S1", "S2", "S3", "S4", "S5", "S6"} {
		if strings.Contains(got, s) {
			t.Errorf("%s in the log line %s", s, got)
		}
	}
	for _, keep := range []string{"api", "POST", "locationId=L", "--data", "--location", "LOC"} {
		if !strings.Contains(got, keep) {
			t.Errorf("%s lost from %s", keep, got)
		}
	}
}

// FuzzAuditBody: whatever a body holds, the audit keeps valid JSON or nothing, and
// never the value of a field named like a secret.
func FuzzAuditBody(f *testing.F) {
	f.Add(`{"a":1}`, "password", "hunter2")
	f.Add(`[{"x":"y"}]`, "access_token", "abc=def")
	f.Add(`a=b`, "apiKey", "k")
	f.Fuzz(func(t *testing.T, body, name, value string) {
		got := auditBody([]byte(body))
		if got != nil && !json.Valid(got) {
			t.Fatalf("not JSON: %q", got)
		}
		if !isSecretName(name) || len(value) < 6 || strings.Contains(hidden, value) {
			return
		}
		obj, _ := json.Marshal(map[string]any{name: value, "n": []any{map[string]string{name: value}}})
		if out := auditBody(obj); strings.Contains(string(out), value) && !strings.Contains(name, value) {
			t.Fatalf("the value of %q kept: %s", name, out)
		}
	})
}
